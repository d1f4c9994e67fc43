import Foundation
import Testing
@testable import ModelKitCore

// Fields of final classes are read and written at their offset in the object (ClassFieldOffsets);
// everything a direct store would get wrong must still go through the key path.

final class PlainRecord: Model, @unchecked Sendable {
    var id = 0
    var title = ""
    var tags: [String] = []
    var score: Double?
    var observedCount = 0
    var observed = 0 { didSet { observedCount += 1 } }
    var doubled: Int {
        get { id * 2 }
        set { id = newValue / 2 }
    }
    required init() {}
    static let schema = Schema(PlainRecord.self) {
        Field("id", \.id)
        Field("title", \.title)
        Field("tags", \.tags)
        Field("score", \.score)
        Field("observed", \.observed)
        Field("doubled", \.doubled, options: .notMapped)
    }
}

class OpenBase: Model, @unchecked Sendable {
    var name = ""
    required init() {}
    class var schema: Schema { openBaseSchema }
}
private let openBaseSchema = Schema(OpenBase.self) { Field("name", \.name) }

final class SealedChild: OpenBase, @unchecked Sendable {
    var extra = 0
    override class var schema: Schema { sealedChildSchema }
}
private let sealedChildSchema = Schema(SealedChild.self, inheriting: openBaseSchema) { Field("extra", \.extra) }

final class GenericBox<T: ModelValue & Sendable>: Model, @unchecked Sendable {
    var value: T?
    var label = ""
    required init() {}
    static var schema: Schema {
        Schema(GenericBox<T>.self) {
            Field("value", \.value)
            Field("label", \.label)
        }
    }
}

/// References with their own storage rules: a plain store into them would corrupt memory.
private final class Linked {
    var name = ""
    weak var parent: Linked?
    unowned(unsafe) var sibling: Linked? = nil
    lazy var cached = 3
}

@Suite struct ClassFieldAccessTests {
    @Test func offsetsAreFoundOnlyForPlainStoredVarsOfFinalClasses() {
        #expect(ClassFieldOffsets.offset(of: \PlainRecord.id, in: PlainRecord.self, as: Int.self) != nil)
        #expect(ClassFieldOffsets.offset(of: \PlainRecord.title, in: PlainRecord.self, as: String.self) != nil)
        #expect(ClassFieldOffsets.offset(of: \PlainRecord.id, in: PlainRecord.self, as: Int.self)
            != ClassFieldOffsets.offset(of: \PlainRecord.observedCount, in: PlainRecord.self, as: Int.self))
        // Observers and computed properties must run their code: no direct store.
        #expect(ClassFieldOffsets.offset(of: \PlainRecord.observed, in: PlainRecord.self, as: Int.self) == nil)
        #expect(ClassFieldOffsets.offset(of: \PlainRecord.doubled, in: PlainRecord.self, as: Int.self) == nil)
        // A non-final class's property may be overridden by a subclass.
        #expect(ClassFieldOffsets.offset(of: \OpenBase.name, in: OpenBase.self, as: String.self) == nil)
        #expect(ClassFieldOffsets.offset(of: \SealedChild.extra, in: SealedChild.self, as: Int.self) != nil)
        // weak, unowned and lazy storage is reached only through its accessors.
        #expect(ClassFieldOffsets.offset(of: \Linked.name, in: Linked.self, as: String.self) != nil)
        #expect(ClassFieldOffsets.offset(of: \Linked.parent, in: Linked.self, as: Linked?.self) == nil)
        #expect(ClassFieldOffsets.offset(of: \Linked.sibling, in: Linked.self, as: Linked?.self) == nil)
        #expect(ClassFieldOffsets.offset(of: \Linked.cached, in: Linked.self, as: Int.self) == nil)
        // Structs are not this type's business (MemoryLayout.offset(of:) serves them).
        #expect(ClassFieldOffsets.offset(of: \Renamed.title, in: Renamed.self, as: String.self) == nil)
    }

    @Test func finalClassFieldsDecodeEncodeCopyAndUpdate() throws {
        let json = #"{"id":7,"title":"a \"quoted\" title","tags":["x","y"],"score":2.5,"observed":3}"#
        let record = try PlainRecord(json: Array(json.utf8))
        #expect(record.id == 7)
        #expect(record.title == "a \"quoted\" title")
        #expect(record.tags == ["x", "y"])
        #expect(record.score == 2.5)
        #expect(record.observed == 3)
        #expect(record.observedCount == 1, "the didSet observer runs on decode")
        let back = try PlainRecord(json: record.jsonBytes())
        #expect(try back.jsonBytes() == record.jsonBytes())
        #expect(back.id == 7 && back.tags == ["x", "y"] && back.score == 2.5)

        let copy = record.modelCopy()
        copy.tags.append("z")
        #expect(record.tags == ["x", "y"], "the copy owns its array")
        #expect(copy.title == record.title)

        try record.update(json: Array(#"{"title":"new","score":null}"#.utf8))
        #expect(record.title == "new")
        #expect(record.score == nil)
        #expect(record.id == 7, "update sets only the keys present")
    }

    @Test func inheritedAndGenericClassFields() throws {
        let child = try SealedChild(json: Array(#"{"name":"n","extra":5}"#.utf8))
        #expect(child.name == "n")
        #expect(child.extra == 5)
        #expect(try String(decoding: child.jsonBytes(), as: UTF8.self) == #"{"name":"n","extra":5}"#)

        let box = try GenericBox<Int>(json: Array(#"{"value":42,"label":"answer"}"#.utf8))
        #expect(box.value == 42)
        #expect(box.label == "answer")
        let strings = try GenericBox<[String]>(json: Array(#"{"value":["a"],"label":"l"}"#.utf8))
        #expect(strings.value == ["a"])
        #expect(try String(decoding: strings.jsonBytes(), as: UTF8.self) == #"{"value":["a"],"label":"l"}"#)
    }
}
