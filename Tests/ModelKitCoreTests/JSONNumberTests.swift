import Foundation
import Testing
@testable import ModelKitCore

/// JSONNumber keeps a number's exact text: equality and hashing compare values, exactly (any
/// exponent), in time linear in the text.
@Suite struct JSONNumberTests {
    @Test func longNumbersCompareAndHashInLinearTime() throws {
        let tiny = JSONNumber(text: "0." + String(repeating: "0", count: 999_999) + "1")!
        let same = JSONNumber(text: "1e-1000000")!
        #expect(tiny == same)
        #expect(tiny.hashValue == same.hashValue)
        #expect(tiny != JSONNumber(text: "1e-999999")!)
    }

    @Test func exponentsBeyondTwoToTheFortyStayExact() throws {
        // Exponents were clamped at 2^40, so these two were equal.
        let a = JSONNumber(text: "1e1099511627777")!
        let b = JSONNumber(text: "1e99999999999999999999")!
        #expect(a != b)
        #expect(b != JSONNumber(text: "10e99999999999999999999")!)
        #expect(b == JSONNumber(text: "0.1e100000000000000000000")!)
        #expect(JSONNumber(text: "100e-99999999999999999999")! == JSONNumber(text: "1e-99999999999999999997")!)
        #expect(JSONNumber(text: "1e999999999999999999")! == JSONNumber(text: "10e999999999999999998")!)
        for holder in [AnyHolder(any: .number(a)), AnyHolder(any: .number(b)), AnyHolder(any: .number(JSONNumber(text: "-12.5e-99999999999999999999")!))] {
            #expect(try Archive.decode(AnyHolder.self, from: Archive.encode(holder)) == holder)
        }
    }
}
