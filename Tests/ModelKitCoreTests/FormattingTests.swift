import Foundation
import Testing
@testable import ModelKitCore

/// Dates and numbers are formatted straight into the output buffer; these pin the bytes to what the
/// `String`-based formatting wrote before, and check that they read back.
@Suite struct DateFormattingTests {
    /// A date in a model: the model door writes ISO 8601 with its fractional seconds (a top-level
    /// `Date` takes the Codable door, which writes JSONEncoder's whole seconds).
    private struct Stamped: Model {
        var at = Date(timeIntervalSince1970: 0)
        static let schema = Schema(Stamped.self) { Field("at", \.at) }
    }

    private func text(_ date: Date, _ options: EncodingOptions = EncodingOptions(dates: .iso8601)) throws -> String {
        let json = String(decoding: try ModelEncoder(options: options).encode(Stamped(at: date)), as: UTF8.self)
        return String(json.dropFirst(#"{"at":"#.count).dropLast())
    }

    @Test func knownDates() throws {
        let cases: [(Double, String)] = [
            (0, "1970-01-01T00:00:00Z"),
            (-1.5, "1969-12-31T23:59:58.5Z"),
            (-0.000001, "1969-12-31T23:59:59.999999Z"),
            (0.000001, "1970-01-01T00:00:00.000001Z"),
            (0.123456, "1970-01-01T00:00:00.123456Z"),
            (1377773018.25, "2013-08-29T10:43:38.25Z"),
            (951782400, "2000-02-29T00:00:00Z"),      // divisible by 400: leap
            (-2203891200, "1900-03-01T00:00:00Z"),    // 1900 is not leap: Feb 28 → Mar 1
            (-2203977600, "1900-02-28T00:00:00Z"),
            (1709164800, "2024-02-29T00:00:00Z"),
            (1735689599, "2024-12-31T23:59:59Z"),
            (-62135596800, "0001-01-01T00:00:00Z"),
            (-62167219200, "0000-01-01T00:00:00Z"),
            (253402300799, "9999-12-31T23:59:59Z"),
            (4102444800.5, "2100-01-01T00:00:00.5Z"),
        ]
        for (seconds, expected) in cases {
            #expect(try text(Date(timeIntervalSince1970: seconds)) == "\"\(expected)\"", "\(seconds)")
        }
    }

    @Test func sameBytesAsTheArrayBasedFormatterForYears0Through9999() throws {
        var generator = SystemRandomNumberGenerator()
        let first = -62167219200.0, end = 253402300800.0
        for i in 0..<20_000 {
            var seconds = Double(Int64.random(in: Int64(first)..<Int64(end), using: &generator))
            // Half with microseconds, a few with sub-microsecond noise that rounds.
            if i % 2 == 0 { seconds += Double(Int.random(in: 0..<1_000_000, using: &generator)) / 1_000_000 }
            if i % 7 == 0 { seconds += Double.random(in: 0..<1, using: &generator) }
            let date = Date(timeIntervalSince1970: seconds)
            #expect(try text(date) == "\"\(LegacyISO8601.format(date))\"", "\(seconds)")
        }
    }

    @Test func readsBackThroughTheDecoder() throws {
        for seconds in [0, -1.5, 1377773018.25, -62135596800, 253402300799, 1e9 + 0.000123, -1e9 - 0.5] {
            let date = Date(timeIntervalSince1970: seconds)
            let encoded = try ModelEncoder().encode(date)
            let back = try ModelDecoder().decode(Date.self, from: encoded)
            #expect(abs(back.timeIntervalSince1970 - seconds) < 0.000_001, "\(seconds)")
            #expect(try ModelEncoder().encode(back) == encoded)
        }
    }

    @Test func numericStrategies() throws {
        let date = Date(timeIntervalSince1970: 1377773018.25)
        #expect(try text(date, EncodingOptions(dates: .secondsSince1970)) == "1377773018.25")
        #expect(try text(date, EncodingOptions(dates: .millisecondsSince1970)) == "1377773018250")
        #expect(try text(Date(timeIntervalSince1970: -0.5), EncodingOptions(dates: .secondsSince1970)) == "-0.5")
    }

    @Test func descriptionAndJSONValueUseTheSameText() throws {
        let date = Date(timeIntervalSince1970: 1377773018.25)
        #expect(date.scalarJSONValue == .string("2013-08-29T10:43:38.25Z"))
    }
}

@Suite struct NumberFormattingTests {
    private func text<T: ModelValue>(_ value: T) throws -> String {
        String(decoding: try ModelEncoder().encode(value), as: UTF8.self)
    }

    /// What `JSONEncoder` writes: `description` without a trailing `.0` (its own rule, read in
    /// swift-foundation's JSONEncoder.swift).
    private func jsonEncoderText<T: BinaryFloatingPoint & CustomStringConvertible>(_ value: T) -> String {
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    static let edgeDoubles: [Double] = [
        0, -0.0, 1, -1, 0.1, 0.2, 0.3, 1.0 / 3, 2.0 / 3, 123.456, -123.456, 0.5, 1e-4, 1e-5, 1.5e-7,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, Double.leastNormalMagnitude.nextDown,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .ulpOfOne, .pi, -.pi,
        1e15, Double(1e15).nextDown, Double(1e15).nextUp, 1e16, 1e21, Double(1e21).nextDown, Double(1e21).nextUp,
        1e22, 1e23, 9007199254740992, 9007199254740994, 18446744073709551616, Double(bitPattern: 2), 2.2250738585072014e-308,
        1.7976931348623157e308, Double(bitPattern: 0x000F_FFFF_FFFF_FFFF), 123456789012345680, 0.1 + 0.2,
    ]

    @Test(arguments: edgeDoubles)
    func edgeDoublesMatchAndRoundTrip(_ value: Double) throws {
        let encoded = try text(value)
        #expect(encoded == jsonEncoderText(value))
        let back = try ModelDecoder().decode(Double.self, from: encoded)
        #expect(back == value)
        #expect(back.sign == value.sign)
    }

    @Test func randomDoublesMatchDescriptionAndRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        while checked < 20_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            checked += 1
            let encoded = try text(value)
            #expect(encoded == jsonEncoderText(value))
            #expect(try ModelDecoder().decode(Double.self, from: encoded).bitPattern == value.bitPattern, "\(encoded)")
        }
    }

    @Test func floatsMatchDescriptionAndRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        let edges: [Float] = [0, -0.0, 0.1, 1, -1, 16_777_216, .leastNonzeroMagnitude, .leastNormalMagnitude,
                              .greatestFiniteMagnitude, 1e-5, 3.4e38, 1e21]
        var values = edges
        while values.count < 10_000 {
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
            if value.isFinite { values.append(value) }
        }
        for value in values {
            let encoded = try text(value)
            #expect(encoded == jsonEncoderText(value))
            #expect(try ModelDecoder().decode(Float.self, from: encoded).bitPattern == value.bitPattern, "\(encoded)")
        }
    }

