import Foundation
import Testing
@testable import ModelKitCore

// Int128 and UInt128 through the bridge's containers, against JSONDecoder.
private struct Wide: Codable, Equatable {
    var a: Int128
    var b: UInt128
    var list: [Int128]
}

struct CodableWideIntegerTests {
    @Test(arguments: [
        #"{"a":170141183460469231731687303715884105727,"b":340282366920938463463374607431768211455,"list":[-170141183460469231731687303715884105728]}"#,
        #"{"a":1.0,"b":2e3,"list":[0,-1]}"#,
    ])
    func wideIntegersDecodeLikeJSONDecoder(json: String) throws {
        let expected = try JSONDecoder().decode(Wide.self, from: Data(json.utf8))
        #expect(try ModelDecoder(options: DecodingOptions(conversion: .strict)).decode(Wide.self, from: json) == expected)
    }

    @Test(arguments: [
        #"{"a":170141183460469231731687303715884105728,"b":1,"list":[]}"#, #"{"a":1.5,"b":1,"list":[]}"#,
        #"{"a":"1","b":1,"list":[]}"#, #"{"a":null,"b":1,"list":[]}"#, #"{"a":1,"b":-1,"list":[]}"#,
    ])
    func wideIntegerFailuresMatchJSONDecoder(json: String) {
        func failureCase(_ decode: () throws -> Wide) -> String {
            do { _ = try decode(); return "decoded" } catch let error as DecodingError {
                switch error {
                case .typeMismatch: return "typeMismatch"
                case .valueNotFound: return "valueNotFound"
                case .keyNotFound: return "keyNotFound"
                case .dataCorrupted: return "dataCorrupted"
                @unknown default: return "unknown"
                }
            } catch { return "other" }
        }
        let ours = failureCase { try ModelDecoder(options: DecodingOptions(conversion: .strict)).decode(Wide.self, from: json) }
        let theirs = failureCase { try JSONDecoder().decode(Wide.self, from: Data(json.utf8)) }
        #expect(ours != "decoded")
        #expect(ours == theirs, "\(json): \(ours) vs \(theirs)")
    }

    private struct One<T: Codable>: Codable { var v: T }

