#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// `JSONDecoder`'s key decoding and non-conforming float strategies, as the bridge applies them.

/// The coding path of the object whose keys a custom key decoding strategy converts, as the
/// closure is handed it: made from the container's path at the first key converted, once per
/// object (found by walking the tape from the document's start per key, it was quadratic).
struct ObjectCodingPath {
    private let at: BridgePath?
    private let object: Int
    private var made: [any CodingKey]?

    /// The path of the object at `object`, whose container was made with path `at`: resolved
    /// when first asked for (a container kept past its `init(from:)` finds it on the tape, which
    /// a lookup whose key is converted already need not pay).
    init(_ at: BridgePath, object: Int) {
        self.at = at
        self.object = object
    }

    /// A path already made.
    init(keys: [any CodingKey]) {
        at = nil
        object = -1
        made = keys
    }

    mutating func keys(_ decoder: BridgeDecoder) -> [any CodingKey] {
        if let made { return made }
        let keys = decoder.codingPath(decoder.containerPath(at!, of: object))
        made = keys
        return keys
    }
}

extension BridgeDecoder {
    /// The key at tape index `keyEntry` as `CodingKey`s see it: the document's text, converted by
    /// the key decoding strategy when one is set. `object` is the path of the object holding it.
    func keyText(_ keyEntry: Int, in object: inout ObjectCodingPath) -> String {
        let text = String(decoding: bytes(of: entries[keyEntry]), as: UTF8.self)
        guard convertsKeys else { return text }
        if let converted = convertedKeys[keyEntry] { return converted }
        let converted: String
        switch options.codable.keys {
        case .convertFromSnakeCase: converted = Self.convertFromSnakeCase(text)
        case .custom(let convert): converted = convert(object.keys(self) + [TextCodingKey(text)]).stringValue
        default: converted = text
        }
        convertedKeys[keyEntry] = converted
        return converted
    }

    /// The keys of the object at `object` (whose path is `at`), in document order (after the
    /// key decoding strategy).
    func keys(of object: Int, at: BridgePath) -> [String] {
        var result: [String] = []
        result.reserveCapacity(Int(entries[object].length))
        var path = ObjectCodingPath(at, object: object)
        var k = object + 1
        while k < Int(entries[object].next) {
            result.append(keyText(k, in: &path))
            k = Int(entries[k + 1].next)
        }
        return result
    }

    /// The value index of the first member whose converted key is `wanted`.
    func findConverted(_ wanted: String, in object: Int, at: BridgePath) -> Int? {
        if Int(entries[object].length) > Self.indexedMembers { return indexedMember(wanted, in: object, at: at, last: false) }
        var path = ObjectCodingPath(at, object: object)
        var k = object + 1
        let end = Int(entries[object].next)
        while k < end {
            if keyText(k, in: &path) == wanted { return k + 1 }
            k = Int(entries[k + 1].next)
        }
        return nil
    }

    /// `JSONDecoder`'s rule: `user_id` → `userId`; leading and trailing underscores are kept, a key
    /// without an inner underscore is left as it is.
    static func convertFromSnakeCase(_ key: String) -> String {
        guard !key.isEmpty, let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first, key[last] == "_" { last = key.index(before: last) }
        let words = key[first...last].split(separator: "_")
        guard words.count > 1 else { return key }
        let joined = words[0].lowercased() + words.dropFirst().map { $0.capitalized }.joined()
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }

    /// A string that `nonConformingFloatDecodingStrategy` names, as a `Float` or `Double`.
    func nonConformingFloat<T>(_ type: T.Type, at index: Int) -> T? {
        guard T.self == Double.self || T.self == Float.self,
              case .convertFromString(let positive, let negative, let nan) = options.codable.nonConformingFloats else { return nil }
        let text = String(decoding: bytes(of: entries[index]), as: UTF8.self)
        let value: Double
        switch text {
        case positive: value = .infinity
        case negative: value = -.infinity
        case nan: value = .nan
        default: return nil
        }
        return (T.self == Float.self ? Float(value) as Any : value as Any) as? T
    }
}

