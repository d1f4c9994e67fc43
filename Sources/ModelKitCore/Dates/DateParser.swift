#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a date string becomes a `Date`: hand-written parsers for the formats
/// ``DateDecodingStrategy/automatic`` accepts. `DateFormatter` is slow and shared mutable
/// state; these work on the token's bytes with no allocation.
///
/// Forms without a zone are read as UTC (servers run in UTC; the result must not depend on
/// the machine). A leap second (`:60`) is rejected, as Foundation's formatters do.
enum DateParser {
    /// `yyyy-MM-dd`, `yyyy-MM-dd HH:mm:ss`, `yyyy-MM-dd'T'HH:mm:ss`, ISO 8601 with zone and
    /// optional fractional seconds, and `EEE MMM dd HH:mm:ss Z yyyy` (Twitter).
    static func parseAutomatic(_ bytes: UnsafeRawBufferPointer) -> Date? {
        guard let first = bytes.first else { return nil }
        if first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") {
            return parseNumeric(bytes, requireZone: false)
        }
        return parseTwitter(bytes)
    }

    /// ISO 8601 with a zone (`Z`, `±hh:mm`, `±hhmm`, `±hh`) and optional fractional seconds.
    static func parseISO8601(_ bytes: UnsafeRawBufferPointer) -> Date? {
        parseNumeric(bytes, requireZone: true)
    }

    private struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        var atEnd: Bool { index >= bytes.count }

        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<count {
                let byte = bytes[index]
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
                index += 1
            }
            return value
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }
    }

    private static func parseNumeric(_ bytes: UnsafeRawBufferPointer, requireZone: Bool) -> Date? {
        var c = Cursor(bytes: bytes)
        guard let year = c.digits(4), c.take(0x2D), let month = c.digits(2), c.take(0x2D), let day = c.digits(2) else { return nil }
        guard let days = daysFromCivil(year: year, month: month, day: day) else { return nil }
        if c.atEnd { return requireZone ? nil : Date(timeIntervalSince1970: Double(days) * 86400) }
        let separator = c.peek
        guard separator == UInt8(ascii: "T") || (separator == UInt8(ascii: " ") && !requireZone) else { return nil }
        c.index += 1
        guard let hour = c.digits(2), c.take(0x3A), let minute = c.digits(2), c.take(0x3A), let second = c.digits(2),
              hour < 24, minute < 60, second < 60 else { return nil }
        var fraction = 0.0
        if c.take(UInt8(ascii: ".")) {
            // Digits as one integer over a power of ten: the nearest Double to the fraction
            // (adding digit × 0.1ⁿ drifts by many ulps: .123 became .12299997).
            var digits: UInt64 = 0
            var scale: UInt64 = 1
            var any = false
            while let byte = c.peek, byte >= 0x30 && byte <= 0x39 {
                if scale < 1_000_000_000_000_000_000 {
                    digits = digits * 10 + UInt64(byte - 0x30)
                    scale *= 10
                }
                c.index += 1
                any = true
            }
            guard any else { return nil }
            fraction = Double(digits) / Double(scale)
        }
        var offsetSeconds = 0
        if c.atEnd {
            guard !requireZone else { return nil }
        } else if c.take(UInt8(ascii: "Z")) || c.take(UInt8(ascii: "z")) {
            // UTC
        } else if let zone = parseZone(&c) {
            offsetSeconds = zone
        } else {
            return nil
        }
        guard c.atEnd else { return nil }
        // Seconds since 1970, as archives and every writer here store dates: a parsed date reads
        // back from them bit for bit.
        let whole = Double(days * 86400 + hour * 3600 + minute * 60 + second - offsetSeconds)
        return Date(timeIntervalSince1970: whole + fraction)
    }

    /// `+hh:mm`, `+hhmm`, `+hh` (or `-`): seconds east of UTC, at most 18 hours either way (the
    /// range of Foundation's `TimeZone`, and what `JSONDecoder`'s ISO 8601 strategy accepts).
    private static func parseZone(_ c: inout Cursor) -> Int? {
        guard let sign = c.peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        c.index += 1
        guard let hours = c.digits(2), hours < 24 else { return nil }
        var minutes = 0
        if !c.atEnd {
            _ = c.take(UInt8(ascii: ":"))
            guard let m = c.digits(2), m < 60 else { return nil }
            minutes = m
        }
        let seconds = hours * 3600 + minutes * 60
        guard seconds <= 18 * 3600 else { return nil }
        return sign == UInt8(ascii: "+") ? seconds : -seconds
    }

    private static let monthNames: [String] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let dayNames: [String] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    /// `Thu Aug 29 10:43:38 +0000 2013` (English names, any case).
    private static func parseTwitter(_ bytes: UnsafeRawBufferPointer) -> Date? {
        guard bytes.count == 30 else { return nil }
        func word(_ at: Int) -> String {
            String(decoding: bytes[at..<at + 3].map { $0 | 0x20 }, as: UTF8.self)
        }
        guard dayNames.contains(word(0)), bytes[3] == 0x20, let monthIndex = monthNames.firstIndex(of: word(4)), bytes[7] == 0x20,
              bytes[10] == 0x20, bytes[19] == 0x20, bytes[25] == 0x20 else { return nil }
        var c = Cursor(bytes: bytes, index: 8)
        guard let day = c.digits(2), c.take(0x20), let hour = c.digits(2), c.take(0x3A), let minute = c.digits(2), c.take(0x3A),
              let second = c.digits(2), hour < 24, minute < 60, second < 60, c.take(0x20) else { return nil }
        guard let zone = parseZone(&c), c.take(0x20), let year = c.digits(4), c.atEnd else { return nil }
        guard let days = daysFromCivil(year: year, month: monthIndex + 1, day: day) else { return nil }
        return Date(timeIntervalSince1970: Double(days * 86400 + hour * 3600 + minute * 60 + second - zone))
    }

    /// Days since 1970-01-01 for a proleptic Gregorian date (Howard Hinnant's algorithm), or nil
    /// when the day does not exist in that month.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int? {
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
