import Foundation
import ModelKitCore

/// user.json (GitHub's API), 30 fields: the model of YYModel's benchmark.
struct GitHubUser: Model, Codable, Equatable {
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

    static let schema = Schema(GitHubUser.self, keys: .snakeCase) {
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

    enum CodingKeys: String, CodingKey {
        case login, id, avatarURL = "avatar_url", gravatarID = "gravatar_id", url, htmlURL = "html_url"
        case followersURL = "followers_url", followingURL = "following_url", gistsURL = "gists_url", starredURL = "starred_url"
        case subscriptionsURL = "subscriptions_url", organizationsURL = "organizations_url", reposURL = "repos_url"
        case eventsURL = "events_url", receivedEventsURL = "received_events_url", type, siteAdmin = "site_admin", name, company
        case blog, location, email, hireable, bio, publicRepos = "public_repos", publicGists = "public_gists", followers, following
        case createdAt = "created_at", updatedAt = "updated_at"
    }

    /// YYModel's "dictionary to model" path: JSONSerialization, then hand mapping.
    init(dictionary d: [String: Any]) {
        login = d["login"] as? String ?? ""
        id = d["id"] as? Int ?? 0
        avatarURL = d["avatar_url"] as? String ?? ""
        gravatarID = d["gravatar_id"] as? String ?? ""
        url = d["url"] as? String ?? ""
        htmlURL = d["html_url"] as? String ?? ""
        followersURL = d["followers_url"] as? String ?? ""
        followingURL = d["following_url"] as? String ?? ""
        gistsURL = d["gists_url"] as? String ?? ""
        starredURL = d["starred_url"] as? String ?? ""
        subscriptionsURL = d["subscriptions_url"] as? String ?? ""
        organizationsURL = d["organizations_url"] as? String ?? ""
        reposURL = d["repos_url"] as? String ?? ""
        eventsURL = d["events_url"] as? String ?? ""
        receivedEventsURL = d["received_events_url"] as? String ?? ""
        type = d["type"] as? String ?? ""
        siteAdmin = d["site_admin"] as? Bool ?? false
        name = d["name"] as? String ?? ""
        company = d["company"] as? String
        blog = d["blog"] as? String ?? ""
        location = d["location"] as? String ?? ""
        email = d["email"] as? String
        hireable = d["hireable"] as? Bool
        bio = d["bio"] as? String ?? ""
        publicRepos = d["public_repos"] as? Int ?? 0
        publicGists = d["public_gists"] as? Int ?? 0
        followers = d["followers"] as? Int ?? 0
        following = d["following"] as? Int ?? 0
        createdAt = d["created_at"] as? String
        updatedAt = d["updated_at"] as? String
    }

    init() {}

    var dictionary: [String: Any] {
        var d: [String: Any] = [
            "login": login, "id": id, "avatar_url": avatarURL, "gravatar_id": gravatarID, "url": url, "html_url": htmlURL,
            "followers_url": followersURL, "following_url": followingURL, "gists_url": gistsURL, "starred_url": starredURL,
            "subscriptions_url": subscriptionsURL, "organizations_url": organizationsURL, "repos_url": reposURL,
            "events_url": eventsURL, "received_events_url": receivedEventsURL, "type": type, "site_admin": siteAdmin,
            "name": name, "blog": blog, "location": location, "bio": bio, "public_repos": publicRepos,
            "public_gists": publicGists, "followers": followers, "following": following,
        ]
        d["company"] = company
        d["email"] = email
        d["hireable"] = hireable
        d["created_at"] = createdAt
        d["updated_at"] = updatedAt
        return d
    }
}
