#if canImport(FoundationEssentials) && !FullFoundation
import FoundationEssentials
#else
import Foundation
#endif

// JSONEncoder's configuration properties, with Foundation's own types, so that switching from
// JSONEncoder is a one-word change. Each maps onto `options` where EncodingOptions can say the
// same thing (reading it back from `options`); the rest is kept beside the options and applied
// by the Codable bridge (and, through a closure in `options`, by the schema path).

extension ModelEncoder {
    /// `JSONEncoder.OutputFormatting`, so that code naming it through its coder compiles unchanged.
    public typealias OutputFormatting = JSONEncoder.OutputFormatting
    /// `JSONEncoder.DateEncodingStrategy`.
    public typealias DateEncodingStrategy = JSONEncoder.DateEncodingStrategy
    /// `JSONEncoder.DataEncodingStrategy`.
    public typealias DataEncodingStrategy = JSONEncoder.DataEncodingStrategy
    /// `JSONEncoder.NonConformingFloatEncodingStrategy`.
    public typealias NonConformingFloatEncodingStrategy = JSONEncoder.NonConformingFloatEncodingStrategy
    /// `JSONEncoder.KeyEncodingStrategy`.
    public typealias KeyEncodingStrategy = JSONEncoder.KeyEncodingStrategy

    /// `JSONEncoder.outputFormatting`: `.prettyPrinted` and `.sortedKeys` are
    /// ``EncodingOptions/prettyPrinted-property`` and ``EncodingOptions/sortedKeys``;
    /// `.withoutEscapingSlashes` is ``EncodingOptions/escapeSlashes`` turned off. A default
    /// `ModelEncoder` reports `[]`, as `JSONEncoder` does: its Codable door escapes `/`.
    public var outputFormatting: JSONEncoder.OutputFormatting {
        get {
            let options = configuration.codableOptions
            var formatting: JSONEncoder.OutputFormatting = []
            if options.prettyPrinted { formatting.insert(.prettyPrinted) }
            if options.sortedKeys { formatting.insert(.sortedKeys) }
            if !options.escapeSlashes { formatting.insert(.withoutEscapingSlashes) }
            return formatting
        }
        set {
            update {
                $0.options.prettyPrinted = newValue.contains(.prettyPrinted)
                $0.options.sortedKeys = newValue.contains(.sortedKeys)
                $0.options.escapeSlashes = !newValue.contains(.withoutEscapingSlashes)
            }
        }
    }

    /// `JSONEncoder.dateEncodingStrategy`, mapped onto ``EncodingOptions/dates``: unless set,
    /// `.deferredToDate`, as `JSONEncoder` (models keep ISO 8601). `.custom` (which takes an
    /// `Encoder`) runs as `JSONEncoder` runs it.
    public var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy {
        get {
            let values = configuration.values
            if let foundation = values.foundationDates { return foundation }
            switch configuration.codableOptions.dates {
            case .deferredToDate: return .deferredToDate
            case .iso8601: return .iso8601
            case .secondsSince1970: return .secondsSince1970
            case .millisecondsSince1970: return .millisecondsSince1970
            #if FullFoundation || !canImport(FoundationEssentials)
            case .formatted(let formatter): return .formatted(formatter)
            #endif
            case .custom(let convert): return .custom { date, encoder in try convert(date).encode(to: encoder) }
            }
        }
        set {
            update {
                $0.foundationDates = nil
                switch newValue {
                case .iso8601: $0.options.dates = .iso8601
                case .secondsSince1970: $0.options.dates = .secondsSince1970
                case .millisecondsSince1970: $0.options.dates = .millisecondsSince1970
                case .deferredToDate: $0.options.dates = .deferredToDate
                default:
                    // .custom (and .formatted, a .custom on Linux): the bridge
                    // calls them with its own Encoder; the schema path gets their result through a closure.
                    $0.foundationDates = newValue
                    $0.options.dates = .custom { date in try EncodedByClosure.json { try date.encode(with: newValue, to: $0) } }
                }
            }
        }
    }

    /// `JSONEncoder.dataEncodingStrategy`, mapped onto ``EncodingOptions/data``: `.base64`,
    /// `.deferredToData` (an array of bytes) and `.custom` (run with the bridge's `Encoder`).
    public var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy {
        get {
            let values = configuration.values
            if let foundation = values.foundationData { return foundation }
            switch values.options.data {
            case .base64: return .base64
            case .byteArray: return .deferredToData
            case .custom(let convert): return .custom { data, encoder in try convert(data).encode(to: encoder) }
            }
        }
        set {
            update {
                $0.foundationData = nil
                switch newValue {
                case .base64: $0.options.data = .base64
                case .deferredToData: $0.options.data = .byteArray
                default:
                    // .custom: as for dates.
                    $0.foundationData = newValue
                    $0.options.data = .custom { data in try EncodedByClosure.json { try data.encode(with: newValue, to: $0) } }
                }
            }
        }
    }

