import Foundation
import Testing
@testable import ModelKitCore

// The differential oracle for the Codable bridge's decode side: Foundation's `JSONDecoder`, in
// the same process, decodes the same bytes into the same type; both must give the same value, or
// the same `DecodingError` case and coding path. Types and shapes: CodableDifferentialTypes.swift.

/// The oracle's namespace (its type names are common words).
enum Oracle {}

extension Oracle {
    /// SplitMix64: a deterministic generator, so a failing document is found again from its seed.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }
        mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &self)] }
    }

    /// A JSON document as a tree; numbers keep their text.
    indirect enum J {
        case null, bool(Bool), number(String), string(String), array([J]), object([(String, J)])

        /// Every node's path (child positions from the root), the root first.
        func paths(_ prefix: [Int] = []) -> [[Int]] {
            var result = [prefix]
            switch self {
            case .array(let items): for (i, item) in items.enumerated() { result += item.paths(prefix + [i]) }
            case .object(let members): for (i, member) in members.enumerated() { result += member.1.paths(prefix + [i]) }
            default: break
            }
            return result
        }

        func node(at path: [Int]) -> J {
            guard let first = path.first else { return self }
            switch self {
            case .array(let items): return items[first].node(at: Array(path.dropFirst()))
            case .object(let members): return members[first].1.node(at: Array(path.dropFirst()))
            default: return self
            }
        }

        /// This tree with `change` applied to the node at `path`.
        func changing(at path: [Int], _ change: (J) -> J) -> J {
            guard let first = path.first else { return change(self) }
            let rest = Array(path.dropFirst())
            switch self {
            case .array(var items): items[first] = items[first].changing(at: rest, change); return .array(items)
            case .object(var members): members[first].1 = members[first].1.changing(at: rest, change); return .object(members)
            default: return self
            }
        }
    }

    /// What a Codable type's `init(from:)` reads, for generating documents for it.
    indirect enum Shape {
        case int(bits: Int, signed: Bool)
        case float, double, decimal, string, bool, data, date
        case optional(Shape)
        case array(Shape)
        /// A fixed-length array of differently typed elements (an unkeyed container read by hand).
        case tuple([Shape])
        case object([(String, Shape)])
        case stringMap(Shape)
        case intMap(Shape)
        /// An enum's raw values.
        case oneOf([J])
    }

    /// Writes and generates documents. `wild`: also values the type cannot hold (out of range,
    /// malformed dates and base64, unknown enum cases), as a mutation does.
    struct DocumentWriter {
        var random: SeededGenerator
        var wild = false
        /// The known differences the document written so far may show.
        var flags: Set<Known> = []

        mutating func value(_ shape: Shape, depth: Int = 0) -> J {
            switch shape {
            case .int(let bits, let signed): return .number(integer(bits: bits, signed: signed))
            case .float: return .number(real(float: true))
            case .double: return .number(real(float: false))
            case .decimal: return .number(decimal())
            case .string: return .string(text())
            case .bool: return .bool(random.chance(50))
            case .data: return .string(base64())
            case .date: return .string(date())
            case .optional(let wrapped): return random.chance(30) ? .null : value(wrapped, depth: depth)
            case .array(let element):
                let count = depth > 3 ? 0 : random.pick([0, 1, 2, 3, 5])
                return .array((0..<count).map { _ in value(element, depth: depth + 1) })
            case .tuple(let elements): return .array(elements.map { value($0, depth: depth + 1) })
            case .object(let members):
                var result = members.map { ($0.0, value($0.1, depth: depth + 1)) }
                if random.chance(30) { result.shuffle(using: &random) }
                if random.chance(15) { result.insert(("extra\(random.pick(["", "_", "é"]))", .array([.number("1")])), at: 0) }
                return .object(result)
            case .stringMap(let element), .intMap(let element):
                let count = depth > 3 ? 0 : random.pick([0, 1, 2, 4])
                if case .intMap = shape, count > 0 { flags.insert(.intKeyPath) }
                var keys: [String] = []
                while keys.count < count {
                    let key: String
                    if case .intMap = shape { key = String(random.pick([0, 1, -1, 42, Int.max, Int.min, Int.random(in: -999...999, using: &random)])) } else { key = text() }
                    if !keys.contains(key) { keys.append(key) }
                }
                return .object(keys.map { ($0, value(element, depth: depth + 1)) })
            case .oneOf(let raws):
                if wild && random.chance(30) { return random.pick([.string("purple"), .number("2"), .string(""), .number("1.0"), .string("RED")]) }
                return random.pick(raws)
            }
        }

        mutating func integer(bits: Int, signed: Bool) -> String {
            let (low, high): (Int128, Int128) = signed ? (-(Int128(1) << (bits - 1)), (Int128(1) << (bits - 1)) - 1) : (0, (Int128(1) << bits) - 1)
            if wild && random.chance(40) {
                let text = random.pick(["\(high + 1)", "\(low - 1)", "1147e0286", "1.5", "1e20", "-1", "1.7976931348623157e308",
                                        "123456789012345678901234567890", "1e-5", "-0.5", "1E400", "0.0000001e7"])
                flags.insert(["1.5", "1e-5", "-0.5"].contains(text) ? .fractionIntoInteger : .numberErrorPath)
                return text
            }
            switch Int.random(in: 0..<10, using: &random) {
            case 0: return "\(high)"
            case 1: return "\(low)"
            case 2: return random.pick(["0", "-0", "1"])
            case 3: return random.pick(["1e2", "10E1", "1.0", "250e-1", "1.00e+1", "-0.0"]) // JSONDecoder reads exact integers in any form
            default:
                let value = Int128.random(in: low...high, using: &random)
                return random.chance(50) ? "\(value)" : "\(value >> Int.random(in: 0...(bits - 1), using: &random))"
            }
        }

        mutating func real(float: Bool) -> String {
            if wild && random.chance(40) {
                let text = random.pick(float ? ["3.5e38", "-1e39", "1e-50", "1e400", "2.01e-1234"] : ["1e309", "-1.8e308", "2.01e-1234", "1e-400", "4e-325", "1e400"])
                flags.insert(text.contains("e-") ? .underflow : .numberErrorPath)
                return text
            }
            let edges = float ? ["3.4028235e38", "-3.4028235e38", "1.17549435e-38", "1.4e-45", "1e-45", "0.1", "16777217", "-0"]
                              : ["1.7976931348623157e308", "-1.7976931348623157e308", "5e-324", "4.9406564584124654e-324", "2.2250738585072014e-308",
                                 "1e308", "-0", "-0.0", "0.1", "9007199254740993", "1E+2", "1e-7", "123456789012345678901234567890"]
            if random.chance(30) { return random.pick(edges) }
            var text = random.chance(30) ? "-" : ""
            text += String(Int.random(in: 0...9_999_999, using: &random))
            if random.chance(50) { text += "." + String(Int.random(in: 0...999_999, using: &random)) }
            if random.chance(50) {
                let limit = float ? 30 : 300
                text += random.pick(["e", "E", "e+", "e-", "E-"]) + String(Int.random(in: 0...limit, using: &random))
            }
            return text
        }

        mutating func decimal() -> String {
            if wild && random.chance(40) {
                let text = random.pick(["1e127", "123456789e120", "100e200", "1e-130", "-1e128", "1e400", "9e-300"])
                flags.insert(text.hasSuffix("e120") || text == "1e127" ? .decimalRange : .numberErrorPath)
                return text
            }
            if random.chance(20) { return random.pick(["3.14159265358979323846264338327950288", "-0", "0.000001", "1e100", "99999999999999999999999999999999999999"]) }
            var text = random.chance(30) ? "-" : ""
            text += String(UInt64.random(in: 0...UInt64.max >> Int.random(in: 0...60, using: &random), using: &random))
            if random.chance(40) { text += "." + String(Int.random(in: 0...99999, using: &random)) }
            if random.chance(40) { text += "e" + String(Int.random(in: -90...90, using: &random)) }
            return text
        }

        static let pieces = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\r", "\u{8}", "\u{C}", "\u{0}", "\u{1F}", "é", "中", "😀", "\u{FEFF}", "\u{7F}", "key", "0"]

        mutating func text() -> String {
            (0..<random.pick([0, 1, 3, 6])).map { _ in random.pick(Self.pieces) }.joined()
        }

        mutating func base64() -> String {
            if wild && random.chance(40) {
                flags.insert(.base64Error)
                return random.pick(["not base64", "YQ", "YQ=", "Y Q==", "====", "YQ==YQ==", "-_8="])
            }
            let bytes = (0..<random.pick([0, 1, 2, 3, 7])).map { _ in UInt8.random(in: 0...255, using: &random) }
            return Data(bytes).base64EncodedString()
        }

        mutating func date() -> String {
            if wild && random.chance(40) {
                flags.insert(.dateError)
                flags.insert(.preGregorianDates)  // 0000-01-01 is read, by the Julian calendar
                return random.pick(["2024-02-30T00:00:00Z", "2024-01-01", "2024-01-01T00:00:00", "yesterday", "", "2024-01-01T24:00:00Z",
                                    "2024-01-01 10:00:00Z", "2024-01-01T10:00:00+2400", "0000-01-01T00:00:00Z"])
            }
            let year = random.pick([1970, 2000, 2024, 1900, 2099, 9999, 1])
            let text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, Int.random(in: 1...12, using: &random), Int.random(in: 1...28, using: &random),
                              Int.random(in: 0...23, using: &random), Int.random(in: 0...59, using: &random), Int.random(in: 0...59, using: &random))
            let fraction = random.chance(20) ? random.pick([".5", ".123", ".000001", ".1234567"]) : ""
            let zone = random.pick(["Z", "Z", "+00:00", "+05:30", "-08:00", "+0100", "z"])
            if zone == "z" { flags.insert(.lowercaseZ) }
            if !fraction.isEmpty && fraction != ".5" { flags.insert(.fractionalSeconds) }
            if year < 1583 { flags.insert(.preGregorianDates) }
            return text + fraction + zone
        }

        // MARK: Text

        /// JSON text for `value`, with random whitespace and string escapes (all valid JSON).
        mutating func write(_ value: J) -> String {
            var out = ""
            emit(value, into: &out)
            return space() + out + space()
        }

        private mutating func space() -> String { random.chance(85) ? "" : random.pick([" ", "\n", "\t", "\r\n ", "  "]) }

        private mutating func emit(_ value: J, into out: inout String) {
            switch value {
            case .null: out += "null"
            case .bool(let flag): out += flag ? "true" : "false"
            case .number(let text): out += text
            case .string(let text): quote(text, into: &out)
            case .array(let items):
                out += "[" + space()
                for (i, item) in items.enumerated() {
                    if i > 0 { out += space() + "," + space() }
                    emit(item, into: &out)
                }
                out += space() + "]"
            case .object(let members):
                out += "{" + space()
                for (i, (key, item)) in members.enumerated() {
                    if i > 0 { out += space() + "," + space() }
                    quote(key, into: &out)
                    out += space() + ":" + space()
                    emit(item, into: &out)
                }
                out += space() + "}"
            }
        }

        private mutating func quote(_ text: String, into out: inout String) {
            out += "\""
            for scalar in text.unicodeScalars {
                let escape = random.chance(10)
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += random.pick(["\\n", "\\u000a", "\\u000A"])
                case "\t": out += "\\t"
                case "\r": out += "\\r"
                case "\u{8}": out += "\\b"
                case "\u{C}": out += "\\f"
                case "/": out += escape ? "\\/" : "/"
                default:
                    if scalar.value < 0x20 || escape {
                        for unit in String(scalar).utf16 { out += String(format: "\\u%04x", unit) }
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            out += "\""
        }
    }
}

