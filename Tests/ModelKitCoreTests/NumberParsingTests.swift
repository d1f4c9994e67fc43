import Foundation
import Testing
@testable import ModelKitCore

@Suite struct NumberParsingTests {
    func double(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { DoubleParser.parse(UnsafeRawBufferPointer($0)) }
    }

    func integer<T: FixedWidthInteger>(_ text: String, _ type: T.Type) -> IntegerParseResult<T> {
        var text = text
        return text.withUTF8 { IntegerParser.parse(UnsafeRawBufferPointer($0), as: type) }
    }

    @Test func doublesMatchSwiftsCorrectlyRoundedParserOnRandomInputs() throws {
        var generator = SplitMix64(seed: 1234)
        for _ in 0..<20_000 {
            let bits = generator.next()
            let d = Double(bitPattern: bits)
            guard d.isFinite else { continue }
            for text in ["\(d)", String(format: "%.17g", d), String(format: "%.15g", d)] where JSONNumber(text: text) != nil {
                #expect(double(text)?.bitPattern == Double(text)!.bitPattern, "\(text)")
            }
        }
        for _ in 0..<20_000 {
            let digits = Int(generator.next() % 25) + 1
            var text = generator.next() % 2 == 0 ? "-" : ""
            text += String(generator.next() % 9 + 1)
            for _ in 1..<digits { text += String(generator.next() % 10) }
            if generator.next() % 2 == 0 { text.insert(".", at: text.index(text.endIndex, offsetBy: -Int(generator.next() % UInt64(digits)) - 0)) }
            text += "e\(Int(generator.next() % 700) - 350)"
            guard JSONNumber(text: text) != nil else { continue }
            #expect(double(text)?.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
    }

    /// Eisel–Lemire decides 17–19-digit inputs from a 128-bit product: texts one unit in the
    /// last digit away from a double's shortest and longer forms sit next to rounding boundaries.
    @Test func doublesNextToRoundingBoundariesMatchSwiftsParser() throws {
        var generator = SplitMix64(seed: 99)
        for _ in 0..<10_000 {
            let d = Double(bitPattern: generator.next() >> 2)  // finite, positive, all exponents
            for format in ["%.16e", "%.17e", "%.18e"] {
                let text = String(format: format, d)
                guard let e = text.firstIndex(of: "e"), var digits = Int(text[..<e].replacingOccurrences(of: ".", with: "")) else { continue }
                let exponent = Int(text[text.index(after: e)...])! - (text.distance(from: text.startIndex, to: e) - 2)
                for delta in [-1, 0, 1] {
                    digits += delta
                    let nudged = "\(digits)e\(exponent)"
                    digits -= delta
                    guard JSONNumber(text: nudged) != nil, let expected = Double(nudged) else { continue }
                    #expect(double(nudged)?.bitPattern == expected.bitPattern, "\(nudged)")
                }
            }
        }
    }

    @Test(arguments: ["0", "-0", "1e-400", "4.9e-324", "2.2250738585072011e-308", "1.7976931348623157e308",
                      "1.7976931348623159e308", "9007199254740993", "9007199254740995", "1e23", "8.41e21",
                      "7.2057594037927933e16", "9.5e-5", "2.4703282292062328e-324", "1.0000000000000002e-308", "-65.613616999999977", "0.1", "123456789012345678901234567890",
                      String(repeating: "1", count: 800)])
    func edgeCases(_ text: String) {
        #expect(double(text)?.bitPattern == Double(text)!.bitPattern, "\(text)")
    }

    @Test func floatsRoundOnce() {
        var text = "1.00000005960464477539062500001"
        let parsed = text.withUTF8 { DoubleParser.parseFloat(UnsafeRawBufferPointer($0)) }
        #expect(parsed == Float(text))
    }

    @Test func integersAreExactAtTheLimits() {
        guard case .value(let max) = integer("18446744073709551615", UInt64.self) else { Issue.record("UInt64.max"); return }
        #expect(max == .max)
        guard case .value(let min) = integer("-9223372036854775808", Int64.self) else { Issue.record("Int64.min"); return }
        #expect(min == .min)
        guard case .value(let zero) = integer("-0", UInt8.self) else { Issue.record("-0"); return }
        #expect(zero == 0)
        guard case .overflow = integer("-1", UInt8.self) else { Issue.record("-1 as UInt8"); return }
        guard case .overflow = integer("256", UInt8.self) else { Issue.record("256"); return }
        guard case .overflow = integer(String(repeating: "9", count: 100), Int.self) else { Issue.record("100 digits"); return }
        guard case .notAnInteger = integer("1.5", Int.self) else { Issue.record("1.5"); return }
        guard case .notAnInteger = integer("123456789012345678901234.5", Int.self) else { Issue.record("long fraction"); return }
    }

    /// Digits are read eight and four at a time: every length from 1 to 21, signs, and a
    /// non-digit at every position must give what Swift's own parser says.
    @Test func integersOfEveryLengthMatchSwiftsParser() {
        var generator = SystemRandomNumberGenerator()
        for length in 1...21 {
            for _ in 0..<40 {
                var digits = String((0..<length).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
                if Bool.random(using: &generator) { digits = "-" + digits }
                let expected = Int64(digits)
                switch integer(digits, Int64.self) {
                case .value(let value): #expect(value == expected, "\(digits)")
                case .overflow: #expect(expected == nil, "\(digits)")
                case .notAnInteger: Issue.record("\(digits) read as not an integer")
                }
                let unsigned = UInt64(digits)
                if case .value(let value) = integer(digits, UInt64.self) { #expect(value == unsigned, "\(digits)") } else { #expect(unsigned == nil || digits.hasPrefix("-"), "\(digits)") }
                for cut in 0..<digits.count {
                    var broken = Array(digits.utf8)
                    broken[cut] = UInt8(ascii: ".")
                    let text = String(decoding: broken, as: UTF8.self)
                    if case .value(let wrong) = integer(text, Int64.self) { Issue.record("\(text) read as \(wrong)") }
                }
            }
        }
    }

    @Test func grammar() {
        for valid in ["0", "-0", "1.5", "1e5", "1E+5", "-1.5e-300"] {
            #expect(JSONNumber(text: valid) != nil, "\(valid)")
        }
        for invalid in ["01", "-", "1.", ".5", "+1", "1e", "0x10", "NaN", "1 ", ""] {
            #expect(JSONNumber(text: invalid) == nil, "\(invalid)")
        }
    }
}
