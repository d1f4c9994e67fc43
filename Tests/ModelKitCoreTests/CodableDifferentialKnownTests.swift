import Foundation
import Testing
@testable import ModelKitCore

/// One minimal input per known difference from `JSONDecoder` (`Oracle.Known`), asserting the
/// `JSONDecoder`-equal result inside `withKnownIssue`: once the bridge matches, the test fails
/// ("known issue was not recorded") and the wrapper and the `Oracle.Known` case go. Then the
/// inputs that crashed Foundation's own decoder over the years: ModelKit must not crash.
@Suite struct CodableDifferentialKnownTests {
    typealias H = CodableDifferentialTests.H
    typealias Known = Oracle.Known

    func same<T: Decodable>(_ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation) {
        CodableDifferentialTests.same(T.self, json, sourceLocation: sourceLocation)
    }

    @Test func topLevelScalarsAndArraysThrowDecodingError() {
        same(Int.self, "null")
        same(Bool.self, "tru")
        same([Int].self, #"[1,"x"]"#)
        same([String: Int].self, #"{"a":true}"#)
    }

    @Test func trailingCommas() {
        withKnownIssue(Known.trailingComma.reason) { same(H<[Int]>.self, #"{"v":[1,]}"#) }
        withKnownIssue(Known.trailingComma.reason) { same(H<Int>.self, #"{"v":1,}"#) }
    }

    @Test func numberOutOfRangePath() {
        withKnownIssue(Known.numberErrorPath.reason) { same(H<Int8>.self, #"{"v":128}"#) }
        withKnownIssue(Known.numberErrorPath.reason) { same(H<Double>.self, #"{"v":1e309}"#) }
        withKnownIssue(Known.numberErrorPath.reason) { same(H<Decimal>.self, #"{"v":1e128}"#) }
    }

    @Test func fractionIntoInteger() {
        withKnownIssue(Known.fractionIntoInteger.reason) { same(H<Int>.self, #"{"v":2.5}"#) }
    }

    @Test func underflow() {
        // The same case as JSONDecoder now; only the coding path differs, as for every number out of range.
        withKnownIssue(Known.numberErrorPath.reason) { same(H<Double>.self, #"{"v":2.01e-1234}"#) }
        withKnownIssue(Known.numberErrorPath.reason) { same(H<Double>.self, #"{"v":4e-325}"#) }
        withKnownIssue(Known.numberErrorPath.reason) { same(H<Float>.self, #"{"v":1e-50}"#) }
        same(H<Double>.self, #"{"v":-0.000e-999}"#)
    }

    @Test func decimalRange() {
        for text in ["1e120", "1e127", "123456789e120", "-1e127"] {
            same(H<Decimal>.self, #"{"v":\#(text)}"#)
        }
    }

    @Test func dates() {
        same(H<Date>.self, #"{"v":"2024-01-01T00:00:00z"}"#)
        // FuzzOracle: a zone beyond ±18:00 is no date (the error's path differs as for every malformed date).
        for zone in ["+18", "-18:00", "+1800"] { same(H<Date>.self, #"{"v":"2024-02-29T12:34:56\#(zone)"}"#) }
        for zone in ["+20", "+18:01", "-19"] {
            let json = #"{"v":"2024-02-29T12:34:56\#(zone)"}"#
            #expect(throws: DecodingError.self) { try ModelDecoder().decode(H<Date>.self, from: json) }
            withKnownIssue(Known.numberErrorPath.reason) { same(H<Date>.self, json) }
        }
        withKnownIssue(Known.numberErrorPath.reason) { same(H<Date>.self, #"{"v":"yesterday"}"#) }
        // The nearest Double to the fraction, added to seconds since 1970: within an ulp or two of
        // JSONDecoder's (which adds it to seconds since 2001); equal on many inputs.
        withKnownIssue(Known.fractionalSeconds.reason, isIntermittent: true) {
            same(H<Date>.self, #"{"v":"2000-12-02T00:02:39.123Z"}"#)
            same(H<Date>.self, #"{"v":"2024-02-29T23:59:59.999999Z"}"#)
        }
        withKnownIssue(Known.preGregorianDates.reason) { same(H<Date>.self, #"{"v":"0001-01-01T00:00:00Z"}"#) }
    }

    @Test func invalidBase64() {
        same(H<Data>.self, #"{"v":"YQ"}"#)
    }

    @Test func nullForBool() {
        withKnownIssue(Known.nullForBool.reason) { same(H<[Bool]>.self, #"{"v":[null]}"#) }
        withKnownIssue(Known.nullForBool.reason) { same(H<[String: Bool]>.self, #"{"v":{"a":null}}"#) }
    }

    /// FuzzOracle: `{"id":…,"parent":{…},"level":5,"parent":{…}}` read `parent` second.
    @Test func repeatedKeyAskedAfterALaterKey() {
        struct BA: Decodable {
            var a: Int, b: Int
            enum K: String, CodingKey { case a, b }
            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: K.self)
                b = try c.decode(Int.self, forKey: .b)
                a = try c.decode(Int.self, forKey: .a)
            }
        }
        same(BA.self, #"{"a":1,"b":2,"a":3}"#)
    }

    @Test func intDictionaryKeyInPath() {
        withKnownIssue(Known.intKeyPath.reason) { same(H<[Int: String]>.self, #"{"v":{"1":2}}"#) }
    }

    @Test func integralFloatIntoInt64() {
        withKnownIssue(Known.integralFloatIntoInteger.reason) { same(H<Int64>.self, #"{"v":9223372036854775807.0}"#) }
    }

    // MARK: Inputs that crashed Foundation's JSONDecoder

    @Test func crashersIntoInt() {
        same(Int.self, "1147e0286")
        withKnownIssue(Known.numberErrorPath.reason) { same(H<Int>.self, #"{"v":1147e0286}"#) }
        same(Int.self, "1.7976931348623157e308")
        withKnownIssue(Known.numberErrorPath.reason) { same(H<Int>.self, #"{"v":1.7976931348623157e308}"#) }
    }

    @Test func crashersIntoDecimalAndDouble() {
        same(Decimal.self, "100e200")
        withKnownIssue(Known.numberErrorPath.reason) { same(H<Decimal>.self, #"{"v":100e200}"#) }
        same(Decimal.self, "1e127")
        same(H<Decimal>.self, #"{"v":123456789e120}"#)
        same(Double.self, "2.01e-1234")
    }

    @Test func invalidUTF8AndRawNewlinesInKeys() {
        struct S: Decodable { var s: String }
        let prefix = Array(#"{"s":"x",""#.utf8)
        for key in [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0x61, 0x0A, 0x62], [0x0A], [0x00]] as [[UInt8]] {
            CodableDifferentialTests.same(S.self, prefix + key + Array(#"":1}"#.utf8))
            CodableDifferentialTests.same(S.self, Array(#"{""#.utf8) + key + Array(#"":1,"s":"x"}"#.utf8))
        }
        CodableDifferentialTests.same(S.self, Array(#"{"s":""#.utf8) + [0xFF] + Array(#""}"#.utf8))
        CodableDifferentialTests.same([String: Int].self, [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])
        same([String: Int].self, "{\"a\nb\":1}")
    }
}
