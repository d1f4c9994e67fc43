import Foundation
import Testing
@testable import ModelKitCore

/// Every scalar type in one model, to exercise YYModel's conversion table.
struct Scalars: Model, Equatable {
    var int = 0
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var uint16: UInt16 = 0
    var uint32: UInt32 = 0
    var uint64: UInt64 = 0
    var bool = false
    var float: Float = 0
    var double = 0.0
    var decimal: Decimal = 0
    var string = ""
    var optionalString: String?
    var optionalInt: Int?

    static let schema = Schema(Scalars.self) {
        Field("int", \.int)
        Field("int8", \.int8)
        Field("int16", \.int16)
        Field("int32", \.int32)
        Field("int64", \.int64)
        Field("uint", \.uint)
        Field("uint8", \.uint8)
        Field("uint16", \.uint16)
        Field("uint32", \.uint32)
        Field("uint64", \.uint64)
        Field("bool", \.bool)
        Field("float", \.float)
        Field("double", \.double)
        Field("decimal", \.decimal)
        Field("string", \.string)
        Field("optionalString", \.optionalString)
        Field("optionalInt", \.optionalInt)
    }
}

private struct WideIntegers: Model, Equatable {
    var i64: Int64 = 0
    var u64: UInt64 = 0
    var i8: Int8 = 0
    static let schema = Schema(WideIntegers.self) {
        Field("i64", \.i64)
        Field("u64", \.u64)
        Field("i8", \.i8)
    }
}

@Suite struct ConversionTests {
    let strict = DecodingOptions(conversion: .strict)

    @Test func exactIntegersAtEveryTypesLimits() throws {
        let json = """
        {"int":-9223372036854775808,"int8":-128,"int16":32767,"int32":-2147483648,"int64":9223372036854775807,
         "uint":18446744073709551615,"uint8":255,"uint16":65535,"uint32":4294967295,"uint64":18446744073709551615}
        """
        let s = try Scalars(json: json)
        #expect(s.int == .min)
        #expect(s.int8 == -128)
        #expect(s.int16 == .max)
        #expect(s.int32 == .min)
        #expect(s.int64 == .max)
        #expect(s.uint == .max)
        #expect(s.uint8 == 255)
        #expect(s.uint16 == .max)
        #expect(s.uint32 == .max)
        #expect(s.uint64 == .max)
    }

    @Test(arguments: [
        ("int8", "128"), ("int8", "-129"), ("uint8", "256"), ("uint8", "-1"), ("int16", "32768"),
        ("uint16", "65536"), ("int32", "2147483648"), ("uint32", "4294967296"),
        ("int64", "9223372036854775808"), ("uint64", "18446744073709551616"), ("int", "1e400"),
        ("int", "123456789012345678901234567890"), ("uint", "-1"),
    ])
    func integerOverflowIsAnErrorNeverAWrappedValue(field: String, number: String) throws {
        let error = try #require(throws: ModelDecodingError.self) { try Scalars(json: "{\"\(field)\":\(number)}") }
        #expect(error.path == "$.\(field)")
        guard case .typeMismatch(let expected, let found) = error.reason else {
            Issue.record("unexpected reason \(error.reason)")
            return
        }
        #expect(expected.contains("out of range"))
        #expect(found == "number \(number)")
    }

    @Test func lenientTable() throws {
        let json = """
        {"int":"42","int8":1.9,"int16":-1.9,"int32":true,"int64":"YES","uint":"no","bool":"True",
         "float":"2.5","double":"1e3","decimal":"3.14159265358979323846","string":12.50,"optionalString":false,"optionalInt":"7"}
        """
        let s = try Scalars(json: json)
        #expect(s.int == 42)
        #expect(s.int8 == 1)
        #expect(s.int16 == -1)
        #expect(s.int32 == 1)
        #expect(s.int64 == 1)
        #expect(s.uint == 0)
        #expect(s.bool == true)
        #expect(s.float == 2.5)
        #expect(s.double == 1000)
        #expect(s.decimal == Decimal(string: "3.14159265358979323846"))
        #expect(s.string == "12.50")
        #expect(s.optionalString == "false")
        #expect(s.optionalInt == 7)
    }

