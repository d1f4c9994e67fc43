import Foundation
import ModelKitCore

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

/// A deep tree, decoded by Foundation as a recursive Codable type.
indirect enum Tree: Codable {
    case leaf(Int)
    case node([Tree])
    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let n = try? c.decode(Int.self) { self = .leaf(n) } else { self = .node(try c.decode([Tree].self)) }
    }
    func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .leaf(let n): try c.encode(n)
        case .node(let children): try c.encode(children)
        }
    }
}
