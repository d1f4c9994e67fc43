import Foundation
import ModelKitCore

// The models of Benchmarks/Sources/ModelKitBenchmark (a package of its own, so not importable
// here), copied verbatim into a namespace for the JSON Schema tests: CorpusModels.swift,
// IssueModel.swift (without the benchmark task), GitHubUser.swift, GeneratedModels.swift (the
// models only).
enum Bench {

    // Hand-written models covering most fields of the corpus files, as ModelKit schemas and as the
    // equivalent Codable types (same fields, same types), so every contender does the same work.

    // MARK: twitter.json

    struct TwitterTimeline: Model, Codable {
        var statuses: [Tweet] = []
        var searchMetadata = SearchMetadata()
        static let schema = Schema(TwitterTimeline.self, keys: .snakeCase) {
            Field("statuses", \.statuses)
            Field("searchMetadata", \.searchMetadata)
        }
        enum CodingKeys: String, CodingKey { case statuses, searchMetadata = "search_metadata" }
    }

    struct SearchMetadata: Model, Codable {
        var completedIn = 0.0
        var maxID: Int64 = 0
        var query = ""
        var count = 0
        var sinceID: Int64 = 0
        static let schema = Schema(SearchMetadata.self) {
            Field("completedIn", \.completedIn, key: "completed_in")
            Field("maxID", \.maxID, key: "max_id")
            Field("query", \.query)
            Field("count", \.count)
            Field("sinceID", \.sinceID, key: "since_id")
        }
        enum CodingKeys: String, CodingKey { case completedIn = "completed_in", maxID = "max_id", query, count, sinceID = "since_id" }
    }

    final class Tweet: Model, Codable, @unchecked Sendable {
        var createdAt = ""
        var id: Int64 = 0
        var idStr = ""
        var text = ""
        var source = ""
        var truncated = false
        var inReplyToStatusID: Int64?
        var inReplyToUserID: Int64?
        var inReplyToScreenName: String?
        var user = TwitterUser()
        var retweetCount = 0
        var favoriteCount = 0
        var entities = TweetEntities()
        var favorited = false
        var retweeted = false
        var lang = ""
        var retweetedStatus: Tweet?
        required init() {}
        static let schema = Schema(Tweet.self, keys: .snakeCase) {
            Field("createdAt", \.createdAt)
            Field("id", \.id)
            Field("idStr", \.idStr)
            Field("text", \.text)
            Field("source", \.source)
            Field("truncated", \.truncated)
            Field("inReplyToStatusID", \.inReplyToStatusID, key: "in_reply_to_status_id")
            Field("inReplyToUserID", \.inReplyToUserID, key: "in_reply_to_user_id")
            Field("inReplyToScreenName", \.inReplyToScreenName)
            Field("user", \.user)
            Field("retweetCount", \.retweetCount)
            Field("favoriteCount", \.favoriteCount)
            Field("entities", \.entities)
            Field("favorited", \.favorited)
            Field("retweeted", \.retweeted)
            Field("lang", \.lang)
            Field("retweetedStatus", \.retweetedStatus)
        }
        enum CodingKeys: String, CodingKey {
            case createdAt = "created_at", id, idStr = "id_str", text, source, truncated
            case inReplyToStatusID = "in_reply_to_status_id", inReplyToUserID = "in_reply_to_user_id"
            case inReplyToScreenName = "in_reply_to_screen_name", user, retweetCount = "retweet_count"
            case favoriteCount = "favorite_count", entities, favorited, retweeted, lang, retweetedStatus = "retweeted_status"
        }
    }

    struct TwitterUser: Model, Codable {
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
        static let schema = Schema(TwitterUser.self, keys: .snakeCase) {
            Field("id", \.id)
            Field("idStr", \.idStr)
            Field("name", \.name)
            Field("screenName", \.screenName)
            Field("location", \.location)
            Field("description", \.description)
            Field("url", \.url)
            Field("protected", \.protected)
            Field("followersCount", \.followersCount)
            Field("friendsCount", \.friendsCount)
            Field("listedCount", \.listedCount)
            Field("createdAt", \.createdAt)
            Field("favouritesCount", \.favouritesCount)
            Field("utcOffset", \.utcOffset)
            Field("timeZone", \.timeZone)
            Field("geoEnabled", \.geoEnabled)
            Field("verified", \.verified)
            Field("statusesCount", \.statusesCount)
            Field("lang", \.lang)
            Field("profileImageURL", \.profileImageURL, key: "profile_image_url")
            Field("profileBackgroundColor", \.profileBackgroundColor)
            Field("following", \.following)
        }
        enum CodingKeys: String, CodingKey {
            case id, idStr = "id_str", name, screenName = "screen_name", location, description, url, protected
            case followersCount = "followers_count", friendsCount = "friends_count", listedCount = "listed_count"
            case createdAt = "created_at", favouritesCount = "favourites_count", utcOffset = "utc_offset", timeZone = "time_zone"
            case geoEnabled = "geo_enabled", verified, statusesCount = "statuses_count", lang, profileImageURL = "profile_image_url"
            case profileBackgroundColor = "profile_background_color", following
        }
    }

