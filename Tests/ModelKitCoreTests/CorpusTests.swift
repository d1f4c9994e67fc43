import Foundation
import Testing
@testable import ModelKitCore

/// The documents the corpus tests read, on every clone: the two small real files committed in
/// Tests/Fixtures/corpus, generated stand-ins for the three large ones (`CorpusSamples`), and the
/// large real files as well when ../shared/corpus sits next to the repository.
enum Corpus {
    struct Document: CustomStringConvertible {
        var name: String
        var bytes: [UInt8]
        /// The real file (fixed counts known), not a generated stand-in.
        var isReal: Bool
        var description: String { isReal ? name : "\(name) (generated)" }
    }

    static let names = ["twitter.json", "citm_catalog.json", "canada.json", "user.json", "weibo.json"]

    private static let repository: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// ../shared/corpus, when present (benchmark machines); nil on a fresh clone.
    static let sharedDirectory: URL? = {
        let corpus = repository.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        return FileManager.default.fileExists(atPath: corpus.appendingPathComponent("twitter.json").path) ? corpus : nil
    }()

    private static let generated: [String: [UInt8]] = [
        "twitter.json": CorpusSamples.twitter(),
        "citm_catalog.json": CorpusSamples.citmCatalog(),
        "canada.json": CorpusSamples.canada(),
    ]

    /// Every document standing for `name`: the committed or generated one first, then the real
    /// large file when ../shared/corpus has it.
    static func documents(_ name: String) throws -> [Document] {
        if let bytes = generated[name] {
            var documents = [Document(name: name, bytes: bytes, isReal: false)]
            if let shared = sharedDirectory {
                documents.append(Document(name: name, bytes: [UInt8](try Data(contentsOf: shared.appendingPathComponent(name))), isReal: true))
            }
            return documents
        }
        let fixture = repository.appendingPathComponent("Tests/Fixtures/corpus").appendingPathComponent(name)
        return [Document(name: name, bytes: [UInt8](try Data(contentsOf: fixture)), isReal: true)]
    }

    /// Every document of every name.
    static func all() throws -> [Document] { try names.flatMap(documents) }
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

@Suite struct CorpusTests {
    @Test func twitter() throws {
        for document in try Corpus.documents("twitter.json") {
            let timeline = try CorpusTimeline(json: document.bytes)
            let reference = try #require(try JSONSerialization.jsonObject(with: Data(document.bytes)) as? [String: Any])
            let statuses = try #require(reference["statuses"] as? [[String: Any]])
            #expect(timeline.statuses.count == statuses.count, "\(document)")
            #expect(timeline.count == statuses.count, "\(document)")
            #expect(timeline.statuses.filter { $0.retweetedStatus != nil }.count == statuses.filter { $0["retweeted_status"] != nil }.count)
            #expect(timeline.statuses.map(\.text) == statuses.map { $0["text"] as? String })
            #expect(timeline.statuses.allSatisfy { $0.user.idStr == String($0.user.id) }, "\(document)")
            #expect(timeline.statuses.allSatisfy { $0.createdAt.timeIntervalSince1970 > 1_200_000_000 }, "\(document)")
            if document.isReal {
                #expect(timeline.statuses.count == 100)
                #expect(timeline.statuses.filter { $0.retweetedStatus != nil }.count == 73)
            }
        }
    }

    @Test func canada() throws {
        for document in try Corpus.documents("canada.json") {
            let canada = try CorpusCanada(json: document.bytes)
            #expect(canada.features.count == 1)
            let rings = canada.features[0].geometry.coordinates
            #expect(rings.allSatisfy { $0.allSatisfy { $0.count == 2 } })
            // Every coordinate is the correctly rounded value of its text (Foundation's
            // JSONSerialization on Linux is not: it reads -65.613616999999977 as -65.61361699999996).
            let value = try ModelDecoder().decode(JSONValue.self, from: document.bytes)
            guard case .array(let refRings)? = value["features"]?[0]?["geometry"]?["coordinates"] else {
                Issue.record("no coordinates in \(document)")
                continue
            }
            #expect(rings.count == refRings.count)
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
            #expect(compared > 10_000, "\(document)")
            if document.isReal {
                #expect(rings.count == 480)
                #expect(compared > 100_000)
            }
        }
    }

    @Test func weiboNumbersAsStringsAndBigIntegers() throws {
        let weibo = try CorpusWeibo(json: #require(try Corpus.documents("weibo.json").first).bytes)
        #expect(weibo.bizFeature == 4_294_967_300)
        #expect(!weibo.picInfos.isEmpty)
        #expect(weibo.picInfos.values.allSatisfy { $0.thumbnail.width > 0 && $0.large.height > 0 })
    }

    @Test func everyCorpusDocumentAsJSONValueMatchesFoundation() throws {
        for document in try Corpus.all() {
            let value = try ModelDecoder().decode(JSONValue.self, from: document.bytes)
            let reference = try JSONSerialization.jsonObject(with: Data(document.bytes))
            #expect(Self.same(value, reference), "\(document)")
        }
    }

    /// `value` holds what Foundation read: the same keys, elements, strings, booleans and nulls;
    /// numbers equal to the last bit or two (Foundation on Linux misrounds some long decimals).
    static func same(_ value: JSONValue, _ reference: Any) -> Bool {
        switch value {
        case .null: return reference is NSNull
        case .string(let text): return reference as? String == text
        case .bool(let flag): return reference as? Bool == flag
        case .number(let number):
            guard let other = reference as? NSNumber, let mine = Double(number.text) else { return false }
            let theirs = other.doubleValue
            return mine == theirs || abs(mine - theirs) <= abs(mine) * 1e-15
        case .array(let elements):
            guard let others = reference as? [Any], others.count == elements.count else { return false }
            return zip(elements, others).allSatisfy { same($0, $1) }
        case .object(let members):
            guard let others = reference as? [String: Any], others.count == members.count else { return false }
            return members.allSatisfy { member in others[member.key].map { same(member.value, $0) } ?? false }
        }
    }
}