    /// What the bridge reads `number` as into `T` (in a Codable type), or nil when it fails.
    private func read<T: Codable & FixedWidthInteger>(_ type: T.Type, _ number: String, strict: Bool) -> T? {
        let decoder = ModelDecoder(options: DecodingOptions(conversion: strict ? .strict : .lenient))
        return try? decoder.decode(One<T>.self, from: #"{"v":\#(number)}"#).v
    }

    /// A mantissa past `Decimal`'s 38 digits was rounded before the "is it whole?" check, so a
    /// fraction far enough right was dropped, and a value just past the range rounded into it
    /// (silently wrong values). The oracle is exact: each input's value, written out by hand.
    @Test(arguments: [
        ("12345678901234567890123456789.00000000001", nil, nil),
        ("-12345678901234567890123456789.00000000001", nil, nil),
        ("1.00000000000000000000000000000000000000001", nil, nil),
        ("123456789012345678901234567890123456789.5", nil, nil),
        ("170141183460469231731687303715884105727.0000000000000000000000001", nil, nil),
        ("12345678901234567890123456789.5e1", "123456789012345678901234567895", "123456789012345678901234567895"),
        ("1.5e1", "15", "15"), ("150e-1", "15", "15"), ("15e-1", nil, nil), ("1.5e0", nil, nil), ("1E+2", "100", "100"),
        ("1234567890123456789012345678901234567890e-2", nil, nil), ("1234567890123456789012345678901234567800e-2", "12345678901234567890123456789012345678", "12345678901234567890123456789012345678"),
        ("1e38", "100000000000000000000000000000000000000", "100000000000000000000000000000000000000"), ("1e39", nil, nil),
        ("-1e38", "-100000000000000000000000000000000000000", nil), ("0.0e5", "0", "0"), ("-0", "0", "0"), ("-0.0", "0", "0"),
        ("0e-999999999999", "0", "0"), ("1e999999999999", nil, nil), ("1e-999999999999", nil, nil),
        ("170141183460469231731687303715884105727.0", "170141183460469231731687303715884105727", "170141183460469231731687303715884105727"),
        ("1701411834604692317316873037158841057270e-1", "170141183460469231731687303715884105727", "170141183460469231731687303715884105727"),
        ("-170141183460469231731687303715884105728.0", "-170141183460469231731687303715884105728", nil),
        ("170141183460469231731687303715884105728", nil, "170141183460469231731687303715884105728"),
        ("-170141183460469231731687303715884105729", nil, nil),
        ("340282366920938463463374607431768211455.0", nil, "340282366920938463463374607431768211455"),
        ("340282366920938463463374607431768211456", nil, nil), ("3402823669209384634633746074317682114560e-1", nil, nil),
        ("-1.0", "-1", nil), ("-1e0", "-1", nil), ("100000000000000000000000000000000000000000e-3", "100000000000000000000000000000000000000", "100000000000000000000000000000000000000"),
        ("0.1", nil, nil), ("0.000", "0", "0"),
    ] as [(String, String?, String?)])
    func wideIntegersAreReadExactly(number: String, int128: String?, uint128: String?) {
        for strict in [false, true] {
            #expect(read(Int128.self, number, strict: strict).map { "\($0)" } == int128, "Int128 \(number)")
            #expect(read(UInt128.self, number, strict: strict).map { "\($0)" } == uint128, "UInt128 \(number)")
        }
    }

    /// Random wide integers spelled with fractions of zeros and exponents read back exactly; the
    /// same with a nonzero digit far right fails. Where `Double` holds the value exactly,
    /// `JSONDecoder` agrees.
    @Test func spellingsOfRandomWideIntegersReadExactly() throws {
        var generator = SplitMix64(seed: 34)
        for round in 0..<300 {
            let value: Int128 = round < 100 ? Int128(Int.random(in: -1_000_000...1_000_000, using: &generator))
                : Int128(truncatingIfNeeded: UInt128.random(in: 0...UInt128.max, using: &generator))
            let digits = String(value.magnitude), sign = value < 0 ? "-" : ""
            let shift = Int.random(in: 0..<digits.count, using: &generator)
            let split = digits.index(digits.endIndex, offsetBy: -shift)
            let scientific = sign + digits[..<split] + "." + digits[split...] + "000e\(shift)"
            for spelling in ["\(value)", "\(value).000", scientific, sign + digits + "0e-1"] {
                #expect(read(Int128.self, spelling, strict: true) == value, "\(spelling)")
                if value >= 0 { #expect(read(UInt128.self, spelling, strict: true) == UInt128(value), "\(spelling)") }
            }
            let withFraction = "\(value).\(String(repeating: "0", count: 40))1"
            #expect(read(Int128.self, withFraction, strict: false) == nil, "\(withFraction)")
            if round < 100 {
                let foundation = try JSONDecoder().decode(One<Int128>.self, from: Data(#"{"v":\#(scientific)}"#.utf8)).v
                #expect(read(Int128.self, scientific, strict: true) == foundation)
            }
        }
    }

    /// The reproducer's inputs, which no integer width may read.
    @Test func fractionsPastThirtyEightDigitsAreRejected() {
        let decoder = ModelDecoder(options: .server)
        for number in ["12345678901234567890123456789.00000000001", "99999999999999999999999999999999999999.9"] {
            #expect(throws: DecodingError.self) { try decoder.decode(One<Int128>.self, from: #"{"v":\#(number)}"#) }
            #expect(throws: DecodingError.self) { try decoder.decode(One<UInt128>.self, from: #"{"v":\#(number)}"#) }
            #expect(throws: DecodingError.self) { try decoder.decode(One<Int64>.self, from: #"{"v":\#(number)}"#) }
        }
    }
}