    struct TweetEntities: Model, Codable {
        var hashtags: [Hashtag] = []
        var urls: [URLEntity] = []
        var userMentions: [Mention] = []
        static let schema = Schema(TweetEntities.self, keys: .snakeCase) {
            Field("hashtags", \.hashtags)
            Field("urls", \.urls)
            Field("userMentions", \.userMentions)
        }
        enum CodingKeys: String, CodingKey { case hashtags, urls, userMentions = "user_mentions" }
    }

    struct Hashtag: Model, Codable {
        var text = ""
        var indices: [Int] = []
        static let schema = Schema(Hashtag.self) { Field("text", \.text); Field("indices", \.indices) }
    }

    struct URLEntity: Model, Codable {
        var url = ""
        var expandedURL = ""
        var displayURL = ""
        var indices: [Int] = []
        static let schema = Schema(URLEntity.self) {
            Field("url", \.url)
            Field("expandedURL", \.expandedURL, key: "expanded_url")
            Field("displayURL", \.displayURL, key: "display_url")
            Field("indices", \.indices)
        }
        enum CodingKeys: String, CodingKey { case url, expandedURL = "expanded_url", displayURL = "display_url", indices }
    }

    struct Mention: Model, Codable {
        var screenName = ""
        var name = ""
        var id: Int64 = 0
        var idStr = ""
        var indices: [Int] = []
        static let schema = Schema(Mention.self, keys: .snakeCase) {
            Field("screenName", \.screenName)
            Field("name", \.name)
            Field("id", \.id)
            Field("idStr", \.idStr)
            Field("indices", \.indices)
        }
        enum CodingKeys: String, CodingKey { case screenName = "screen_name", name, id, idStr = "id_str", indices }
    }

    // MARK: citm_catalog.json

    struct Catalog: Model, Codable {
        var areaNames: [String: String] = [:]
        var audienceSubCategoryNames: [String: String] = [:]
        var events: [String: CatalogEvent] = [:]
        var performances: [Performance] = []
        var seatCategoryNames: [String: String] = [:]
        var subTopicNames: [String: String] = [:]
        var topicNames: [String: String] = [:]
        var topicSubTopics: [String: [Int]] = [:]
        var venueNames: [String: String] = [:]
        static let schema = Schema(Catalog.self) {
            Field("areaNames", \.areaNames)
            Field("audienceSubCategoryNames", \.audienceSubCategoryNames)
            Field("events", \.events)
            Field("performances", \.performances)
            Field("seatCategoryNames", \.seatCategoryNames)
            Field("subTopicNames", \.subTopicNames)
            Field("topicNames", \.topicNames)
            Field("topicSubTopics", \.topicSubTopics)
            Field("venueNames", \.venueNames)
        }
    }

    struct CatalogEvent: Model, Codable {
        var description: String?
        var id = 0
        var logo: String?
        var name = ""
        var subTopicIds: [Int] = []
        var subjectCode: String?
        var subtitle: String?
        var topicIds: [Int] = []
        static let schema = Schema(CatalogEvent.self) {
            Field("description", \.description)
            Field("id", \.id)
            Field("logo", \.logo)
            Field("name", \.name)
            Field("subTopicIds", \.subTopicIds)
            Field("subjectCode", \.subjectCode)
            Field("subtitle", \.subtitle)
            Field("topicIds", \.topicIds)
        }
    }

    struct Performance: Model, Codable {
        var eventId = 0
        var id = 0
        var logo: String?
        var name: String?
        var prices: [Price] = []
        var seatCategories: [SeatCategory] = []
        var seatMapImage: String?
        var start: Int64 = 0
        var venueCode = ""
        static let schema = Schema(Performance.self) {
            Field("eventId", \.eventId)
            Field("id", \.id)
            Field("logo", \.logo)
            Field("name", \.name)
            Field("prices", \.prices)
            Field("seatCategories", \.seatCategories)
            Field("seatMapImage", \.seatMapImage)
            Field("start", \.start)
            Field("venueCode", \.venueCode)
        }
    }

