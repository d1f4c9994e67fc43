import Foundation
import Testing
@testable import ModelKitCore

// Both decoders on the same bytes, and what each made of them (CodableDifferentialTests.swift).

extension Oracle {
    /// Differences from `JSONDecoder` known today (CodableDifferentialTests pins each with a
    /// minimal input). The random documents that may show one carry it as a flag; a finding whose
    /// document carries none is a new difference. Delete a case once the bridge matches.
    enum Known: String, CaseIterable, Sendable {
        case trailingComma = "JSONDecoder accepts a trailing comma in arrays and objects; ModelDecoder rejects it"
        case numberErrorPath = "a value out of range or malformed (number, date, base64): JSONDecoder's dataCorrupted has the container's coding path, ModelDecoder's the value's"
        case fractionIntoInteger = "a fractional number into an integer: JSONDecoder dataCorrupted (container's path), ModelDecoder typeMismatch"
        case underflow = "a number that underflows (2.01e-1234 into Double, 1e-50 into Float): JSONDecoder dataCorrupted, ModelDecoder 0"
        case decimalRange = "Decimal 1e120 ..< 1e128: JSONDecoder decodes it, ModelDecoder says out of range"
        case lowercaseZ = "ISO 8601 with a lowercase z zone: JSONDecoder accepts it, ModelDecoder typeMismatch"
        case dateError = "an invalid ISO 8601 date: JSONDecoder dataCorrupted (container's path), ModelDecoder typeMismatch"
        case fractionalSeconds = "ISO 8601 fractional seconds: ModelDecoder's Date is off by up to dozens of ulps (.123 -> .12299997), JSONDecoder's is the nearest Double"
        case preGregorianDates = "ISO 8601 dates before 1582-10-15: JSONDecoder reads them in the Julian calendar, ModelDecoder proleptic Gregorian"
        case base64Error = "invalid base64 Data: JSONDecoder dataCorrupted, ModelDecoder typeMismatch"
        case nullForBool = "null for Bool in an unkeyed container or dictionary: JSONDecoder typeMismatch, ModelDecoder valueNotFound"
        case intKeyPath = "an Int dictionary key in a coding path: JSONDecoder's key has an intValue, ModelDecoder's none"
        case integralFloatIntoInteger = "9223372036854775807.0 into Int64: JSONDecoder rejects it (through Double), ModelDecoder reads it exactly"
        case repeatedKeyAfterCursor = "a repeated key asked for after a later key: ModelDecoder's search resumes after the last hit and finds the later value; JSONDecoder keeps the first"
        var reason: Comment { Comment(rawValue: rawValue) }
    }

    /// A decode's result: the value's fingerprint, or the error's case and coding path.
    enum Outcome: Equatable, CustomStringConvertible {
        case value(String)
        case error(String, [String])
        /// An error that is not a `DecodingError`.
        case foreign(String)

        var description: String {
            switch self {
            case .value(let text): return "value \(text)"
            case .error(let kind, let path): return "\(kind) at [\(path.joined(separator: ", "))]"
            case .foreign(let text): return "foreign error \(text)"
            }
        }
        var isValue: Bool { if case .value = self { true } else { false } }
    }

    /// One document, and what both decoders made of it.
    struct Finding: CustomStringConvertible {
        var document: String
        var type: String
        var mutation: String
        var foundation: Outcome
        var model: Outcome
        /// The known differences the document may show.
        var flags: Set<Known> = []
        /// The known differences that explain this finding (none: a new difference).
        var explanations: Set<Known> { flags }
        var description: String {
            "\(type) from \(document.debugDescription) [\(mutation)]: JSONDecoder \(foundation), ModelDecoder \(model)"
        }
    }

    static func foundationDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    static func modelDecoder() -> ModelDecoder { ModelDecoder(options: DecodingOptions(conversion: .strict, dates: .iso8601)) }

    static func outcome(_ decode: () throws -> Any) -> Outcome {
        do {
            return .value(fingerprint(try decode()))
        } catch let error as DecodingError {
            let (kind, context): (String, DecodingError.Context)
            switch error {
            case .typeMismatch(_, let c): (kind, context) = ("typeMismatch", c)
            case .valueNotFound(_, let c): (kind, context) = ("valueNotFound", c)
            case .keyNotFound(_, let c): (kind, context) = ("keyNotFound", c)
            case .dataCorrupted(let c): (kind, context) = ("dataCorrupted", c)
            @unknown default: return .foreign("\(error)")
            }
            return .error(kind, context.codingPath.map { key in key.intValue.map { "#\($0)" } ?? key.stringValue })
        } catch {
            return .foreign("\(type(of: error)): \(error)")
        }
    }

    /// Decodes `bytes` with both decoders; a finding when they disagree.
    static func compare<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], mutation: String = "valid", flags: Set<Known> = [],
                                      foundation: JSONDecoder = foundationDecoder(), model: ModelDecoder = modelDecoder()) -> Finding? {
        let expected = outcome { try foundation.decode(T.self, from: Data(bytes)) }
        let actual = outcome { try model.decode(T.self, from: bytes) }
        if expected == actual || sameErrorInAnotherMember(expected, actual) { return nil }
        return Finding(document: String(decoding: bytes, as: UTF8.self), type: "\(T.self)", mutation: mutation, foundation: expected, model: actual, flags: flags)
    }

    /// The same error in two members of one dictionary: `JSONDecoder` visits a dictionary's
    /// members in hash order (different in every process), ModelDecoder in document order, so
    /// with two bad values each may report a different one. Not a difference in what is accepted.
    static func sameErrorInAnotherMember(_ expected: Outcome, _ actual: Outcome) -> Bool {
        guard case .error(let kind, let path) = expected, case .error(kind, let other) = actual,
              path.count == other.count, path.count >= 2, path.dropLast() == other.dropLast(),
              let a = path.last, let b = other.last, a != b else { return false }
        // Member keys, not elements or keys that read as numbers (their paths differ otherwise).
        return [a, b].allSatisfy { !$0.hasPrefix("Index ") && !$0.hasPrefix("#") && Int($0) == nil }
    }

    /// A value's text with every stored property, exact: doubles by their shortest exact text
    /// (-0.0 apart from 0.0), dates to the bit, dictionaries sorted, class instances through
    /// their superclasses.
    static func fingerprint(_ value: Any) -> String {
        switch value {
        case let date as Date: return "Date(\(date.timeIntervalSinceReferenceDate))"
        case let data as Data: return "Data(\(data.base64EncodedString()))"
        case let decimal as Decimal: return "Decimal(\(decimal))"
        case let double as Double: return "\(double)"
        case let float as Float: return "\(float)f"
        case let text as String: return text.debugDescription
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional: return mirror.children.first.map { fingerprint($0.value) } ?? "nil"
        case .enum where mirror.children.isEmpty: return "\(value)"
        case .dictionary: return "[" + mirror.children.map { fingerprint($0.value) }.sorted().joined(separator: ", ") + "]"
        case .collection: return "[" + mirror.children.map { fingerprint($0.value) }.joined(separator: ", ") + "]"
        case nil: return "\(value)"
        default:
            var parts: [String] = []
            var level: Mirror? = mirror
            while let current = level {
                parts += current.children.map { "\($0.label ?? "_"): \(fingerprint($0.value))" }
                level = current.superclassMirror
            }
            return "\(type(of: value))(" + parts.joined(separator: ", ") + ")"
        }
    }
}