extension BridgeDecoder {
    /// `Int128` and `UInt128`, which are no ``ModelValue``s: an integer's text, or a number with a
    /// fraction or exponent whose exact value is whole (`1.0`, `1e3`, `1.5e1`). Never through
    /// `Decimal` or `Double`: past 38 digits they round, dropping a fraction or moving a value
    /// that is out of range into it.
    // One generic copy compiled for size, not one specialization per 128-bit type: the code every
    // program linking ModelKit carries (scripts/check-linkage.sh) for values few documents hold.
    @_optimize(size) @_semantics("optimize.sil.specialize.generic.never")
    func decodeWideInteger<T: FixedWidthInteger>(_ type: T.Type, at index: Int, _ at: BridgePath) throws -> T {
        let entry = entries[index]
        let name = String(describing: T.self)
        switch entry.kind {
        case .null: throw valueNotFound(T.self, expected: name, at: index, at)
        case .number:
            let text = String(decoding: bytes(of: entry), as: UTF8.self)
            if let value = T(text) { return value }
            switch Self.wholeNumber(bytes(of: entry)) {
            case .whole(let digits): if let value = T(digits) { return value }
            case .fraction: throw dataCorrupted(.typeMismatch(expected: "\(name) (a whole number)", found: describe(index)), at: index, at)
            case .tooLarge: break
            }
            throw dataCorrupted(.typeMismatch(expected: "\(name) (value out of range)", found: describe(index)), at: index, at)
        case .string where conversions.lenient:
            if let value = T(String(decoding: bytes(of: entry), as: UTF8.self)) { return value }
            throw typeMismatch(T.self, expected: name, at: index, at)
        default: throw typeMismatch(T.self, expected: name, at: index, at)
        }
    }

    enum WholeNumber: Equatable {
        /// The integer's digits (and sign), without exponent.
        case whole(String)
        /// The exact value has a fraction.
        case fraction
        /// Whole, with more than 40 digits: out of range of any 128-bit integer.
        case tooLarge
    }

    /// The exact value of a JSON number's text (grammar checked by the tokenizer), as integer
    /// digits when it is whole. Exponents are compared, never applied digit by digit, so `1e999999999` costs nothing.
    static func wholeNumber(_ text: UnsafeRawBufferPointer) -> WholeNumber {
        var i = 0
        let negative = text.first == UInt8(ascii: "-")
        if negative { i += 1 }
        var digits: [UInt8] = []
        var fractionDigits = 0
        var inFraction = false
        while i < text.count {
            let byte = text[i]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                // Leading zeros say nothing about the value (a fraction's still move the point:
                // they are counted in `fractionDigits`).
                if !(digits.isEmpty && byte == UInt8(ascii: "0")) { digits.append(byte) }
                if inFraction { fractionDigits += 1 }
            } else {
                break
            }
            i += 1
        }
        var exponent = 0
        var exponentOverflow = false
        if i < text.count {
            i += 1  // `e` or `E`
            var exponentNegative = false
            if i < text.count, text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+") {
                exponentNegative = text[i] == UInt8(ascii: "-")
                i += 1
            }
            while i < text.count {
                let (product, overflow) = exponent.multipliedReportingOverflow(by: 10)
                if overflow || product > 1 << 40 { exponentOverflow = true; break }
                exponent = product + Int(text[i] - UInt8(ascii: "0"))
                i += 1
            }
            if exponentNegative { exponent = -exponent }
            if exponentOverflow { exponent = exponentNegative ? -(1 << 40) : 1 << 40 }
        }
        while digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty { return .whole("0") }
        // The value is `digits` × 10^(exponent − fractionDigits), `digits` ending in a nonzero digit.
        let scale = exponent - fractionDigits
        if scale < 0 { return .fraction }
        if digits.count + scale > 40 { return .tooLarge }
        return .whole((negative ? "-" : "") + String(decoding: digits, as: UTF8.self) + String(repeating: "0", count: scale))
    }
}
