import Foundation

// The corpus models of CorpusModels.swift and GitHubUser.swift as plain Codable types (no
// `Model`, no schema; same fields, CodingKeys and hand-written init(from:)): what a server's own
// Codable types are. The bridge contender decodes these, so every nested value goes through the
// bridge's containers as it would for a user's types. Written from those files by stripping
// `Model` and the schemas; change them together.

// Hand-written models covering most fields of the corpus files, as ModelKit schemas and as the
// equivalent Codable types (same fields, same types), so every contender does the same work.

// MARK: twitter.json

struct PlainTwitterTimeline: Codable {
    var statuses: [PlainTweet] = []
    var searchMetadata = PlainSearchMetadata()
    enum CodingKeys: String, CodingKey { case statuses, searchMetadata = "search_metadata" }
}

struct PlainSearchMetadata: Codable {
    var completedIn = 0.0
    var maxID: Int64 = 0
    var query = ""
    var count = 0
    var sinceID: Int64 = 0
    enum CodingKeys: String, CodingKey { case completedIn = "completed_in", maxID = "max_id", query, count, sinceID = "since_id" }
}

final class PlainTweet: Codable, @unchecked Sendable {
    var createdAt = ""
    var id: Int64 = 0
    var idStr = ""
    var text = ""
    var source = ""
    var truncated = false
    var inReplyToStatusID: Int64?
    var inReplyToUserID: Int64?
    var inReplyToScreenName: String?
    var user = PlainTwitterUser()
    var retweetCount = 0
    var favoriteCount = 0
    var entities = PlainTweetEntities()
    var favorited = false
    var retweeted = false
    var lang = ""
    var retweetedStatus: PlainTweet?
    required init() {}
    enum CodingKeys: String, CodingKey {
        case createdAt = "created_at", id, idStr = "id_str", text, source, truncated
        case inReplyToStatusID = "in_reply_to_status_id", inReplyToUserID = "in_reply_to_user_id"
        case inReplyToScreenName = "in_reply_to_screen_name", user, retweetCount = "retweet_count"
        case favoriteCount = "favorite_count", entities, favorited, retweeted, lang, retweetedStatus = "retweeted_status"
    }
}

struct PlainTwitterUser: Codable {
    var id: Int64 = 0
    var idStr = ""
    var name = ""
    var screenName = ""
    var location = ""
    var description = ""
    var url: String?
    var protected = false
    var followersCount = 0
    var friendsCount = 0
    var listedCount = 0
    var createdAt = ""
    var favouritesCount = 0
    var utcOffset: Int?
    var timeZone: String?
    var geoEnabled = false
    var verified = false
    var statusesCount = 0
    var lang = ""
    var profileImageURL = ""
    var profileBackgroundColor = ""
    var following = false
    enum CodingKeys: String, CodingKey {
        case id, idStr = "id_str", name, screenName = "screen_name", location, description, url, protected
        case followersCount = "followers_count", friendsCount = "friends_count", listedCount = "listed_count"
        case createdAt = "created_at", favouritesCount = "favourites_count", utcOffset = "utc_offset", timeZone = "time_zone"
        case geoEnabled = "geo_enabled", verified, statusesCount = "statuses_count", lang, profileImageURL = "profile_image_url"
        case profileBackgroundColor = "profile_background_color", following
    }
}

struct PlainTweetEntities: Codable {
    var hashtags: [PlainHashtag] = []
    var urls: [PlainURLEntity] = []
    var userMentions: [PlainMention] = []
    enum CodingKeys: String, CodingKey { case hashtags, urls, userMentions = "user_mentions" }
}

struct PlainHashtag: Codable {
    var text = ""
    var indices: [Int] = []
}

struct PlainURLEntity: Codable {
    var url = ""
    var expandedURL = ""
    var displayURL = ""
    var indices: [Int] = []
    enum CodingKeys: String, CodingKey { case url, expandedURL = "expanded_url", displayURL = "display_url", indices }
}

struct PlainMention: Codable {
    var screenName = ""
    var name = ""
    var id: Int64 = 0
    var idStr = ""
    var indices: [Int] = []
    enum CodingKeys: String, CodingKey { case screenName = "screen_name", name, id, idStr = "id_str", indices }
}

// MARK: citm_catalog.json

struct PlainCatalog: Codable {
    var areaNames: [String: String] = [:]
    var audienceSubCategoryNames: [String: String] = [:]
    var events: [String: PlainCatalogEvent] = [:]
    var performances: [PlainPerformance] = []
    var seatCategoryNames: [String: String] = [:]
    var subTopicNames: [String: String] = [:]
    var topicNames: [String: String] = [:]
    var topicSubTopics: [String: [Int]] = [:]
    var venueNames: [String: String] = [:]
}