    @Test func numbersToBoolZeroIsFalse() throws {
        #expect(try Scalars(json: #"{"bool":0}"#).bool == false)
        #expect(try Scalars(json: #"{"bool":0.0}"#).bool == false)
        #expect(try Scalars(json: #"{"bool":2}"#).bool == true)
        #expect(try Scalars(json: #"{"bool":"no"}"#).bool == false)
        #expect(try Scalars(json: #"{"bool":"FALSE"}"#).bool == false)
    }

    @Test func nanAndInfinityNeverReachIntegerFields() throws {
        for text in ["\"NaN\"", "\"Infinity\"", "\"-inf\"", "1e999"] {
            #expect(throws: ModelDecodingError.self) { try Scalars(json: "{\"int\":\(text)}") }
        }
        #expect(try Scalars(json: #"{"double":"NaN"}"#).double.isNaN)
        #expect(try Scalars(json: #"{"double":"-Infinity"}"#).double == -.infinity)
    }

    @Test func nullLeavesNonOptionalsUntouchedAndClearsOptionals() throws {
        var s = try Scalars(json: #"{"int":5,"string":"x","optionalString":"y"}"#)
        try s.update(json: #"{"int":null,"string":null,"optionalString":null}"#)
        #expect(s.int == 5)
        #expect(s.string == "x")
        #expect(s.optionalString == nil)
    }

    @Test func strictAcceptsOnlyTheMatchingType() throws {
        #expect(throws: ModelDecodingError.self) { try Scalars(json: #"{"int":"42"}"#, options: strict) }
        #expect(throws: ModelDecodingError.self) { try Scalars(json: #"{"int":1.5}"#, options: strict) }
        #expect(throws: ModelDecodingError.self) { try Scalars(json: #"{"string":1}"#, options: strict) }
        #expect(throws: ModelDecodingError.self) { try Scalars(json: #"{"bool":1}"#, options: strict) }
        #expect(throws: ModelDecodingError.self) { try Scalars(json: #"{"int":null}"#, options: strict) }
        // Integral values written with an exponent are still integers.
        #expect(try Scalars(json: #"{"int":1e2,"optionalInt":null}"#, options: strict).int == 100)
    }

    @Test func skipLeavesTheFieldAndReportsIt() throws {
        let options = DecodingOptions(mismatch: .skip)
        let (value, skipped) = try ModelDecoder(options: options).decodeWithReport(Scalars.self, from: Array(#"{"int":"x","int8":300,"string":"ok"}"#.utf8))
        #expect(value.int == 0)
        #expect(value.int8 == 0)
        #expect(value.string == "ok")
        #expect(skipped.map(\.path) == ["$.int", "$.int8"])
    }

    @Test func floatsAreCorrectlyRounded() throws {
        let s = try Scalars(json: #"{"double":0.1,"float":0.1}"#)
        #expect(s.double == 0.1)
        #expect(s.float == Float(0.1))
        let tiny = try Scalars(json: #"{"double":4.9e-324}"#)
        #expect(tiny.double == .leastNonzeroMagnitude)
        #expect(throws: ModelDecodingError.self) { try Scalars(json: #"{"double":1e400}"#) }
    }

    @Test func skippedValuesArePositionedExactlyAcrossLinesAndReusedEngines() throws {
        // Positions are counted on from the previous one: they must still be exact, and an
        // engine reused from the pool must not count on from the previous document.
        let json = Array("{\"ints\":[\n\"x\",1,\n  \"é\",\n\"y\"]}".utf8)
        let decoder = ModelDecoder(options: DecodingOptions(mismatch: .skip))
        for _ in 0..<3 {
            let (list, skipped) = try decoder.decodeWithReport(IntList.self, from: json)
            #expect(list.ints == [1])
            #expect(skipped.map(\.line) == [2, 3, 4])
            #expect(skipped.map(\.column) == [1, 3, 1])
            #expect(skipped.map(\.path) == ["$.ints[0]", "$.ints[2]", "$.ints[3]"])
        }
    }

    @Test func strictIntegersComeOnlyFromExactWholeValues() throws {
        struct Count: Model { var n: Int64 = 0; static let schema = Schema(Count.self) { Field("n", \.n) } }
        let strict = DecodingOptions(conversion: .strict)
        #expect(throws: ModelDecodingError.self) { try Count(json: #"{"n":9007199254740993.5}"#, options: strict) }
        #expect(throws: ModelDecodingError.self) { try Count(json: #"{"n":1.5e0}"#, options: strict) }
        #expect(try Count(json: #"{"n":9007199254740993.0}"#, options: strict).n == 9_007_199_254_740_993)
        #expect(try Count(json: #"{"n":1e2}"#, options: strict).n == 100)
        #expect(try Count(json: #"{"n":12.50e1}"#, options: strict).n == 125)
        #expect(try Count(json: #"{"n":-0.0}"#, options: strict).n == 0)
        #expect(throws: ModelDecodingError.self) { try Count(json: #"{"n":1e19}"#, options: strict) }
    }

    // Lenient fractions into integer fields were converted through Double:
    // 9007199254740993.0 → 9007199254740992. Truncation must be exact, from the digits.
    @Test func fractionalNumbersTruncateExactlyFromTheDigits() throws {
        let cases: [(String, Int64?)] = [
            ("9007199254740993.0", 9_007_199_254_740_993),
            ("9223372036854775807.0", .max),
            ("9223372036854775807.999", .max),
            ("-9223372036854775808.5", .min),
            ("-9007199254740993.9", -9_007_199_254_740_993),
            ("9007199254740993e0", 9_007_199_254_740_993),
            ("90071992547409.93e2", 9_007_199_254_740_993),
            ("900719925474099312e-2", 9_007_199_254_740_993),
            ("1.5e-400", 0),
            ("-0.9", 0),
            ("12.7", 12),
            ("9223372036854775808.0", nil),
            ("1e19", nil),
            ("1e400", nil),
        ]
        for (text, expected) in cases {
            let json = #"{"i64": \#(text)}"#
            if let expected {
                #expect(try WideIntegers(json: json).i64 == expected, "\(text)")
            } else {
                #expect(throws: ModelDecodingError.self, "\(text)") { try WideIntegers(json: json) }
            }
        }
        #expect(try WideIntegers(json: #"{"u64": 18446744073709551615.0}"#).u64 == .max)
        #expect(try WideIntegers(json: #"{"u64": 9223372036854775807.0}"#).u64 == 9_223_372_036_854_775_807)
        #expect(try WideIntegers(json: #"{"u64": "18446744073709551615.25"}"#).u64 == .max)
        #expect(throws: ModelDecodingError.self) { try WideIntegers(json: #"{"u64": 18446744073709551616.0}"#) }
        #expect(throws: ModelDecodingError.self) { try WideIntegers(json: #"{"u64": -1.5}"#) }
        #expect(try WideIntegers(json: #"{"u64": -0.5}"#).u64 == 0)
        #expect(try WideIntegers(json: #"{"i8": 127.99}"#).i8 == 127)
        #expect(throws: ModelDecodingError.self) { try WideIntegers(json: #"{"i8": 128.0}"#) }
        // Strict mode still takes integral values written with a fraction or exponent, exactly.
        let strict = DecodingOptions(conversion: .strict)
        #expect(try WideIntegers(json: #"{"i64": 9007199254740993.0}"#, options: strict).i64 == 9_007_199_254_740_993)
        #expect(try WideIntegers(json: #"{"i64": 9.007199254740993e15}"#, options: strict).i64 == 9_007_199_254_740_993)
        #expect(throws: ModelDecodingError.self) { try WideIntegers(json: #"{"i64": 9007199254740993.5}"#, options: strict) }
    }
}