    struct Price: Model, Codable {
        var amount = 0
        var audienceSubCategoryId = 0
        var seatCategoryId = 0
        static let schema = Schema(Price.self) {
            Field("amount", \.amount)
            Field("audienceSubCategoryId", \.audienceSubCategoryId)
            Field("seatCategoryId", \.seatCategoryId)
        }
    }

    struct SeatCategory: Model, Codable {
        var areas: [Area] = []
        var seatCategoryId = 0
        static let schema = Schema(SeatCategory.self) { Field("areas", \.areas); Field("seatCategoryId", \.seatCategoryId) }
    }

    struct Area: Model, Codable {
        var areaId = 0
        var blockIds: [Int] = []
        static let schema = Schema(Area.self) { Field("areaId", \.areaId); Field("blockIds", \.blockIds) }
    }

    // MARK: canada.json

    struct FeatureCollection: Model, Codable {
        var type = ""
        var features: [Feature] = []
        static let schema = Schema(FeatureCollection.self) { Field("type", \.type); Field("features", \.features) }
    }

    struct Feature: Model, Codable {
        var type = ""
        var properties: [String: String] = [:]
        var geometry = Geometry()
        static let schema = Schema(Feature.self) { Field("type", \.type); Field("properties", \.properties); Field("geometry", \.geometry) }
    }

    struct Geometry: Model, Codable {
        var type = ""
        var coordinates: [[[Double]]] = []
        static let schema = Schema(Geometry.self) { Field("type", \.type); Field("coordinates", \.coordinates) }
    }

    // MARK: weibo.json

    struct WeiboStatus: Model, Codable {
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
        var user = WeiboUser()
        var picInfos: [String: WeiboPicture] = [:]
        static let schema = Schema(WeiboStatus.self, keys: .snakeCase) {
            Field("createdAt", \.createdAt)
            Field("id", \.id)
            Field("idstr", \.idstr)
            Field("mid", \.mid)
            Field("text", \.text)
            Field("source", \.source)
            Field("favorited", \.favorited)
            Field("truncated", \.truncated)
            Field("repostsCount", \.repostsCount)
            Field("commentsCount", \.commentsCount)
            Field("attitudesCount", \.attitudesCount)
            Field("bizFeature", \.bizFeature)
            Field("picIds", \.picIds)
            Field("user", \.user)
            Field("picInfos", \.picInfos)
        }
        enum CodingKeys: String, CodingKey {
            case createdAt = "created_at", id, idstr, mid, text, source, favorited, truncated, repostsCount = "reposts_count"
            case commentsCount = "comments_count", attitudesCount = "attitudes_count", bizFeature = "biz_feature"
            case picIds = "pic_ids", user, picInfos = "pic_infos"
        }
    }

    struct WeiboUser: Model, Codable {
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
        static let schema = Schema(WeiboUser.self, keys: .snakeCase) {
            Field("id", \.id)
            Field("screenName", \.screenName)
            Field("name", \.name)
            Field("province", \.province)
            Field("city", \.city)
            Field("location", \.location)
            Field("description", \.description)
            Field("url", \.url)
            Field("profileImageURL", \.profileImageURL, key: "profile_image_url")
            Field("gender", \.gender)
            Field("followersCount", \.followersCount)
            Field("friendsCount", \.friendsCount)
            Field("statusesCount", \.statusesCount)
            Field("verified", \.verified)
        }
        enum CodingKeys: String, CodingKey {
            case id, screenName = "screen_name", name, province, city, location, description, url
            case profileImageURL = "profile_image_url", gender, followersCount = "followers_count"
            case friendsCount = "friends_count", statusesCount = "statuses_count", verified
        }
    }

    struct WeiboPicture: Model, Codable {
        var picID = ""
        var thumbnail = WeiboImage()
        var large = WeiboImage()
        static let schema = Schema(WeiboPicture.self) {
            Field("picID", \.picID, key: "pic_id")
            Field("thumbnail", \.thumbnail)
            Field("large", \.large)
        }
        enum CodingKeys: String, CodingKey { case picID = "pic_id", thumbnail, large }
    }

    /// `width`/`height` are numbers in some entries and strings ("640") in others: ModelKit's
    /// lenient conversion takes both; Codable needs the hand-written init below to do the same.
    struct WeiboImage: Model, Codable {
        var url = ""
        var width = 0
        var height = 0
        static let schema = Schema(WeiboImage.self) { Field("url", \.url); Field("width", \.width); Field("height", \.height) }
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


    // A ~2 KB GitHub-issue-like model heavy in dates and doubles: the encode task that shows what
    // date and number formatting cost (allocations per encode, speed vs JSONEncoder with ISO 8601).