struct PlainCatalogEvent: Codable {
    var description: String?
    var id = 0
    var logo: String?
    var name = ""
    var subTopicIds: [Int] = []
    var subjectCode: String?
    var subtitle: String?
    var topicIds: [Int] = []
}

struct PlainPerformance: Codable {
    var eventId = 0
    var id = 0
    var logo: String?
    var name: String?
    var prices: [PlainPrice] = []
    var seatCategories: [PlainSeatCategory] = []
    var seatMapImage: String?
    var start: Int64 = 0
    var venueCode = ""
}

struct PlainPrice: Codable {
    var amount = 0
    var audienceSubCategoryId = 0
    var seatCategoryId = 0
}

struct PlainSeatCategory: Codable {
    var areas: [PlainArea] = []
    var seatCategoryId = 0
}

struct PlainArea: Codable {
    var areaId = 0
    var blockIds: [Int] = []
}

// MARK: canada.json

struct PlainFeatureCollection: Codable {
    var type = ""
    var features: [PlainFeature] = []
}

struct PlainFeature: Codable {
    var type = ""
    var properties: [String: String] = [:]
    var geometry = PlainGeometry()
}

struct PlainGeometry: Codable {
    var type = ""
    var coordinates: [[[Double]]] = []
}

// MARK: weibo.json

struct PlainWeiboStatus: Codable {
    var createdAt = ""
    var id: Int64 = 0
    var idstr = ""
    var mid = ""
    var text = ""
    var source = ""
    var favorited = false
    var truncated = false
    var repostsCount = 0
    var commentsCount = 0
    var attitudesCount = 0
    var bizFeature: Int64 = 0
    var picIds: [String] = []
    var user = PlainWeiboUser()
    var picInfos: [String: PlainWeiboPicture] = [:]
    enum CodingKeys: String, CodingKey {
        case createdAt = "created_at", id, idstr, mid, text, source, favorited, truncated, repostsCount = "reposts_count"
        case commentsCount = "comments_count", attitudesCount = "attitudes_count", bizFeature = "biz_feature"
        case picIds = "pic_ids", user, picInfos = "pic_infos"
    }
}

struct PlainWeiboUser: Codable {
    var id: Int64 = 0
    var screenName = ""
    var name = ""
    var province = ""
    var city = ""
    var location = ""
    var description = ""
    var url = ""
    var profileImageURL = ""
    var gender = ""
    var followersCount = 0
    var friendsCount = 0
    var statusesCount = 0
    var verified = false
    enum CodingKeys: String, CodingKey {
        case id, screenName = "screen_name", name, province, city, location, description, url
        case profileImageURL = "profile_image_url", gender, followersCount = "followers_count"
        case friendsCount = "friends_count", statusesCount = "statuses_count", verified
    }
}

struct PlainWeiboPicture: Codable {
    var picID = ""
    var thumbnail = PlainWeiboImage()
    var large = PlainWeiboImage()
    enum CodingKeys: String, CodingKey { case picID = "pic_id", thumbnail, large }
}

/// `width`/`height` are numbers in some entries and strings ("640") in others: ModelKit's
/// lenient conversion takes both; Codable needs the hand-written init below to do the same.
struct PlainWeiboImage: Codable {
    var url = ""
    var width = 0
    var height = 0
    enum CodingKeys: String, CodingKey { case url, width, height }
    init() {}
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        url = try c.decode(String.self, forKey: .url)
        func flexible(_ key: CodingKeys) throws -> Int {
            if let n = try? c.decode(Int.self, forKey: key) { return n }
            return Int(try c.decode(String.self, forKey: key)) ?? 0
        }
        width = try flexible(.width)
        height = try flexible(.height)
    }
}

/// user.json (GitHub's API), 30 fields: the model of YYModel's benchmark.
struct PlainGitHubUser: Codable, Equatable {
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

    enum CodingKeys: String, CodingKey {
        case login, id, avatarURL = "avatar_url", gravatarID = "gravatar_id", url, htmlURL = "html_url"
        case followersURL = "followers_url", followingURL = "following_url", gistsURL = "gists_url", starredURL = "starred_url"
        case subscriptionsURL = "subscriptions_url", organizationsURL = "organizations_url", reposURL = "repos_url"
        case eventsURL = "events_url", receivedEventsURL = "received_events_url", type, siteAdmin = "site_admin", name, company
        case blog, location, email, hireable, bio, publicRepos = "public_repos", publicGists = "public_gists", followers, following
        case createdAt = "created_at", updatedAt = "updated_at"
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