    /// `JSONEncoder.nonConformingFloatEncodingStrategy`, mapped onto
    /// ``EncodingOptions/nonFiniteFloats`` (whose `.null` has no Foundation spelling: it reads as `.throw`).
    public var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy {
        get {
            if case .string(let positive, let negative, let nan) = options.nonFiniteFloats {
                return .convertToString(positiveInfinity: positive, negativeInfinity: negative, nan: nan)
            }
            return .throw
        }
        set {
            update {
                switch newValue {
                case .convertToString(let positive, let negative, let nan):
                    $0.options.nonFiniteFloats = .string(positiveInfinity: positive, negativeInfinity: negative, nan: nan)
                default:
                    $0.options.nonFiniteFloats = .throw
                }
            }
        }
    }

    /// `JSONEncoder.keyEncodingStrategy`: `.useDefaultKeys`, `.convertToSnakeCase` or `.custom`,
    /// applied to the keys of Codable keyed containers, as `JSONEncoder` applies it (not to
    /// `[String: V]` keys, and not to the keys a ``Model``'s schema declares: those are its wire format).
    public var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy {
        get { configuration.values.keys }
        set { update { $0.keys = newValue } }
    }

    /// Values every `Encoder` of the Codable bridge hands on as its `userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { configuration.values.userInfo }
        set { update { $0.userInfo = newValue } }
    }
}

extension Date {
    /// This date written the way a Foundation strategy writes it.
    func encode(with strategy: JSONEncoder.DateEncodingStrategy, to encoder: any Encoder) throws {
        if case .custom(let write) = strategy { return try write(self, encoder) }
        var container = encoder.singleValueContainer()
        try container.encode(timeIntervalSinceReferenceDate)
    }
}

extension Data {
    /// This data written the way a Foundation strategy writes it.
    func encode(with strategy: JSONEncoder.DataEncodingStrategy, to encoder: any Encoder) throws {
        if case .custom(let write) = strategy { return try write(self, encoder) }
        try encode(to: encoder)
    }
}

/// Runs a closure that writes to an `Encoder` and returns what it wrote, as a ``JSONValue``
/// (for the schema path, which has no `Encoder` to hand a Foundation `.custom` strategy).
struct EncodedByClosure: Encodable {
    let body: (any Encoder) throws -> Void

    func encode(to encoder: any Encoder) throws { try body(encoder) }

    static func json(_ body: @escaping (any Encoder) throws -> Void) throws -> JSONValue {
        // Inside an array, as JSONEncoder's nested values: a closure that writes nothing gives `{}`.
        let bytes = try ModelEncoder().encode([EncodedByClosure(body: body)])
        guard case .array(let elements) = try ModelDecoder().decode(JSONValue.self, from: bytes), let first = elements.first else {
            return [:]
        }
        return first
    }
}

/// `JSONEncoder`'s `.convertToSnakeCase`, word for word: `myURLValue` → `my_url_value`.
enum SnakeCase {
    /// Foundation's `uppercaseLetters` and `lowercaseLetters`: letters by general category (a
    /// titlecase letter counts as upper case), not every scalar Unicode calls cased — `Ⓐ` and the
    /// combining `\u{345}` are no word boundary to JSONEncoder.
    private static func isUpper(_ scalar: Unicode.Scalar.Properties) -> Bool {
        scalar.generalCategory == .uppercaseLetter || scalar.generalCategory == .titlecaseLetter
    }
    private static func isLower(_ scalar: Unicode.Scalar.Properties) -> Bool { scalar.generalCategory == .lowercaseLetter }

    static func convert(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        var words: [Range<String.Index>] = []
        var wordStart = key.startIndex
        var searchRange = key.index(after: wordStart)..<key.endIndex
        while let upper = key.rangeOfScalar(in: searchRange, where: isUpper) {
            words.append(wordStart..<upper.lowerBound)
            searchRange = upper.lowerBound..<searchRange.upperBound
            guard let lower = key.rangeOfScalar(in: searchRange, where: isLower) else {
                wordStart = searchRange.lowerBound
                break
            }
            // Several capitals in a row are a word of their own, up to the one before the lowercase letter.
            if lower.lowerBound == key.index(after: upper.lowerBound) {
                wordStart = upper.lowerBound
            } else {
                // Characters, as JSONEncoder steps, over scalar positions: a lowercase letter inside a
                // character (after a prepended mark) may step back to before the capital. Foundation
                // would trap on that range; an empty word is written instead.
                let beforeLower = max(key.index(before: lower.lowerBound), upper.lowerBound)
                words.append(upper.lowerBound..<beforeLower)
                wordStart = beforeLower
            }
            searchRange = lower.upperBound..<searchRange.upperBound
        }
        words.append(wordStart..<searchRange.upperBound)
        return words.map { key[$0].lowercased() }.joined(separator: "_")
    }
}
