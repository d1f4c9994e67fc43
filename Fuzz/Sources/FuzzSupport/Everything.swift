import Foundation
import ModelKitCore

/// A String-backed enum field value. The explicit `ModelValue` conformance keeps the target
/// building whether or not plain `RawRepresentable` enums conform by themselves.
public enum Mood: String, Sendable, ModelValue {
    case happy, sad
    case grumpy = "grumpy cat"
}

/// An Int-backed enum field value.
public enum Level: Int, Sendable, ModelValue {
    case low = 1, mid = 5, high = -7
}

/// A nested model that also recurses (`children`), so nesting goes through model frames.
public struct Leaf: Model, Equatable, Sendable {
    public var name = ""
    public var weight: Double?
    public var children: [Leaf] = []
    public init() {}

    public static let schema = Schema(Leaf.self) {
        Field("name", \.name, keys: ["name", "n"])
        Field("weight", \.weight)
        Field("children", \.children, key: "kids")
    }
}

/// A final class: its plain stored `var`s are read and written at their offset in the object
/// (ClassFieldOffsets), its observed property through the key path.
public final class Twig: Model, @unchecked Sendable {
    public var name = ""
    public var count: Int?
    public var kids: [Twig] = []
    public var seen = 0 { didSet { seenChanges += 1 } }
    public var seenChanges = 0
    public init() {}

    public static let schema = Schema(Twig.self) {
        Field("name", \.name)
        Field("count", \.count, key: "c")
        Field("kids", \.kids)
        Field("seen", \.seen)
    }
}

/// One field of every kind a model may hold: every integer width, both floats, `Decimal`,
/// `String`, `Bool`, `Date`, `URL`, `UUID`, `Data`, both enum kinds, optionals, arrays, sets,
/// dictionaries, nested models (struct and final class), key paths and multi-key fields.
public struct Everything: Model, Sendable {
    public var int = 0
    public var int8: Int8 = 0
    public var int16: Int16 = 0
    public var int32: Int32 = 0
    public var int64: Int64 = 0
    public var uint: UInt = 0
    public var uint8: UInt8 = 0
    public var uint16: UInt16 = 0
    public var uint32: UInt32 = 0
    public var uint64: UInt64 = 0
    public var float: Float = 0
    public var double: Double = 0
    public var decimal: Decimal = 0
    public var string = ""
    public var bool = false
    public var date = Date(timeIntervalSince1970: 0)
    public var url: URL?
    public var uuid: UUID?
    public var data = Data()
    public var mood: Mood = .happy
    public var level: Level?
    public var optionalInt: Int?
    public var optionalString: String?
    public var strings: [String] = []
    public var doubles: [Double?] = []
    public var intSet: Set<Int> = []
    public var byName: [String: Int64] = [:]
    public var nestedLists: [[UInt8]] = []
    public var leaf = Leaf()
    public var leaves: [String: Leaf] = [:]
    public var optionalLeaf: Leaf?
    public var twig: Twig?
    public var deep: String?
    public var deeper: Int16?
    public var alias: String?
    public var any: JSONValue?
    public var ignored: [String: Int] = [:]
    public init() {}

    public static let schema = Schema(Everything.self) {
        Field("int", \.int, key: "i")
        Field("int8", \.int8, key: "i8")
        Field("int16", \.int16, key: "i16")
        Field("int32", \.int32, key: "i32")
        Field("int64", \.int64, key: "i64")
        Field("uint", \.uint, key: "u")
        Field("uint8", \.uint8, key: "u8")
        Field("uint16", \.uint16, key: "u16")
        Field("uint32", \.uint32, key: "u32")
        Field("uint64", \.uint64, key: "u64")
        Field("float", \.float, key: "f")
        Field("double", \.double, key: "d")
        Field("decimal", \.decimal, key: "dec")
        Field("string", \.string, key: "s")
        Field("bool", \.bool, key: "b")
        Field("date", \.date, key: "t")
        Field("url", \.url)
        Field("uuid", \.uuid)
        Field("data", \.data)
        Field("mood", \.mood)
        Field("level", \.level)
        Field("optionalInt", \.optionalInt, key: "oi")
        Field("optionalString", \.optionalString, key: "os")
        Field("strings", \.strings, key: "ss")
        Field("doubles", \.doubles, key: "ds")
        Field("intSet", \.intSet, key: "set")
        Field("byName", \.byName, key: "map")
        Field("nestedLists", \.nestedLists, key: "ll")
        Field("leaf", \.leaf)
        Field("leaves", \.leaves)
        Field("optionalLeaf", \.optionalLeaf, key: "ol")
        Field("twig", \.twig, key: "tw")
        Field("deep", \.deep, key: "x.y")
        Field("deeper", \.deeper, key: "x.z.w")
        Field("alias", \.alias, keys: ["alias", "a", "also"])
        Field("any", \.any)
        Field("ignored", \.ignored, options: .notMapped)
    }
}
