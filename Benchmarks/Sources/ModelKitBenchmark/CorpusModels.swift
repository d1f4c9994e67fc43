import Foundation
import ModelKitCore

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
