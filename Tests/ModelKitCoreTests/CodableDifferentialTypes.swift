import Foundation
@testable import ModelKitCore

// The family of Codable types the differential oracle decodes (CodableDifferentialTests.swift),
// each with the shape of the documents it reads. Plain Codable types: they take the bridge.

/// A type the oracle decodes, and the documents it reads.
protocol DifferentialSubject: Decodable {
    static var shape: Oracle.Shape { get }
}

extension Int: DifferentialSubject { static var shape: Oracle.Shape { .int(bits: 64, signed: true) } }
extension Int8: DifferentialSubject { static var shape: Oracle.Shape { .int(bits: 8, signed: true) } }
extension UInt64: DifferentialSubject { static var shape: Oracle.Shape { .int(bits: 64, signed: false) } }
extension Double: DifferentialSubject { static var shape: Oracle.Shape { .double } }
extension Float: DifferentialSubject { static var shape: Oracle.Shape { .float } }
extension Decimal: DifferentialSubject { static var shape: Oracle.Shape { .decimal } }
extension String: DifferentialSubject { static var shape: Oracle.Shape { .string } }
extension Bool: DifferentialSubject { static var shape: Oracle.Shape { .bool } }
extension Date: DifferentialSubject { static var shape: Oracle.Shape { .date } }
extension Data: DifferentialSubject { static var shape: Oracle.Shape { .data } }
extension Optional: DifferentialSubject where Wrapped: DifferentialSubject { static var shape: Oracle.Shape { .optional(Wrapped.shape) } }
extension Array: DifferentialSubject where Element: DifferentialSubject { static var shape: Oracle.Shape { .array(Element.shape) } }
extension Dictionary: DifferentialSubject where Key == String, Value: DifferentialSubject { static var shape: Oracle.Shape { .stringMap(Value.shape) } }

extension Oracle {
    /// Dictionaries with `Int` keys (a JSON object whose keys are integers).
    struct IntKeyed<Value: DifferentialSubject>: DifferentialSubject {
        var map: [Int: Value]
        init(from decoder: any Decoder) throws { map = try [Int: Value](from: decoder) }
        static var shape: Oracle.Shape { .intMap(Value.shape) }
    }

    struct Ints: DifferentialSubject {
        var i: Int, i8: Int8, i16: Int16, i32: Int32, i64: Int64
        var u: UInt, u8: UInt8, u16: UInt16, u32: UInt32, u64: UInt64
        static var shape: Oracle.Shape {
            .object([("i", .int(bits: 64, signed: true)), ("i8", .int(bits: 8, signed: true)), ("i16", .int(bits: 16, signed: true)),
                     ("i32", .int(bits: 32, signed: true)), ("i64", .int(bits: 64, signed: true)), ("u", .int(bits: 64, signed: false)),
                     ("u8", .int(bits: 8, signed: false)), ("u16", .int(bits: 16, signed: false)), ("u32", .int(bits: 32, signed: false)),
                     ("u64", .int(bits: 64, signed: false))])
        }
    }

    struct Reals: DifferentialSubject {
        var f: Float, d: Double, dec: Decimal, fs: [Float], ds: [Double], decs: [Decimal]
        static var shape: Oracle.Shape {
            .object([("f", .float), ("d", .double), ("dec", .decimal), ("fs", .array(.float)), ("ds", .array(.double)), ("decs", .array(.decimal))])
        }
    }

    struct Texts: DifferentialSubject {
        var s: String, b: Bool, data: Data, date: Date, strings: [String], dates: [Date]?
        static var shape: Oracle.Shape {
            .object([("s", .string), ("b", .bool), ("data", .data), ("date", .date), ("strings", .array(.string)), ("dates", .optional(.array(.date)))])
        }
    }

    /// Arrays of the standard scalars the bridge decodes without `Array.init(from:)`, as fields,
    /// optional, nested in arrays.
    struct ScalarArrays: DifferentialSubject {
        var strings: [String], ints: [Int], doubles: [Double], bools: [Bool], longs: [Int64]
        var maybe: [String]?, nested: [[String]], grid: [[Int]]
        static var shape: Oracle.Shape {
            .object([("strings", .array(.string)), ("ints", .array(.int(bits: 64, signed: true))), ("doubles", .array(.double)),
                     ("bools", .array(.bool)), ("longs", .array(.int(bits: 64, signed: true))), ("maybe", .optional(.array(.string))),
                     ("nested", .array(.array(.string))), ("grid", .array(.array(.int(bits: 64, signed: true))))])
        }
    }

    struct Inner: DifferentialSubject {
        var name: String
        var value: UInt16?
        static var shape: Oracle.Shape { .object([("name", .string), ("value", .optional(.int(bits: 16, signed: false)))]) }
    }

    struct Optionals: DifferentialSubject {
        var oi: Int?, os: String?, od: Double?, ob: Bool?, oin: Inner?, oarr: [Int32?]?, ou8: UInt8?, odate: Date?
        static var shape: Oracle.Shape {
            .object([("oi", .optional(.int(bits: 64, signed: true))), ("os", .optional(.string)), ("od", .optional(.double)),
                     ("ob", .optional(.bool)), ("oin", .optional(Inner.shape)), ("oarr", .optional(.array(.optional(.int(bits: 32, signed: true))))),
                     ("ou8", .optional(.int(bits: 8, signed: false))), ("odate", .optional(.date))])
        }
    }

    enum Color: String, DifferentialSubject {
        case red, green, blue = "bl\u{E9}u"
        static var shape: Oracle.Shape { .oneOf([.string("red"), .string("green"), .string("bl\u{E9}u")]) }
    }

    enum Level: Int, DifferentialSubject {
        case low = 1, mid = 5, high = -3
        static var shape: Oracle.Shape { .oneOf([.number("1"), .number("5"), .number("-3")]) }
    }

