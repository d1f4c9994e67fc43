import ExampleModels
import Hummingbird

// What the articles' server and OpenAPI blocks use but do not declare: the example service's own
// models, so the articles' routes and documents are the ones the example serves.

extension ReadmeArticle {
    typealias Issue = ExampleModels.Issue
    typealias UploadSummary = ExampleModels.UploadSummary
    /// The article adds its route to a router of its own context; a new one on every use, since
    /// the route's behaviour is the example service's (HummingbirdServiceTests).
    static var router: Router<AppContext> { Router(context: AppContext.self) }
}

extension DescribingModelsArticle {
    typealias Issue = ExampleModels.Issue
}
