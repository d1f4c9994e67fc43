#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Lenient/strict conversions from scalar tokens, shared by the standard value types and by both
// decoders (the schema reader and the Codable bridge).

extension ScalarToken {
    @inlinable
    var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

/// `"true"`/`"yes"` → true, `"false"`/`"no"` → false, any case.
@inline(__always)
func boolWord(_ bytes: UnsafeRawBufferPointer) -> Bool? {
    func equalsIgnoringCase(_ word: StaticString) -> Bool {
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for i in 0..<bytes.count where bytes[i] | 0x20 != w[i] { return false }
        return true
    }
    switch bytes.count {
    case 4: return equalsIgnoringCase("true") ? true : nil
    case 3: return equalsIgnoringCase("yes") ? true : nil
    case 5: return equalsIgnoringCase("false") ? false : nil
    case 2: return equalsIgnoringCase("no") ? false : nil
    default: return nil
    }
}

extension ScalarConversions {
    /// `null` where a non-optional is expected: untouched when lenient, a mismatch when strict.
    @inline(__always)
    final func nullForNonOptional<T>(_ expected: String) throws -> T? {
        if lenient { return nil }
        return try mismatch(expected: expected, found: "null")
    }

    /// A scalar where a container type (array, dictionary, model) is expected.
    @usableFromInline
    final func scalarForContainer<T>(_ scalar: ScalarToken, expected: String) throws -> T? {
        if scalar.isNull { return try nullForNonOptional(expected) }
        return try mismatch(expected: expected, found: scalar)
    }

    /// Errors name the type as Swift does (`Int`, `UInt8`): computed only when one is raised.
    final func integer<T: FixedWidthInteger>(_ scalar: ScalarToken, as type: T.Type) throws -> T? {
        switch scalar {
        case .number(let text):
            return try integer(fromNumber: text, scalar: scalar, as: type)
        case .string(let bytes) where lenient:
            if let word = boolWord(bytes) { return word ? 1 : 0 }
            if JSONNumberGrammar.isValid(bytes) { return try integer(fromNumber: bytes, scalar: scalar, as: type) }
            return try mismatch(expected: String(describing: T.self), found: scalar)
        case .bool(let b) where lenient:
            return b ? 1 : 0
        case .null:
            return lenient ? nil : try nullForNonOptional(String(describing: T.self))
        default:
            return try mismatch(expected: String(describing: T.self), found: scalar)
        }
    }

    private final func integer<T: FixedWidthInteger>(fromNumber text: UnsafeRawBufferPointer, scalar: ScalarToken, as type: T.Type) throws -> T? {
        switch IntegerParser.parse(text, as: T.self) {
        case .value(let value): return value
        case .overflow: return try outOfRange(String(describing: T.self), found: scalar)
        case .notAnInteger:
            // Fractions truncate toward zero only when lenient; strict accepts integral values like 1e2.
            let (truncated, isExact) = IntegerParser.truncatedValue(ofNumber: text, as: T.self)
            switch truncated {
            case .value(let value):
                if lenient || isExact { return value }
                return try mismatch(expected: String(describing: T.self), found: scalar)
            case .overflow: return try outOfRange(String(describing: T.self), found: scalar)
            case .notAnInteger: return try mismatch(expected: String(describing: T.self), found: scalar)
            }
        }
    }

    final func floatingPoint<T: BinaryFloatingPoint>(_ scalar: ScalarToken, name: String, parse: (UnsafeRawBufferPointer) -> T?) throws -> T? {
        switch scalar {
        case .number(let text):
            // Too large (infinite) or too small (a nonzero number that parsed to zero) is out of range.
            if let value = parse(text), value.isFinite, value != 0 || JSONNumberGrammar.isZero(text) { return value }
            return try outOfRange(name, found: scalar)
        case .string(let bytes) where lenient:
            if JSONNumberGrammar.isValid(bytes), let value = parse(bytes), value.isFinite, value != 0 || JSONNumberGrammar.isZero(bytes) { return value }
            switch String(decoding: bytes, as: UTF8.self).lowercased() {
            case "nan": return .nan
            case "inf", "infinity", "+inf", "+infinity": return .infinity
            case "-inf", "-infinity": return -.infinity
            default: return try mismatch(expected: name, found: scalar)
            }
        case .bool(let b) where lenient:
            return b ? 1 : 0
        case .null:
            return try nullForNonOptional(name)
        default:
            return try mismatch(expected: name, found: scalar)
        }
    }

    /// The UTF-8 text of a string token, or (lenient) of a number or Bool.
    final func text<T>(_ scalar: ScalarToken, name: String, _ make: (UnsafeRawBufferPointer) throws -> T?) throws -> T? {
        switch scalar {
        case .string(let bytes):
            return try make(bytes)
        case .number(let text) where lenient:
            return try make(text)
        case .bool(let b) where lenient:
            var word = b ? "true" : "false"
            return try word.withUTF8 { try make(UnsafeRawBufferPointer($0)) }
        case .null:
            return try nullForNonOptional(name)
        default:
            return try mismatch(expected: name, found: scalar)
        }
    }
}
