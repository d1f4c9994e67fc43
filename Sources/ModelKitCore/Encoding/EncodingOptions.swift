#if canImport(FoundationEssentials) && !FullFoundation
import FoundationEssentials
#else
import Foundation
#endif

/// How values become JSON text.
///
/// ```swift
/// let text = try book.jsonString(options: .prettyPrinted)
/// let stable = try ModelEncoder(options: EncodingOptions(sortedKeys: true)).encode(book)
/// ```
public struct EncodingOptions: Sendable {
    /// What a `nil` field writes.
    public enum NilEncoding: Sendable {
        /// Leave the key out (default).
        case omit
        /// Write `"key": null`.
        case null
    }

    /// What a NaN or infinite `Double`/`Float` writes (JSON has no such numbers).
    public enum NonFiniteFloatEncoding: Sendable {
        /// Throw ``ModelEncodingError`` naming the value's path (default).
        case `throw`
        /// Write `null`.
        case null
        /// Write these strings instead.
        case string(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    /// How a `Date` is written.
    public enum DateEncodingStrategy: Sendable {
        /// ISO 8601 in UTC with fractional seconds when there are any, e.g.
        /// `2013-08-29T10:43:38.25Z` (default; read back by `.automatic` decoding, to the microsecond).
        case iso8601
        /// A number of seconds since 1970.
        case secondsSince1970
        /// A number of milliseconds since 1970.
        case millisecondsSince1970
        /// A number of seconds since 2001-01-01: `Date`'s own `Codable` form, which
        /// `JSONEncoder` writes by default.
        case deferredToDate
        #if FullFoundation || !canImport(FoundationEssentials)
        /// A string from this formatter. Needs all of Foundation: on Linux, only with the
        /// package trait `FullFoundation`.
        case formatted(DateFormatter)
        #endif
        /// Your own JSON form.
        case custom(@Sendable (Date) throws -> JSONValue)
    }

    /// How `Data` is written.
    public enum DataEncodingStrategy: Sendable {
        /// A base64 string (default).
        case base64
        /// An array of byte values, `[1,2,3]` (what `JSONEncoder`'s `.deferredToData` writes).
        case byteArray
        /// Your own JSON form.
        case custom(@Sendable (Data) throws -> JSONValue)
    }

    /// Two-space indentation, one member per line: `"key": value` for models, and
    /// `JSONEncoder`'s own layout (`"key" : value`, empty containers on two lines) for other types.
    public var prettyPrinted: Bool
    /// Object keys in UTF-8 byte order at every level (stable output for diffs and signatures).
    public var sortedKeys: Bool
    /// What a `nil` field writes (left out by default).
    public var nils: NilEncoding
    /// What NaN and infinities write (an error by default).
    public var nonFiniteFloats: NonFiniteFloatEncoding
    /// Write `/` as `\/` (for embedding in HTML `<script>`). Unless set, models write `/` and
    /// other types `\/`, as `JSONEncoder`; once set, both doors follow it.
    public var escapeSlashes: Bool {
        get { escapeSlashesChoice ?? false }
        set { escapeSlashesChoice = newValue }
    }
    /// How dates are written. Unless set, ISO 8601 for models and `.deferredToDate` for other
    /// types, as `JSONEncoder`; once set, both doors use it.
    public var dates: DateEncodingStrategy {
        get { datesChoice ?? .iso8601 }
        set { datesChoice = newValue }
    }
    /// How `Data` is written (base64 by default).
    public var data: DataEncodingStrategy

    /// What the user set; nil leaves each door its own default (see ``forCodableDoor``).
    private var escapeSlashesChoice: Bool?
    private var datesChoice: DateEncodingStrategy?
    /// The Codable door's output, `JSONEncoder`'s byte for byte: its pretty-printed layout
    /// (`"key" : value`, empty containers on two lines) and its ISO 8601 dates in whole seconds.
    private(set) var foundationOutput = false

    /// Options with the defaults: compact, declaration order, nils left out, non-finite floats
    /// rejected. `escapeSlashes` and `dates` left `nil` take each door's default: `/` as is and
    /// ISO 8601 for models, `\/` and `.deferredToDate` (`JSONEncoder`'s) for other types.
    public init(prettyPrinted: Bool = false, sortedKeys: Bool = false, nils: NilEncoding = .omit,
                nonFiniteFloats: NonFiniteFloatEncoding = .throw, escapeSlashes: Bool? = nil,
                dates: DateEncodingStrategy? = nil, data: DataEncodingStrategy = .base64) {
        self.prettyPrinted = prettyPrinted
        self.sortedKeys = sortedKeys
        self.nils = nils
        self.nonFiniteFloats = nonFiniteFloats
        escapeSlashesChoice = escapeSlashes
        datesChoice = dates
        self.data = data
    }

    /// These options as the Codable door applies them: what was not set takes `JSONEncoder`'s
    /// default (`\/`, `.deferredToDate`), and pretty output takes its layout. Models nested in
    /// a Codable type keep their own dates (``modelDates``).
    var forCodableDoor: EncodingOptions {
        var resolved = self
        resolved.escapeSlashesChoice = escapeSlashesChoice ?? true
        resolved.datesChoice = datesChoice ?? .deferredToDate
        resolved.modelDates = dates
        resolved.foundationOutput = true
        return resolved
    }

    /// How a model inside a Codable type writes its dates: as the model door does (ISO 8601
    /// unless set), which is also what `JSONEncoder` writes through the model's `Codable`
    /// conformance. Nil outside the Codable door.
    private(set) var modelDates: DateEncodingStrategy?

    /// Whether `dates` was set (the encoder's Foundation-named getter reports the door's default otherwise).
    var datesWereSet: Bool { datesChoice != nil }

    /// Readable output: ``prettyPrinted`` set.
    public static let prettyPrinted = EncodingOptions(prettyPrinted: true)
}

/// Why encoding failed, and at which value (`$.items[2].price`).
public struct ModelEncodingError: Error, CustomStringConvertible, Sendable, Equatable {
    /// Where in the output: `$`, `$.a[3].b`.
    public var path: String
    /// What is wrong.
    public var message: String

    /// An error at `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}
