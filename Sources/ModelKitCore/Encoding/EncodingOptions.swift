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

    /// Two-space indentation, one member per line, `"key": value`.
    public var prettyPrinted: Bool
    /// Object keys in UTF-8 byte order at every level (stable output for diffs and signatures).
    public var sortedKeys: Bool
    /// What a `nil` field writes (left out by default).
    public var nils: NilEncoding
    /// What NaN and infinities write (an error by default).
    public var nonFiniteFloats: NonFiniteFloatEncoding
    /// Write `/` as `\/` (for embedding in HTML `<script>`).
    public var escapeSlashes: Bool
    /// How dates are written (ISO 8601 by default).
    public var dates: DateEncodingStrategy
    /// How `Data` is written (base64 by default).
    public var data: DataEncodingStrategy

    /// Options with the defaults: compact, declaration order, nils left out, non-finite floats rejected, ISO 8601 dates.
    public init(prettyPrinted: Bool = false, sortedKeys: Bool = false, nils: NilEncoding = .omit,
                nonFiniteFloats: NonFiniteFloatEncoding = .throw, escapeSlashes: Bool = false,
                dates: DateEncodingStrategy = .iso8601, data: DataEncodingStrategy = .base64) {
        self.prettyPrinted = prettyPrinted
        self.sortedKeys = sortedKeys
        self.nils = nils
        self.nonFiniteFloats = nonFiniteFloats
        self.escapeSlashes = escapeSlashes
        self.dates = dates
        self.data = data
    }

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