extension Oracle.DocumentWriter {
    /// A document for `shape`: valid (for `JSONDecoder`) or mutated, with the mutation's name.
    mutating func document(_ shape: Oracle.Shape) -> (bytes: [UInt8], mutation: String, flags: Set<Oracle.Known>) {
        let kind = Int.random(in: 0..<100, using: &random)
        flags = []
        wild = kind >= 40 && kind < 55
        defer { wild = false }
        var tree = value(shape)
        var mutation = wild ? "wild values" : "valid"
        if kind >= 55 && kind < 85 {
            let paths = tree.paths()
            let path = random.pick(paths)
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                mutation = "null at \(path)"
                if case .bool = tree.node(at: path) { flags.insert(.nullForBool) }
                tree = tree.changing(at: path) { _ in .null }
            case 1:
                mutation = "wrong type at \(path)"
                tree = tree.changing(at: path) { node in
                    switch node {
                    case .string: return .number("7")
                    case .number: return random.pick([.string("7"), .bool(true)])
                    case .bool: return .number("1")
                    case .array: return .object([])
                    case .object: return .array([])
                    case .null:
                        flags.formUnion([.dateError, .base64Error])  // "" where a Date or Data may be
                        return .string("")
                    }
                }
            case 2:
                mutation = "member dropped"
                guard let target = paths.first(where: { if case .object(let m) = tree.node(at: $0), !m.isEmpty { random.chance(60) } else { false } }) else { break }
                tree = tree.changing(at: target) { node in
                    guard case .object(var members) = node else { return node }
                    members.remove(at: Int.random(in: 0..<members.count, using: &random))
                    return .object(members)
                }
            default:
                mutation = "element dropped"
                guard let target = paths.first(where: { if case .array(let e) = tree.node(at: $0), !e.isEmpty { true } else { false } }) else { break }
                tree = tree.changing(at: target) { node in
                    guard case .array(var items) = node else { return node }
                    items.removeLast()
                    return .array(items)
                }
            }
        }
        var bytes = Array(write(tree).utf8)
        if kind >= 85 {
            let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: mutation = "truncated at \(at)"; bytes.removeSubrange(at...)
            case 1:
                // It may make a number out of range or a date or base64 text invalid.
                flags.formUnion([.numberErrorPath, .fractionIntoInteger, .underflow, .dateError, .base64Error])
                mutation = "byte replaced at \(at)"; if at < bytes.count { bytes[at] = random.pick(Array("{}[]\",:0-e. tn".utf8) + [0xFF, 0xC3, 0x00]) }
            case 2:
                mutation = "invalid UTF-8 in a string"
                if let quote = bytes.firstIndex(of: UInt8(ascii: "\"")) { bytes.insert(contentsOf: random.pick([[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF]]), at: quote + 1) }
            case 3:
                mutation = "raw control character in a string"
                if let quote = bytes.firstIndex(of: UInt8(ascii: "\"")) { bytes.insert(random.pick([0x0A, 0x00, 0x09, 0x1F]), at: quote + 1) }
            case 4: mutation = "trailing garbage"; bytes += Array(random.pick([",", "]", " x", "{}", " 1"]).utf8)
            default:
                mutation = "trailing comma"
                flags.insert(.trailingComma)
                if let close = bytes.lastIndex(where: { $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "}") }) { bytes.insert(UInt8(ascii: ","), at: close) }
            }
        }
        return (bytes, mutation, flags)
    }
}
