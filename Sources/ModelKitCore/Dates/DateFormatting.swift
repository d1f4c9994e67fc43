#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a `Date` becomes ISO 8601 text (the default encoding, read back by `.automatic`).
///
/// A pure function of the date: integer arithmetic on the epoch seconds (Howard Hinnant's
/// civil-from-days), no `Calendar`, no time zone, no allocation, so writers format straight into
/// their output buffer.
enum DateFormatting {
    /// The most bytes ``writeISO8601(_:to:)`` writes: a sign, a year of up to 19 digits and
    /// `-MM-DDTHH:MM:SS.ffffffZ`.
    static let maxISO8601Count = 1 + 19 + 6 + 9 + 7 + 1

    /// Writes `yyyy-MM-ddTHH:mm:ss[.ffffff]Z` in UTC at `out` (room for ``maxISO8601Count``
    /// bytes) and returns the number of bytes written. The fraction (microseconds, trailing zeros
    /// dropped) appears only when the date has one; microseconds keep a `Date` to within 0.5 µs.
    /// Call only for a date that ``isWritable(_:)``.
    static func writeISO8601(_ date: Date, to out: UnsafeMutablePointer<UInt8>) -> Int {
        let (seconds, micros) = wholeSecondsAndMicroseconds(date)
        let total = Int(seconds)
        var days = total / 86400
        var secondOfDay = total % 86400
        if secondOfDay < 0 {
            secondOfDay += 86400
            days -= 1
        }
        let (year, month, day) = civil(fromDays: days)

        var cursor = Cursor(out)
        if year < 0 { cursor.put(UInt8(ascii: "-")) }
        cursor.putDigits(year.magnitude, width: max(4, decimalDigitCount(year.magnitude)))
        cursor.put(UInt8(ascii: "-"))
        cursor.putDigits(UInt(month), width: 2)
        cursor.put(UInt8(ascii: "-"))
        cursor.putDigits(UInt(day), width: 2)
        cursor.put(UInt8(ascii: "T"))
        cursor.putDigits(UInt(secondOfDay / 3600), width: 2)
        cursor.put(UInt8(ascii: ":"))
        cursor.putDigits(UInt(secondOfDay / 60 % 60), width: 2)
        cursor.put(UInt8(ascii: ":"))
        cursor.putDigits(UInt(secondOfDay % 60), width: 2)
        if micros > 0 {
            var width = 6
            var fraction = micros
            while fraction % 10 == 0 {
                fraction /= 10
                width -= 1
            }
            cursor.put(UInt8(ascii: "."))
            cursor.putDigits(UInt(fraction), width: width)
        }
        cursor.put(UInt8(ascii: "Z"))
        return cursor.count
    }

    /// Whether the text of `date` falls in years 0…9999 (``DateRange``), once rounded to the
    /// microsecond: no other text reads back.
    static func isWritable(_ date: Date) -> Bool {
        guard date.timeIntervalSince1970.isFinite else { return false }
        return DateRange.contains(wholeSecondsAndMicroseconds(date).seconds)
    }

    private static func wholeSecondsAndMicroseconds(_ date: Date) -> (seconds: Double, micros: Int) {
        let time = date.timeIntervalSince1970
        let seconds = time.rounded(.down)
        let micros = Int(((time - seconds) * 1_000_000).rounded())
        return micros == 1_000_000 ? (seconds + 1, 0) : (seconds, micros)
    }

    /// Appends the ISO 8601 text of `date` to `buffer` (description and `JSONValue` paths);
    /// returns false, writing nothing, for a date that is not ``isWritable(_:)``.
    @discardableResult
    static func iso8601(_ date: Date, into buffer: inout [UInt8]) -> Bool {
        guard isWritable(date) else { return false }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxISO8601Count) { scratch in
            let count = writeISO8601(date, to: scratch.baseAddress!)
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[..<count]))
        }
        return true
    }

    /// The inverse of `DateParser.daysFromCivil`: the proleptic Gregorian date `days` after 1970-01-01.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func decimalDigitCount(_ value: UInt) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// A write position in a caller's buffer that is known to be large enough.
    ///
    /// Why unsafe: the writer's output buffer is written in place, with no temporary; every caller
    /// reserves ``maxISO8601Count`` bytes, which bounds what one date writes.
    private struct Cursor {
        let base: UnsafeMutablePointer<UInt8>
        var count = 0

        init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

        @inline(__always)
        mutating func put(_ byte: UInt8) {
            assert(count < DateFormatting.maxISO8601Count)
            base[count] = byte
            count += 1
        }

        /// `value` zero-padded to `width` digits (the caller makes `width` large enough).
        @inline(__always)
        mutating func putDigits(_ value: UInt, width: Int) {
            assert(count + width <= DateFormatting.maxISO8601Count)
            var rest = value
            var i = count + width
            while i > count {
                i -= 1
                base[i] = 0x30 &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            count += width
        }
    }
}