    struct Enums: DifferentialSubject {
        var color: Color, level: Level, colors: [Color], levels: [String: Level]?, ocolor: Color?
        static var shape: Oracle.Shape {
            .object([("color", Color.shape), ("level", Level.shape), ("colors", .array(Color.shape)),
                     ("levels", .optional(.stringMap(Level.shape))), ("ocolor", .optional(Color.shape))])
        }
    }

    struct Collections: DifferentialSubject {
        var byName: [String: Double], byId: [Int: String], matrix: [[Int8]], inners: [Inner], nested: [String: [Inner]], counts: [Int: [Int16]]
        static var shape: Oracle.Shape {
            .object([("byName", .stringMap(.double)), ("byId", .intMap(.string)), ("matrix", .array(.array(.int(bits: 8, signed: true)))),
                     ("inners", .array(Inner.shape)), ("nested", .stringMap(.array(Inner.shape))), ("counts", .intMap(.array(.int(bits: 16, signed: true))))])
        }
    }

    /// Hand-written containers: nested keyed and unkeyed, a heterogeneous unkeyed list, a super
    /// decoder for a key, `decodeIfPresent`, `decodeNil`, `contains`.
    struct Containers: DifferentialSubject {
        var name: String, points: [[Int32]], origin: [Int], base: String, tuple: (UInt8, String, Bool), note: String?, flag: Bool, hasExtra: Bool

        enum Keys: String, CodingKey { case name, geo, base, tuple, note, flag, extra }
        enum GeoKeys: String, CodingKey { case pts, origin }
        enum OriginKeys: String, CodingKey { case x, y }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            var list = try c.nestedUnkeyedContainer(forKey: .tuple)
            tuple = (try list.decode(UInt8.self), try list.decode(String.self), try list.decode(Bool.self))
            base = try c.superDecoder(forKey: .base).singleValueContainer().decode(String.self)
            let geo = try c.nestedContainer(keyedBy: GeoKeys.self, forKey: .geo)
            var pts = try geo.nestedUnkeyedContainer(forKey: .pts)
            var points: [[Int32]] = []
            while !pts.isAtEnd {
                var pair = try pts.nestedUnkeyedContainer()
                points.append([try pair.decode(Int32.self), try pair.decode(Int32.self)])
            }
            self.points = points
            let o = try geo.nestedContainer(keyedBy: OriginKeys.self, forKey: .origin)
            origin = [try o.decode(Int.self, forKey: .x), try o.decode(Int.self, forKey: .y)]
            note = try c.decodeIfPresent(String.self, forKey: .note)
            flag = try c.decodeNil(forKey: .flag) ? false : try c.decode(Bool.self, forKey: .flag)
            hasExtra = c.contains(.extra)
            name = try c.decode(String.self, forKey: .name)
        }

        static var shape: Oracle.Shape {
            let pair = Shape.tuple([.int(bits: 32, signed: true), .int(bits: 32, signed: true)])
            return .object([("name", .string), ("geo", .object([("pts", .array(pair)), ("origin", .object([("x", .int(bits: 64, signed: true)), ("y", .int(bits: 64, signed: true))]))])),
                            ("base", .string), ("tuple", .tuple([.int(bits: 8, signed: false), .string, .bool])), ("note", .optional(.string)),
                            ("flag", .optional(.bool))])
        }
    }

    class Base: Decodable {
        var id: Int64
        var tag: String
        enum Keys: String, CodingKey { case id, tag }
        required init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            id = try c.decode(Int64.self, forKey: .id)
            tag = try c.decode(String.self, forKey: .tag)
        }
    }

    /// `super.init(from: decoder)`: the superclass reads the same object.
    final class Derived: Base, DifferentialSubject {
        var extra: [UInt8]
        var ratio: Float?
        enum Keys: String, CodingKey { case extra, ratio }
        required init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            extra = try c.decode([UInt8].self, forKey: .extra)
            ratio = try c.decodeIfPresent(Float.self, forKey: .ratio)
            try super.init(from: decoder)
        }
        static var shape: Oracle.Shape {
            .object([("id", .int(bits: 64, signed: true)), ("tag", .string), ("extra", .array(.int(bits: 8, signed: false))), ("ratio", .optional(.float))])
        }
    }

    /// `super.init(from: container.superDecoder())` (key "super") and `superDecoder(forKey:)`.
    final class Layered: Base, DifferentialSubject {
        var level: Level
        var parent: Base?
        enum Keys: String, CodingKey { case level, parent }
        required init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: Keys.self)
            level = try c.decode(Level.self, forKey: .level)
            parent = c.contains(.parent) ? try Base(from: c.superDecoder(forKey: .parent)) : nil
            try super.init(from: c.superDecoder())
        }
        static var shape: Oracle.Shape {
            let base = Shape.object([("id", .int(bits: 64, signed: true)), ("tag", .string)])
            return .object([("super", base), ("level", Level.shape), ("parent", base)])
        }
    }

    /// A root holding a bit of everything, for the deeper paths.
    struct Everything: DifferentialSubject {
        var ints: Ints, reals: Reals?, texts: [Texts], optionals: Optionals, enums: [String: Enums], collections: Collections?
        var containers: [Containers], derived: Derived, layered: [Layered]
        static var shape: Oracle.Shape {
            .object([("ints", Ints.shape), ("reals", .optional(Reals.shape)), ("texts", .array(Texts.shape)), ("optionals", Optionals.shape),
                     ("enums", .stringMap(Enums.shape)), ("collections", .optional(Collections.shape)), ("containers", .array(Containers.shape)),
                     ("derived", Derived.shape), ("layered", .array(Layered.shape))])
        }
    }
}
