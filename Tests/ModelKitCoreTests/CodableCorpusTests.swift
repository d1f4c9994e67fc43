import Foundation
import Testing
@testable import ModelKitCore

// Plain Codable types (no ModelKit protocol): the bridge must give what Foundation gives.

struct CodableGitHubUser: Codable, Equatable {
    var login: String
    var id: Int
    var avatarURL: URL
    var gravatarID: String
    var type: String
    var siteAdmin: Bool
    var name: String?
    var company: String?
    var blog: String?
    var location: String?
    var email: String?
    var hireable: Bool?
    var bio: String?
    var publicRepos: Int
    var publicGists: Int
    var followers: Int
    var following: Int

    enum CodingKeys: String, CodingKey {
        case login, id, type, name, company, blog, location, email, hireable, bio, followers, following
        case avatarURL = "avatar_url", gravatarID = "gravatar_id", siteAdmin = "site_admin"
        case publicRepos = "public_repos", publicGists = "public_gists"
    }
}

struct CodableTwitterSearch: Codable, Equatable {
    struct Status: Codable, Equatable {
        var createdAt: String
        var id: UInt64
        var idStr: String
        var text: String
        var source: String
        var truncated: Bool
        var inReplyToStatusID: UInt64?
        var inReplyToScreenName: String?
        var user: User
        var retweetCount: Int
        var favoriteCount: Int
        var entities: Entities
        var favorited: Bool
        var retweeted: Bool
        var lang: String
        var metadata: [String: String]

        enum CodingKeys: String, CodingKey {
            case createdAt = "created_at", id, idStr = "id_str", text, source, truncated
            case inReplyToStatusID = "in_reply_to_status_id", inReplyToScreenName = "in_reply_to_screen_name"
            case user, retweetCount = "retweet_count", favoriteCount = "favorite_count", entities, favorited, retweeted, lang, metadata
        }
    }

    struct User: Codable, Equatable {
        var id: Int64
        var name: String
        var screenName: String
        var location: String
        var description: String
        var url: String?
        var followersCount: Int
        var friendsCount: Int
        var utcOffset: Int?
        var timeZone: String?
        var verified: Bool

        enum CodingKeys: String, CodingKey {
            case id, name, screenName = "screen_name", location, description, url, followersCount = "followers_count"
            case friendsCount = "friends_count", utcOffset = "utc_offset", timeZone = "time_zone", verified
        }
    }

    struct Entities: Codable, Equatable {
        struct Hashtag: Codable, Equatable { var text: String; var indices: [Int] }
        struct Mention: Codable, Equatable {
            var screenName: String
            var name: String
            var id: Int64
            var indices: [Int8]
            enum CodingKeys: String, CodingKey { case screenName = "screen_name", name, id, indices }
        }
        var hashtags: [Hashtag]
        var userMentions: [Mention]
        enum CodingKeys: String, CodingKey { case hashtags, userMentions = "user_mentions" }
    }

    struct Metadata: Codable, Equatable {
        var count: Int
        var maxID: Double
        var query: String
        enum CodingKeys: String, CodingKey { case count, maxID = "max_id", query }
    }

    var statuses: [Status]
    var searchMetadata: Metadata
    enum CodingKeys: String, CodingKey { case statuses, searchMetadata = "search_metadata" }
}

@Suite struct CodableCorpusTests {
    let strict = ModelDecoder(options: DecodingOptions(conversion: .strict))

    @Test func userMatchesFoundation() throws {
        let bytes = try #require(try Corpus.documents("user.json").first).bytes
        let expected = try JSONDecoder().decode(CodableGitHubUser.self, from: Data(bytes))
        #expect(expected.login == "facebook")
        #expect(try strict.decode(CodableGitHubUser.self, from: bytes) == expected)
        #expect(try ModelDecoder().decode(CodableGitHubUser.self, from: bytes) == expected)
    }

    @Test func twitterMatchesFoundation() throws {
        for document in try Corpus.documents("twitter.json") {
            let expected = try JSONDecoder().decode(CodableTwitterSearch.self, from: Data(document.bytes))
            let bridged = try strict.decode(CodableTwitterSearch.self, from: document.bytes)
            #expect(bridged.statuses.count == expected.searchMetadata.count, "\(document)")
            #expect(bridged == expected, "\(document)")
            if document.isReal { #expect(bridged.statuses.count == 100) }
        }
    }

    @Test func everyCorpusDocumentThroughGenericContainersMatchesFoundation() throws {
        // Keyed, unkeyed and single-value containers over every value of every document.
        for document in try Corpus.all() {
            let expected = try JSONDecoder().decode(AnyJSON.self, from: Data(document.bytes))
            #expect(try strict.decode(AnyJSON.self, from: document.bytes) == expected, "\(document)")
            #expect(try sameJSON(ModelEncoder().encode(expected), JSONEncoder().encode(expected)), "\(document)")
        }
    }

    @Test func encodeRoundTripsThroughFoundation() throws {
        let user = try JSONDecoder().decode(CodableGitHubUser.self, from: Data(#require(try Corpus.documents("user.json").first).bytes))
        let ours = try ModelEncoder().encode(user)
        #expect(try JSONDecoder().decode(CodableGitHubUser.self, from: Data(ours)) == user)
        #expect(try sameJSON(ours, JSONEncoder().encode(user)))
        for document in try Corpus.documents("twitter.json") {
            let value = try JSONDecoder().decode(CodableTwitterSearch.self, from: Data(document.bytes))
            let encoded = try ModelEncoder().encode(value)
            #expect(try JSONDecoder().decode(CodableTwitterSearch.self, from: Data(encoded)) == value, "\(document)")
            #expect(try sameJSON(encoded, JSONEncoder().encode(value)), "\(document)")
        }
    }
}

/// Two JSON texts hold the same value (key order and number spelling aside).
func sameJSON(_ a: some Collection<UInt8>, _ b: Data) throws -> Bool {
    try ModelDecoder().decode(JSONValue.self, from: a) == ModelDecoder().decode(JSONValue.self, from: b)
}

/// Any JSON, through Codable's containers only (no ModelKit type inside).
indirect enum AnyJSON: Codable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([AnyJSON]), object([String: AnyJSON])

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var members: [String: AnyJSON] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(AnyJSON.self, forKey: key) }
            self = .object(members)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [AnyJSON] = []
            while !array.isAtEnd { elements.append(try array.decode(AnyJSON.self)) }
            self = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let flag = try? single.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? single.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .null: var single = encoder.singleValueContainer(); try single.encodeNil()
        case .bool(let flag): var single = encoder.singleValueContainer(); try single.encode(flag)
        case .number(let number): var single = encoder.singleValueContainer(); try single.encode(number)
        case .string(let text): var single = encoder.singleValueContainer(); try single.encode(text)
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements { try array.encode(element) }
        case .object(let members):
            var object = encoder.container(keyedBy: Key.self)
            for (key, value) in members { try object.encode(value, forKey: Key(stringValue: key)) }
        }
    }
}
