import Foundation
import ModelKitCore

// Tagged unions against the class polymorphism path (issue 23: a tagged enum costs no more than
// `PolymorphicModel` classes on the same data). One array of three kinds of shape, internally
// tagged with the tag first (`{"type":"circle","x":…}`), decoded as a `TaggedModel` enum, as a
// `PolymorphicModel` class hierarchy, and by JSONDecoder as the usual hand-written Codable enum.

struct CircleShape: Model, Codable {
    var x = 0.0, y = 0.0, color = ""
    var radius = 0.0
    static let schema = Schema(CircleShape.self) {
        Field("x", \.x); Field("y", \.y); Field("color", \.color); Field("radius", \.radius)
    }
}

struct RectShape: Model, Codable {
    var x = 0.0, y = 0.0, color = ""
    var width = 0.0, height = 0.0
    static let schema = Schema(RectShape.self) {
        Field("x", \.x); Field("y", \.y); Field("color", \.color); Field("width", \.width); Field("height", \.height)
    }
}

struct LabelShape: Model, Codable {
    var x = 0.0, y = 0.0, color = ""
    var text = "", size = 0
    static let schema = Schema(LabelShape.self) {
        Field("x", \.x); Field("y", \.y); Field("color", \.color); Field("text", \.text); Field("size", \.size)
    }
}

/// The tagged enum: the tag picks the case, the other members go straight into its payload.
enum TaggedShape: TaggedModel {
    case circle(CircleShape), rect(RectShape), label(LabelShape)
    static let taggedUnion = TaggedUnion(TaggedShape.self, tag: "type") {
        TaggedCase("circle", CircleShape.self, embed: { .circle($0) }, extract: { if case .circle(let s) = $0 { s } else { nil } })
        TaggedCase("rect", RectShape.self, embed: { .rect($0) }, extract: { if case .rect(let s) = $0 { s } else { nil } })
        TaggedCase("label", LabelShape.self, embed: { .label($0) }, extract: { if case .label(let s) = $0 { s } else { nil } })
    }
}

/// The same shapes as classes: the base chooses the subclass from the buffered object.
class PolyShape: PolymorphicModel, @unchecked Sendable {
    var x = 0.0, y = 0.0, color = ""
    required init() {}
    class var schema: Schema { polyShapeSchema }
    static func modelType(for object: JSONValue) -> (any Model.Type)? {
        switch object["type"] {
        case .string("circle")?: PolyCircle.self
        case .string("rect")?: PolyRect.self
        case .string("label")?: PolyLabel.self
        default: nil
        }
    }
}
private let polyShapeSchema = Schema(PolyShape.self) { Field("x", \.x); Field("y", \.y); Field("color", \.color) }

final class PolyCircle: PolyShape, @unchecked Sendable {
    var radius = 0.0
    override class var schema: Schema { polyCircleSchema }
}
private let polyCircleSchema = Schema(PolyCircle.self, inheriting: polyShapeSchema) { Field("radius", \.radius) }

final class PolyRect: PolyShape, @unchecked Sendable {
    var width = 0.0, height = 0.0
    override class var schema: Schema { polyRectSchema }
}
private let polyRectSchema = Schema(PolyRect.self, inheriting: polyShapeSchema) { Field("width", \.width); Field("height", \.height) }

final class PolyLabel: PolyShape, @unchecked Sendable {
    var text = "", size = 0
    override class var schema: Schema { polyLabelSchema }
}
private let polyLabelSchema = Schema(PolyLabel.self, inheriting: polyShapeSchema) { Field("text", \.text); Field("size", \.size) }

/// What a Codable user writes for the same JSON: read the tag, then the payload from the same decoder.
enum CodableShape: Decodable {
    case circle(CircleShape), rect(RectShape), label(LabelShape)
    private enum CodingKeys: String, CodingKey { case type }
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "circle": self = .circle(try CircleShape(from: decoder))
        case "rect": self = .rect(try RectShape(from: decoder))
        case "label": self = .label(try LabelShape(from: decoder))
        default: throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown shape")
        }
    }
}

extension DataGenerator {
    /// Internally tagged shapes, tag first, the three kinds in random order.
    mutating func shapes(bytes target: Int) -> [UInt8] {
        let colors = ["red", "green", "blue", "#1f77b4", "rgba(0,0,0,0.5)"]
        var out = "["
        var first = true
        while out.utf8.count < target {
            if !first { out += "," }
            first = false
            let common = "\"x\":\(Double(int(0..<100_000)) / 100),\"y\":\(Double(int(0..<100_000)) / 100),\"color\":\"\(colors[int(0..<colors.count)])\""
            switch int(0..<3) {
            case 0: out += "{\"type\":\"circle\",\(common),\"radius\":\(Double(int(1..<10_000)) / 10)}"
            case 1: out += "{\"type\":\"rect\",\(common),\"width\":\(Double(int(1..<10_000)) / 10),\"height\":\(Double(int(1..<10_000)) / 10)}"
            default: out += "{\"type\":\"label\",\(common),\"text\":\"\(text(words: int(1..<4), plain: true))\",\"size\":\(int(8..<48))}"
            }
        }
        return Array((out + "]").utf8)
    }
}

/// The tagged-shapes row: the tagged enum is the "ModelKit" contender.
@MainActor func taggedShapesTask(_ bytes: [UInt8]) throws -> TaskResult {
    let data = Data(bytes)
    let count = try ModelDecoder().decode([TaggedShape].self, from: bytes).count
    // The same values every way, or the row compares different work.
    let classes = try ModelDecoder().decode([PolyShape].self, from: bytes)
    precondition(classes.count == count && classes.contains { $0 is PolyLabel })
    let codable = try decoder.decode([CodableShape].self, from: data)
    precondition(codable.count == count)
    return try Harness.measure(task: taggedShapesTaskName, bytes: bytes.count, objects: count, contenders: [
        Contender(name: "ModelKit") { _ = try ModelDecoder().decode([TaggedShape].self, from: bytes) },
        Contender(name: polymorphicContender) { _ = try ModelDecoder().decode([PolyShape].self, from: bytes) },
        Contender(name: "JSONDecoder") { _ = try decoder.decode([CodableShape].self, from: data) },
        Contender(name: "ModelKit Codable bridge") { _ = try bridgeDecoder.decode([CodableShape].self, from: data) },
        Contender(name: "yajl raw tokens") { precondition(YajlRaw.parse(bytes)) },
    ], runs: runs, targetNanos: target)
}

let taggedShapesTaskName = "generated tagged shapes (tag first)"
let polymorphicContender = "ModelKit polymorphic classes"

/// Issue 23's target: the tagged enum costs no more than the class hierarchy on the same bytes.
@MainActor func checkTaggedTarget(_ results: [TaskResult]) {
    guard let result = results.first(where: { $0.task == taggedShapesTaskName }), let tagged = result.modelKit,
          let classes = result.measurements.first(where: { $0.contender == polymorphicContender }) else { return }
    check(tagged.medianNanos <= classes.medianNanos,
          String(format: "tagged enum decode no slower than polymorphic classes on %@: %.2f× their time", result.task,
                 tagged.medianNanos / classes.medianNanos))
}