    @Test func decimalsMatchDescriptionAndRoundTrip() throws {
        var values: [Decimal] = [0, 1, -1, 10, 100, 0.5, -0.25, 123.456, Decimal(string: "1.50")!, Decimal(string: "0.000001")!,
                                 Decimal(string: "-0.00000000000000000000000000000001")!, Decimal(string: "1e20")!,
                                 Decimal(string: "12345678901234567890123456789012345678")!,
                                 .greatestFiniteMagnitude, .leastFiniteMagnitude, .leastNonzeroMagnitude]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let significand = Decimal(UInt64.random(in: 0...UInt64.max, using: &generator))
            let exponent = Int.random(in: -40...40, using: &generator)
            values.append(Decimal(sign: Bool.random(using: &generator) ? .minus : .plus, exponent: exponent, significand: significand))
        }
        for value in values {
            let encoded = try text(value)
            #expect(encoded == value.description)
        }
        // Decoding does not take the 39-digit extremes (`greatestFiniteMagnitude` is out of its range).
        for value in values where abs(value) < Decimal(string: "1e30")! {
            #expect(try ModelDecoder().decode(Decimal.self, from: try text(value)) == value, "\(value)")
        }
    }

    @Test func theRuntimeFormatterIsInUse() {
        // Otherwise every float is formatted through an allocated `String`.
        #expect(FloatFormatting.runtimeMatchesDescription)
        #expect(DecimalFormatting.readsStorage)
    }

    @Test func integersAtTheirLimits() throws {
        #expect(try text(Int64.min) == "-9223372036854775808")
        #expect(try text(Int64.max) == "9223372036854775807")
        #expect(try text(UInt64.max) == "18446744073709551615")
        #expect(try text(Int8.min) == "-128")
        #expect(try text(0) == "0")
    }
}

/// The `[UInt8]`-appending ISO 8601 formatter the writer used before it wrote into its buffer
/// (kept verbatim as the reference for years 0…9999).
private enum LegacyISO8601 {
    static func format(_ date: Date) -> String {
        var buffer: [UInt8] = []
        let time = date.timeIntervalSince1970
        var seconds = time.rounded(.down)
        var micros = Int(((time - seconds) * 1_000_000).rounded())
        if micros == 1_000_000 {
            seconds += 1
            micros = 0
        }
        let total = Int(seconds)
        var days = total / 86400
        var secondOfDay = total % 86400
        if secondOfDay < 0 {
            secondOfDay += 86400
            days -= 1
        }
        let (year, month, day) = DateFormatting.civil(fromDays: days)
        func put(_ value: Int, _ width: Int) {
            var digits = [UInt8](repeating: 0x30, count: width)
            var v = abs(value)
            for i in stride(from: width - 1, through: 0, by: -1) {
                digits[i] = UInt8(0x30 + v % 10)
                v /= 10
            }
            buffer += digits
        }
        if year < 0 { buffer.append(UInt8(ascii: "-")) }
        put(year, 4)
        buffer.append(UInt8(ascii: "-"))
        put(month, 2)
        buffer.append(UInt8(ascii: "-"))
        put(day, 2)
        buffer.append(UInt8(ascii: "T"))
        put(secondOfDay / 3600, 2)
        buffer.append(UInt8(ascii: ":"))
        put(secondOfDay / 60 % 60, 2)
        buffer.append(UInt8(ascii: ":"))
        put(secondOfDay % 60, 2)
        if micros > 0 {
            var width = 6
            var value = micros
            while value % 10 == 0 {
                value /= 10
                width -= 1
            }
            buffer.append(UInt8(ascii: "."))
            put(value, width)
        }
        buffer.append(UInt8(ascii: "Z"))
        return String(decoding: buffer, as: UTF8.self)
    }
}
