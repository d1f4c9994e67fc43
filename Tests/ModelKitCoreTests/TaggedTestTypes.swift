import Foundation
@testable import ModelKitCore

/// Payloads and hand-written tagged unions of the three styles, shared by the tagged tests.
struct TCircle: Model, Equatable {
    var radius = 0.0
    static let schema = Schema(TCircle.self) { Field("radius", \.radius, options: .required) }
}

struct TSquare: Model, Equatable {
    var side = 0
    var label: String?
    static let schema = Schema(TSquare.self) {
        Field("side", \.side)
        Field("label", \.label)
    }
}

struct TIssue: Model, Equatable {
    var id = 0
    var title = ""
    static let schema = Schema(TIssue.self) {
        Field("id", \.id)
        Field("title", \.title)
    }
}

/// Internally tagged, with a default case for unknown tags.
enum TShape: TaggedCodable, Equatable {
    case circle(TCircle), square(TSquare), unknown

    static let taggedUnion = TaggedUnion(TShape.self, tag: "type") {
        TaggedCase("circle", TCircle.self, embed: { .circle($0) }, extract: { if case .circle(let c) = $0 { c } else { nil } })
        TaggedCase("sq", TSquare.self, embed: { .square($0) }, extract: { if case .square(let s) = $0 { s } else { nil } })
        TaggedCase("unknown", value: { .unknown }, matches: { if case .unknown = $0 { true } else { false } }, isDefault: true)
    }
}

/// Internally tagged, no default: an unknown tag fails.
enum TStrictShape: TaggedModel, Equatable {
    case circle(TCircle), square(TSquare)

    static let taggedUnion = TaggedUnion(TStrictShape.self, tag: "type") {
        TaggedCase("circle", TCircle.self, embed: { .circle($0) }, extract: { if case .circle(let c) = $0 { c } else { nil } })
        TaggedCase("square", TSquare.self, embed: { .square($0) }, extract: { if case .square(let s) = $0 { s } else { nil } })
    }
}

/// Adjacently tagged.
enum TEvent: TaggedCodable, Equatable {
    case opened(TIssue), closed(TIssue), ping

    static let taggedUnion = TaggedUnion(TEvent.self, tag: "kind", content: "data") {
        TaggedCase("opened", TIssue.self, embed: { .opened($0) }, extract: { if case .opened(let i) = $0 { i } else { nil } })
        TaggedCase("closed", TIssue.self, embed: { .closed($0) }, extract: { if case .closed(let i) = $0 { i } else { nil } })
        TaggedCase("ping", value: { .ping }, matches: { if case .ping = $0 { true } else { false } })
    }
}

/// Externally tagged.
enum TEither: TaggedCodable, Equatable {
    case circle(TCircle), square(TSquare), none

    static let taggedUnion = TaggedUnion(TEither.self) {
        TaggedCase("circle", TCircle.self, embed: { .circle($0) }, extract: { if case .circle(let c) = $0 { c } else { nil } })
        TaggedCase("square", TSquare.self, embed: { .square($0) }, extract: { if case .square(let s) = $0 { s } else { nil } })
        TaggedCase("none", value: { .none }, matches: { if case .none = $0 { true } else { false } })
    }
}

/// A model holding tagged values in fields and containers.
struct TDrawing: Model, Equatable {
    var name = ""
    var main: TShape = .unknown
    var shapes: [TShape] = []
    var event: TEvent?
    var byName: [String: TEither] = [:]

    static let schema = Schema(TDrawing.self) {
        Field("name", \.name)
        Field("main", \.main)
        Field("shapes", \.shapes)
        Field("event", \.event)
        Field("byName", \.byName)
    }
}

extension TDrawing {
    static let sample = TDrawing(
        name: "d", main: .circle(TCircle(radius: 2)),
        shapes: [.square(TSquare(side: 3, label: "x")), .unknown, .circle(TCircle(radius: 0.5))],
        event: .closed(TIssue(id: 7, title: "bug")),
        byName: ["a": .circle(TCircle(radius: 1)), "b": .none])
}
