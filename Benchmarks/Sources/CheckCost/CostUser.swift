import ModelKitCore

/// user.json's model (the benchmark's GitHubUser, ModelKitBenchmark/GitHubUser.swift, schema
/// only), which declares no checks: what every existing model pays, before and after checks.
struct CostUser: Model {
    var login = ""
    var id = 0
    var avatarURL = ""
    var gravatarID = ""
    var url = ""
    var htmlURL = ""
    var followersURL = ""
    var followingURL = ""
    var gistsURL = ""
    var starredURL = ""
    var subscriptionsURL = ""
    var organizationsURL = ""
    var reposURL = ""
    var eventsURL = ""
    var receivedEventsURL = ""
    var type = ""
    var siteAdmin = false
    var name = ""
    var company: String?
    var blog = ""
    var location = ""
    var email: String?
    var hireable: Bool?
    var bio = ""
    var publicRepos = 0
    var publicGists = 0
    var followers = 0
    var following = 0
    var createdAt: String?
    var updatedAt: String?

    static let schema = Schema(CostUser.self, keys: .snakeCase) {
        Field("login", \.login)
        Field("id", \.id)
        Field("avatarURL", \.avatarURL)
        Field("gravatarID", \.gravatarID)
        Field("url", \.url)
        Field("htmlURL", \.htmlURL)
        Field("followersURL", \.followersURL)
        Field("followingURL", \.followingURL)
        Field("gistsURL", \.gistsURL)
        Field("starredURL", \.starredURL)
        Field("subscriptionsURL", \.subscriptionsURL)
        Field("organizationsURL", \.organizationsURL)
        Field("reposURL", \.reposURL)
        Field("eventsURL", \.eventsURL)
        Field("receivedEventsURL", \.receivedEventsURL)
        Field("type", \.type)
        Field("siteAdmin", \.siteAdmin)
        Field("name", \.name)
        Field("company", \.company)
        Field("blog", \.blog)
        Field("location", \.location)
        Field("email", \.email)
        Field("hireable", \.hireable)
        Field("bio", \.bio)
        Field("publicRepos", \.publicRepos)
        Field("publicGists", \.publicGists)
        Field("followers", \.followers)
        Field("following", \.following)
        Field("createdAt", \.createdAt)
        Field("updatedAt", \.updatedAt)
    }
}
