import Foundation
import Testing
@testable import ModelKitCore

@Suite struct DateParserTests {
    func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { DateParser.parseAutomatic(UnsafeRawBufferPointer($0)) }
    }

    @Test func agreesWithFoundationOnRandomDates() throws {
        var generator = SplitMix64(seed: 7)
        let iso = ISO8601DateFormatter()
        let plain = DateFormatter()
        plain.locale = Locale(identifier: "en_US_POSIX")
        plain.timeZone = TimeZone(identifier: "UTC")
        let twitter = DateFormatter()
        twitter.locale = Locale(identifier: "en_US_POSIX")
        twitter.timeZone = TimeZone(identifier: "UTC")
        twitter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        for _ in 0..<2000 {
            let seconds = Double(generator.next() % 7_000_000_000) - 2_000_000_000
            let date = Date(timeIntervalSince1970: seconds)
            #expect(parse(iso.string(from: date)) == date)
            #expect(parse(twitter.string(from: date)) == date)
            plain.dateFormat = "yyyy-MM-dd HH:mm:ss"
            #expect(parse(plain.string(from: date)) == date)
            plain.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
            #expect(parse(plain.string(from: date)) == date)
        }
    }

    @Test func zonesAndFractions() throws {
        #expect(parse("2013-08-29T18:43:38.125+08:00")?.timeIntervalSince1970 == 1377773018.125)
        #expect(parse("2013-08-29T18:43:38+0800")?.timeIntervalSince1970 == 1377773018)
        #expect(parse("2013-08-29T18:43:38+08")?.timeIntervalSince1970 == 1377773018)
        #expect(parse("2013-08-29T05:43:38-05:00")?.timeIntervalSince1970 == 1377773018)
        #expect(parse("2016-02-29")?.timeIntervalSince1970 == 1456704000)
    }

    @Test(arguments: ["2013-02-30", "2013-13-01", "2013-08-29T25:00:00Z", "2013-08-29T10:43:38+0", "Thu Aug 29 10:43:38 +0000",
                      "2013-08-29 ", "", "2013-8-29", "2013-08-29T10:43:60Z", "Xyz Aug 29 10:43:38 +0000 2013", "2015-02-29",
                      "2013-08-29T10:43:38.Z", "2013-08-29T10:43:38Zjunk"])
    func rejects(_ text: String) {
        #expect(parse(text) == nil, "\(text)")
    }

    /// Zones as far as ±18:00, as Foundation's ISO 8601 parsing (and `TimeZone`) allow: the
    /// oracle fuzzer found `+20` accepted where `JSONDecoder` rejects it.
    @Test func zoneOffsetsStopAtEighteenHours() {
        for zone in ["+18", "-18", "+1800", "+18:00", "-18:00", "+14", "+0230", "+02:30"] {
            #expect(parse("2024-02-29T12:34:56\(zone)") != nil, "\(zone)")
        }
        for zone in ["+19", "-19", "+20", "+23", "+1801", "+18:01", "-18:01", "+1900", "+23:59"] {
            #expect(parse("2024-02-29T12:34:56\(zone)") == nil, "\(zone)")
        }
        #expect(parse("Thu Feb 29 12:34:56 +1800 2024") != nil)
        #expect(parse("Thu Feb 29 12:34:56 +1900 2024") == nil)
    }

    @Test func iso8601NeedsAZone() {
        var text = "2013-08-29T10:43:38"
        #expect(text.withUTF8 { DateParser.parseISO8601(UnsafeRawBufferPointer($0)) } == nil)
        text = "2013-08-29T10:43:38Z"
        #expect(text.withUTF8 { DateParser.parseISO8601(UnsafeRawBufferPointer($0)) } != nil)
    }

    @Test func formattingRoundTripsToTheMicrosecond() throws {
        var generator = SplitMix64(seed: 9)
        for _ in 0..<5000 {
            let micros = Double(Int64(bitPattern: generator.next() % 9_000_000_000_000_000) - 2_000_000_000_000_000)
            let date = Date(timeIntervalSince1970: micros / 1_000_000)
            var bytes: [UInt8] = []
            DateFormatting.iso8601(date, into: &bytes)
            let back = try #require(bytes.withUnsafeBytes { DateParser.parseAutomatic($0) }, "\(String(decoding: bytes, as: UTF8.self))")
            #expect(abs(back.timeIntervalSince1970 - date.timeIntervalSince1970) < 1e-6)
        }
        var bytes: [UInt8] = []
        DateFormatting.iso8601(Date(timeIntervalSince1970: 1377773018.25), into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "2013-08-29T10:43:38.25Z")
    }
}

extension DateParserTests {
    /// RFC 3339 puts no bound on the digits of fractional seconds; `JSONDecoder` rejects more than
    /// nine (a listed difference, found by the oracle fuzz target). Digits past the precision of
    /// `Date` round away, whatever their number.
    @Test func fractionalSecondsMayHaveAnyNumberOfDigits() throws {
        let base = try #require(parse("2024-02-29T12:32:56.25-04"))
        for digits in [10, 30, 60] {
            let text = "2024-02-29T12:32:56.25" + String(repeating: "0", count: digits - 3) + "1-04"
            let date = try #require(parse(text), "\(digits) digits")
            #expect(abs(date.timeIntervalSince(base)) < 1e-6, "\(digits) digits")
        }
    }
}
