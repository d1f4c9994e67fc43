import Foundation
import Testing
@testable import ModelKitCore

// Schema construction refuses a parent schema that would write through the wrong layout (an
// unrelated class's, a struct's); a generic class's schema is cached per concrete type.

class WideBase: Model, @unchecked Sendable {
    var a = 0
    var b = ""
    var c: [Int] = []
    required init() {}
    class var schema: Schema { wideBaseSchema }
}
let wideBaseSchema = Schema(WideBase.self) {
    Field("a", \.a)
    Field("b", \.b)
    Field("c", \.c)
}

struct WideStruct: Model {
    var a = 0
    var b = ""
    static let schema = Schema(WideStruct.self) {
        Field("a", \.a)
        Field("b", \.b)
    }
}

/// A class that is not a subclass of WideBase: inheriting its schema would write through
/// WideBase's layout into a NarrowClass.
final class NarrowClass: Model, @unchecked Sendable {
    var x: Int8 = 0
    required init() {}
    static var schema: Schema { Schema(NarrowClass.self, inheriting: wideBaseSchema) { Field("x", \.x) } }
}

final class NarrowFromStruct: Model, @unchecked Sendable {
    var x: Int8 = 0
    required init() {}
    static var schema: Schema { Schema(NarrowFromStruct.self, inheriting: WideStruct.schema) { Field("x", \.x) } }
}

final class ProperSub: WideBase, @unchecked Sendable {
    var d = 0.0
    override class var schema: Schema { properSubSchema }
}
let properSubSchema = Schema(ProperSub.self, inheriting: wideBaseSchema) { Field("d", \.d) }

/// A generic class names itself explicitly. `Schema(Self.self) { Field("value", \.value) }`
/// here crashes in the Swift runtime (6.3: "could not demangle keypath type") as soon as the key
/// path literal rooted in the dynamic `Self` of a generic class is instantiated, inside the
/// user's closure: no library code can catch it, and no overload can tell `Self.self` from
/// `GNode<T>.self` at compile time. `@Model` writes the explicit form; the `Schema.cached` doc
/// comment now recommends it.
final class GNode<T: ModelValue>: Model, @unchecked Sendable {
    var value: T?
    var next: GNode<T>?
    required init() {}
    static var schema: Schema {
        Schema.cached(for: GNode<T>.self) {
            Schema(GNode<T>.self) {
                Field("value", \.value)
                Field("next", \.next)
            }
        }
    }
}

/// The same in a non-final generic class, with a subclass.
class GBase<T: ModelValue>: Model, @unchecked Sendable {
    var value: T?
    required init() {}
    class var schema: Schema {
        Schema.cached(for: GBase<T>.self) { Schema(GBase<T>.self) { Field("value", \.value) } }
    }
}

final class GSub: GBase<Int>, @unchecked Sendable {
    var extra = ""
    override class var schema: Schema {
        Schema.cached(for: GSub.self) { Schema(GSub.self, inheriting: GBase<Int>.schema) { Field("extra", \.extra) } }
    }
}

@Suite struct SchemaInheritanceTests {
    // Schema(Narrow.self, inheriting: Wide.schema) with an unrelated parent was accepted and
    // decoding then wrote Wide's fields through Narrow's layout (heap corruption).
    @Test func inheritingFromAnUnrelatedClassFailsAtSchemaBuild() async {
        await #expect(processExitsWith: .failure) {
            _ = NarrowClass.schema
        }
    }

    @Test func inheritingFromAStructFailsAtSchemaBuild() async {
        await #expect(processExitsWith: .failure) {
            _ = NarrowFromStruct.schema
        }
    }

    @Test func inheritingFromTheSuperclassStillWorks() throws {
        let sub = try ProperSub(json: #"{"a": 1, "b": "x", "c": [2], "d": 1.5}"#)
        #expect(sub.a == 1 && sub.b == "x" && sub.c == [2] && sub.d == 1.5)
        #expect(ProperSub.schema.fieldNames == ["a", "b", "c", "d"])
        let generic = try GSub(json: #"{"value": 3, "extra": "e"}"#)
        #expect(generic.value == 3 && generic.extra == "e")
    }

    // A generic class's schema, cached per concrete type, named explicitly (see GNode).
    @Test func genericClassSchemaWithExplicitTypeWorks() throws {
        let node = try GNode<Int>(json: #"{"value": 1, "next": {"value": 2, "next": {"value": 3}}}"#)
        #expect(node.value == 1)
        #expect(node.next?.value == 2)
        #expect(node.next?.next?.value == 3)
        #expect(node.next?.next?.next == nil)
        #expect(try String(decoding: node.jsonBytes(options: EncodingOptions(sortedKeys: true)), as: UTF8.self)
                == #"{"next":{"next":{"value":3},"value":2},"value":1}"#)
        let strings = try GNode<String>(json: #"{"value": "s", "next": {"value": "t"}}"#)
        #expect(strings.value == "s" && strings.next?.value == "t")
        #expect(GNode<Int>.schema !== GNode<String>.schema)
        #expect(try Archive.decode(GNode<Int>.self, from: Archive.encode(node)).next?.next?.value == 3)
    }
}
