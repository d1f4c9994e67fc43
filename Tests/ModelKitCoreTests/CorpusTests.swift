import Foundation
import Testing
@testable import ModelKitCore

/// Real-world files from ../shared/corpus, when present (a fresh clone has none: then skipped).
enum Corpus {
    static let directory: URL? = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        let corpus = url.appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: corpus.appendingPathComponent("twitter.json").path) ? corpus : nil
    }()

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory!.appendingPathComponent(name)))
    }
}

struct CorpusTwitterUser: Model {
    var id: Int64 = 0
    var idStr = ""
    var name = ""
    var screenName = ""
    var location = ""
    var description = ""
    var url: String?
    var followersCount = 0
    var friendsCount = 0
    var createdAt = Date(timeIntervalSince1970: 0)
    var utcOffset: Int?
    var timeZone: String?
    var verified = false
    static let schema = Schema(CorpusTwitterUser.self, keys: .snakeCase) {
        Field("id", \.id); Field("idStr", \.idStr); Field("name", \.name); Field("screenName", \.screenName)
        Field("location", \.location); Field("description", \.description); Field("url", \.url)
        Field("followersCount", \.followersCount); Field("friendsCount", \.friendsCount); Field("createdAt", \.createdAt)
        Field("utcOffset", \.utcOffset); Field("timeZone", \.timeZone); Field("verified", \.verified)
    }
}

final class CorpusTweet: Model, @unchecked Sendable {
    var id: Int64 = 0
    var text = ""
    var createdAt = Date(timeIntervalSince1970: 0)
    var user = CorpusTwitterUser()
    var retweetCount = 0
    var favorited = false
    var inReplyToStatusID: Int64?
    var hashtags: [JSONValue] = []
    var retweetedStatus: CorpusTweet?
    required init() {}
    static let schema = Schema(CorpusTweet.self, keys: .snakeCase) {
        Field("id", \.id); Field("text", \.text); Field("createdAt", \.createdAt); Field("user", \.user)
        Field("retweetCount", \.retweetCount); Field("favorited", \.favorited)
        Field("inReplyToStatusID", \.inReplyToStatusID, key: "in_reply_to_status_id")
        Field("hashtags", \.hashtags, key: "entities.hashtags")
        Field("retweetedStatus", \.retweetedStatus)
    }
}

struct CorpusTimeline: Model {
    var statuses: [CorpusTweet] = []
    var completedIn = 0.0
    var count = 0
    static let schema = Schema(CorpusTimeline.self) {
        Field("statuses", \.statuses)
        Field("completedIn", \.completedIn, key: "search_metadata.completed_in")
        Field("count", \.count, key: "search_metadata.count")
    }
}

struct CorpusGeometry: Model {
    var type = ""
    var coordinates: [[[Double]]] = []
    static let schema = Schema(CorpusGeometry.self) { Field("type", \.type); Field("coordinates", \.coordinates) }
}

struct CorpusFeature: Model {
    var type = ""
    var properties: [String: String] = [:]
    var geometry = CorpusGeometry()
    static let schema = Schema(CorpusFeature.self) { Field("type", \.type); Field("properties", \.properties); Field("geometry", \.geometry) }
}

struct CorpusCanada: Model {
    var type = ""
    var features: [CorpusFeature] = []
    static let schema = Schema(CorpusCanada.self) { Field("type", \.type); Field("features", \.features) }
}

struct CorpusWeiboPicture: Model {
    var url = ""
    var width = 0
    var height = 0
    static let schema = Schema(CorpusWeiboPicture.self) { Field("url", \.url); Field("width", \.width); Field("height", \.height) }
}

struct CorpusWeiboPictureInfo: Model {
    var thumbnail = CorpusWeiboPicture()
    var large = CorpusWeiboPicture()
    var picID = ""
    static let schema = Schema(CorpusWeiboPictureInfo.self) {
        Field("thumbnail", \.thumbnail); Field("large", \.large); Field("picID", \.picID, key: "pic_id")
    }
}

struct CorpusWeibo: Model {
    var id: Int64 = 0
    var text = ""
    var createdAt = ""
    var bizFeature: Int64 = 0
    var picInfos: [String: CorpusWeiboPictureInfo] = [:]
    static let schema = Schema(CorpusWeibo.self, keys: .snakeCase) {
        Field("id", \.id); Field("text", \.text); Field("createdAt", \.createdAt)
        Field("bizFeature", \.bizFeature); Field("picInfos", \.picInfos)
    }
}

@Suite(.enabled(if: Corpus.directory != nil, "../shared/corpus is absent"))
struct CorpusTests {
    @Test func twitter() throws {
        let timeline = try CorpusTimeline(json: Corpus.bytes("twitter.json"))
        #expect(timeline.statuses.count == 100)
        #expect(timeline.count == 100)
        #expect(timeline.statuses.filter { $0.retweetedStatus != nil }.count == 73)
        #expect(timeline.statuses.allSatisfy { $0.user.idStr == String($0.user.id) })
        #expect(timeline.statuses[0].createdAt.timeIntervalSince1970 > 1_300_000_000)
    }

    @Test func canada() throws {
        let canada = try CorpusCanada(json: Corpus.bytes("canada.json"))
        #expect(canada.features.count == 1)
        let rings = canada.features[0].geometry.coordinates
        #expect(rings.count == 480)
        #expect(rings.allSatisfy { $0.allSatisfy { $0.count == 2 } })
        // Every coordinate is the correctly rounded value of its text (Foundation's
        // JSONSerialization on Linux is not: it reads -65.613616999999977 as -65.61361699999996).
        let value = try ModelDecoder().decode(JSONValue.self, from: Corpus.bytes("canada.json"))
        guard case .array(let refRings)? = value["features"]?[0]?["geometry"]?["coordinates"] else {
            Issue.record("no coordinates")
            return
        }
        var compared = 0
        for (ring, refRing) in zip(rings, refRings) {
            guard case .array(let points) = refRing else { continue }
            for (point, refPoint) in zip(ring, points) {
                guard case .array(let xy) = refPoint else { continue }
                for (number, text) in zip(point, xy) {
                    #expect(number == Double(text.numberValue!.text)!)
                    compared += 1
                }
            }
        }
        #expect(compared > 100_000)
    }

    @Test func weiboNumbersAsStringsAndBigIntegers() throws {
        let weibo = try CorpusWeibo(json: Corpus.bytes("weibo.json"))
        #expect(weibo.bizFeature == 4_294_967_300)
        #expect(!weibo.picInfos.isEmpty)
        #expect(weibo.picInfos.values.allSatisfy { $0.thumbnail.width > 0 && $0.large.height > 0 })
    }

    @Test func everyCorpusFileAsJSONValueMatchesFoundation() throws {
        for name in ["twitter.json", "citm_catalog.json", "canada.json", "user.json", "weibo.json"] {
            let bytes = try Corpus.bytes(name)
            let value = try ModelDecoder().decode(JSONValue.self, from: bytes)
            let reference = try JSONSerialization.jsonObject(with: Data(bytes))
            #expect(value.description.count > 0)
            if case .object(let object) = value, let dict = reference as? [String: Any] {
                #expect(Set(object.keys) == Set(dict.keys), "\(name)")
            }
        }
    }
}
