import Foundation

// The fixed family of Codable types FuzzOracle decodes (a plain Decodable root each: the bridge's
// path), and encodes where they are Encodable (the two with hand-written decoders are not). The test suite's family (Tests/ModelKitCoreTests/CodableDifferentialTypes.swift) is larger.

struct Box<T: Codable>: Codable { var v: T }

struct AllInts: Codable {
    var i: Int, i8: Int8, i16: Int16, i32: Int32, i64: Int64, u: UInt, u8: UInt8, u16: UInt16, u32: UInt32, u64: UInt64
}

struct Reals: Codable { var f: Float, d: Double, dec: Decimal, ds: [Double]? }

struct Texts: Codable { var s: String, b: Bool, data: Data?, date: Date?, strings: [String] }

enum Color: String, Codable { case red, green, blue = "bl\u{E9}u" }
enum Level: Int, Codable { case low = 1, mid = 5, high = -3 }

struct Mixed: Codable {
    var color: Color?, level: Level?, byName: [String: Int16]?, byId: [Int: Bool]?, matrix: [[Int8]]?, inner: [Mixed]?, list: [Int?]?
}

struct Containers: Decodable {
    var name: String, points: [[Int32]], origin: [Int], base: String, tuple: [String], note: String?, flag: Bool, hasExtra: Bool
    enum Keys: String, CodingKey { case name, geo, base, tuple, note, flag, extra }
    enum GeoKeys: String, CodingKey { case pts, origin }
    enum OriginKeys: String, CodingKey { case x, y }
    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        var list = try c.nestedUnkeyedContainer(forKey: .tuple)
        tuple = ["\(try list.decode(UInt8.self))", try list.decode(String.self), "\(try list.decode(Bool.self))"]
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
}

class Base: Decodable {
    var id: Int64, tag: String
    enum Keys: String, CodingKey { case id, tag }
    required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        id = try c.decode(Int64.self, forKey: .id)
        tag = try c.decode(String.self, forKey: .tag)
    }
}

/// `super.init(from: decoder)`, `superDecoder()` and `superDecoder(forKey:)`.
final class Derived: Base {
    var extra: [UInt8], level: Level, parent: Base?, layered: Base?
    enum Keys: String, CodingKey { case extra, level, parent, superKey = "super" }
    required init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        extra = try c.decode([UInt8].self, forKey: .extra)
        level = try c.decode(Level.self, forKey: .level)
        parent = c.contains(.parent) ? try Base(from: c.superDecoder(forKey: .parent)) : nil
        layered = c.contains(.superKey) ? try Base(from: c.superDecoder()) : nil
        try super.init(from: decoder)
    }
}
