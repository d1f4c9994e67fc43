#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The dates ModelKit reads and writes: years 0000 through 9999 (UTC), the range of ISO 8601's
/// four-digit years. Decoding rejects any other date (`1e300` seconds, `"1e999"`, year 10000)
/// with a located error, so every decoded `Date` can be encoded again.
enum DateRange {
    /// 0000-01-01T00:00:00Z, in seconds since 1970.
    static let earliest: Double = -62_167_219_200
    /// 10000-01-01T00:00:00Z, the first second after the range.
    static let end: Double = 253_402_300_800

    /// Whether `seconds` since 1970 is in the range (false for NaN and infinities).
    static func contains(_ seconds: Double) -> Bool {
        seconds >= earliest && seconds < end
    }

    static let description = "years 0000–9999"
}