    struct IssueUser: Model, Codable {
        var login = ""
        var id: Int64 = 0
        var siteAdmin = false
        static let schema = Schema(IssueUser.self, keys: .snakeCase) {
            Field("login", \.login); Field("id", \.id); Field("siteAdmin", \.siteAdmin)
        }
        enum CodingKeys: String, CodingKey { case login, id, siteAdmin = "site_admin" }
    }

    struct IssueLabel: Model, Codable {
        var id: Int64 = 0
        var name = ""
        var color = ""
        var createdAt = Date(timeIntervalSince1970: 0)
        var weight = 0.0
        static let schema = Schema(IssueLabel.self, keys: .snakeCase) {
            Field("id", \.id); Field("name", \.name); Field("color", \.color)
            Field("createdAt", \.createdAt); Field("weight", \.weight)
        }
        enum CodingKeys: String, CodingKey { case id, name, color, createdAt = "created_at", weight }
    }

    struct IssueMilestone: Model, Codable {
        var title = ""
        var dueOn = Date(timeIntervalSince1970: 0)
        var progress = 0.0
        static let schema = Schema(IssueMilestone.self, keys: .snakeCase) {
            Field("title", \.title); Field("dueOn", \.dueOn); Field("progress", \.progress)
        }
        enum CodingKeys: String, CodingKey { case title, dueOn = "due_on", progress }
    }

    struct Issue: Model, Codable {
        var id: Int64 = 0
        var number = 0
        var title = ""
        var body = ""
        var state = ""
        var locked = false
        var user = IssueUser()
        var labels: [IssueLabel] = []
        var milestone = IssueMilestone()
        var comments = 0
        var score = 0.0
        var createdAt = Date(timeIntervalSince1970: 0)
        var updatedAt = Date(timeIntervalSince1970: 0)
        var closedAt: Date?
        static let schema = Schema(Issue.self, keys: .snakeCase) {
            Field("id", \.id); Field("number", \.number); Field("title", \.title); Field("body", \.body)
            Field("state", \.state); Field("locked", \.locked); Field("user", \.user); Field("labels", \.labels)
            Field("milestone", \.milestone); Field("comments", \.comments); Field("score", \.score)
            Field("createdAt", \.createdAt); Field("updatedAt", \.updatedAt); Field("closedAt", \.closedAt)
        }
        enum CodingKeys: String, CodingKey {
            case id, number, title, body, state, locked, user, labels, milestone, comments, score
            case createdAt = "created_at", updatedAt = "updated_at", closedAt = "closed_at"
        }

        /// A deterministic issue: 4 labels, so 8 dates and 6 doubles in about 2 KB of JSON.
        static func sample() -> Issue {
            var issue = Issue()
            issue.id = 1_296_269_123
            issue.number = 1347
            issue.title = "Found a bug in the date formatting of archived milestones"
            issue.body = String(repeating: "I'm having a problem with this; steps to reproduce follow. ", count: 20)
            issue.state = "open"
            issue.user = IssueUser(login: "octocat", id: 583_231, siteAdmin: false)
            issue.labels = (0..<4).map { i in
                IssueLabel(id: 208_045_946 + Int64(i), name: "label \(i)", color: "f29513",
                           createdAt: Date(timeIntervalSince1970: 1_300_000_000.123456 + Double(i) * 86_400.5),
                           weight: 0.1 * Double(i + 1) / 3)
            }
            issue.milestone = IssueMilestone(title: "v1.0", dueOn: Date(timeIntervalSince1970: 1_338_508_800), progress: 0.4285714285714286)
            issue.comments = 42
            issue.score = 17.823
            issue.createdAt = Date(timeIntervalSince1970: 1_303_934_858.25)
            issue.updatedAt = Date(timeIntervalSince1970: 1_306_364_298.5)
            issue.closedAt = Date(timeIntervalSince1970: 1_306_364_400)
            return issue
        }
    }



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


    /// Number-heavy shape: geo samples.
    struct GeoPoint: Model, Codable {
        var lat = 0.0
        var lon = 0.0
        var alt = 0.0
        var accuracy: Float = 0
        var timestamp: Int64 = 0
        static let schema = Schema(GeoPoint.self) {
            Field("lat", \.lat)
            Field("lon", \.lon)
            Field("alt", \.alt)
            Field("accuracy", \.accuracy)
            Field("timestamp", \.timestamp)
        }
    }

    /// String-heavy shape: documents with escapes and non-ASCII text.
    struct TextDocument: Model, Codable {
        var id = 0
        var title = ""
        var body = ""
        var tags: [String] = []
        var author: String?
        static let schema = Schema(TextDocument.self) {
            Field("id", \.id)
            Field("title", \.title)
            Field("body", \.body)
            Field("tags", \.tags)
            Field("author", \.author)
        }
    }
}
