import Foundation
import ModelKitCore
import Testing

// What the articles' examples use without declaring it (the prose around them assumes it): one
// namespace per article, so each article's `Book` or `bytes` is its own. The generated
// *Examples.swift files add the articles' own code to the same namespaces.

extension GettingStartedArticle {
    /// One user. The article also reads these bytes as an array and as a dictionary of users, so
    /// its examples are compiled, not run.
    static let bytes = Array(#"{"id":1,"login":"octo","avatar_url":"https://example.com/a.png"}"#.utf8)
}

extension ArchivesArticle {
    struct Book: Model, Equatable {
        var name = ""
        var pages = 0
        static let schema = Schema(Book.self) { Field("name", \.name); Field("pages", \.pages) }
    }
    static let book = Book(name: "Harry Pottery", pages: 256)
    static let fileURL = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-article-\(UUID().uuidString).archive")
}

extension CodableParityArticle {
    struct Order: Codable {
        struct Item: Codable { var price: Double }
        var id: Int
        var items: [Item]
    }
    // Computed, not a global: LeakSanitizer cannot see the storage a global `Data` points to and
    // reports it as leaked.
    static var data: Data { Data(#"{"id":7,"items":[{"price":2.5}]}"#.utf8) }
    /// The document the article's error example reads: "9,99" at line 4, column 19.
    static let bytes = Array("""
        {"id": 7, "items": [
          {"price": 1.5},
          {"price": 2}, {"price": 3},
                {"price": "9,99"}
        ]}
        """.utf8)
}

extension CodingUserInfoKey {
    static let tenant = CodingUserInfoKey(rawValue: "tenant")!
}

extension DescribingModelsArticle {
    struct Label: Model {
        var name = ""
        var color = ""
        static let schema = Schema(Label.self) { Field("name", \.name); Field("color", \.color) }
    }

    /// A type of the reader's own; the article gives it a JSON Schema.
    struct Color: ModelValue {
        var hex: String
        static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> Color {
            guard let hex = json.stringValue else { throw ModelValueError("expected a color like #aabbcc") }
            return Color(hex: hex)
        }
        func encodeModelValue(options: EncodingOptions) throws -> JSONValue { .string(hex) }
    }

    /// The polymorphic base the article's `modelVariants` belongs to.
    class Pet: PolymorphicModel, @unchecked Sendable {
        var kind = ""
        required init() {}
        class var schema: Schema { petSchema }
        static func modelType(for object: JSONValue) -> (any Model.Type)? {
            object["kind"]?.stringValue == "dog" ? Dog.self : Cat.self
        }
        // The article's member is compiled in `extension DescribingModelsArticle.Pet`, which does
        // not see the namespace's members.
        typealias Dog = DescribingModelsArticle.Dog
        typealias Cat = DescribingModelsArticle.Cat
    }
    final class Dog: Pet, @unchecked Sendable {
        var breed = ""
        override class var schema: Schema { dogSchema }
    }
    final class Cat: Pet, @unchecked Sendable {
        var lives = 9
        override class var schema: Schema { catSchema }
    }
    private static let petSchema = Schema(Pet.self) { Field("kind", \.kind) }
    private static let dogSchema = Schema(Dog.self, inheriting: petSchema) { Field("breed", \.breed) }
    private static let catSchema = Schema(Cat.self, inheriting: petSchema) { Field("lives", \.lives) }
}

extension StreamingArticle {
    struct Book: Model {
        var name = ""
        static let schema = Schema(Book.self) { Field("name", \.name, key: "n") }
    }
    struct Issue: Model {
        var title = ""
        static let schema = Schema(Issue.self) { Field("title", \.title) }
    }
    /// JSON Lines, cut mid-record.
    static let chunks: [[UInt8]] = [Array(#"{"n":"A"}"#.utf8), Array("\n{\"n\":".utf8), Array(#""B"}"#.utf8)]
    static func handle(_ book: Book) { #expect(!book.name.isEmpty) }
    /// A request body: byte chunks as they arrive.
    static let body = AsyncStream<[UInt8]> { continuation in
        continuation.yield(Array(#"{"title":"a"}"#.utf8))
        continuation.finish()
    }
}

extension ReadmeArticle {
    struct Order: Codable {
        var id: Int
    }
    static let bytes = Array(#"[{"n":"A","p":1},{"n":"B","p":2,"id":"b-2"}]"#.utf8)
    static let data = Data(#"{"id":7}"#.utf8)
}

extension DeclaringModelsArticle {
    /// The payload models of the article's tagged union.
    struct Circle: Model, Codable, Equatable {
        var radius = 0.0
        static let schema = Schema(Circle.self) { Field("radius", \.radius) }
    }

    struct Square: Model, Codable, Equatable {
        var side = 0.0
        static let schema = Schema(Square.self) { Field("side", \.side) }
    }
}
