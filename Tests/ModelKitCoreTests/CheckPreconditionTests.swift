import Testing
@testable import ModelKitCore

/// What the type system cannot rule out stops the schema's build (FieldChecks), naming the check,
/// the field and its type: an invalid pattern, a bound that is not a finite number, an empty
/// `oneOf`, a check on a field that is never decoded.
@Suite struct CheckPreconditionTests {
    @Test func theProblemOfABadCheckNamesTheCheckTheFieldAndItsType() {
        #expect(Check<String>.pattern("[a-").problem == "\"[a-\" is not a valid regular expression")
        #expect(Check<Double>.range(0...Double.infinity).problem == "a bound is not a finite number")
        #expect(Check<Double>.greaterThan(.nan).problem == "a bound is not a finite number")
        #expect(Check<Int>.oneOf([]).problem == "it lists no values")
        #expect(Check<[Int]>.count((-1)...).problem == "a count cannot be negative")
        #expect(Check<String>.pattern("^a+$").problem == nil && Check<Int>.range(1...2).problem == nil)
    }

    private struct BadPattern: Model {
        var name = ""
        static let schema = Schema(BadPattern.self) { Field("name", \.name, checks: [.pattern("[a-")]) }
    }

    private struct CheckedButIgnored: Model {
        var age = 0
        static let schema = Schema(CheckedButIgnored.self) { Field("age", \.age, options: .notMapped, checks: [.range(1...2)]) }
    }

    @Test func buildingASchemaWithABadCheckStops() async {
        let pattern = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { _ = BadPattern.schema }
        let patternMessage = String(decoding: pattern?.standardErrorContent ?? [], as: UTF8.self)
        let expectedPattern = #"Check .pattern cannot apply to field "name" of type String: "[a-" is not a valid regular expression"#
        #expect(patternMessage.contains(expectedPattern), "\(patternMessage)")
        let ignored = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { _ = CheckedButIgnored.schema }
        let ignoredMessage = String(decoding: ignored?.standardErrorContent ?? [], as: UTF8.self)
        let expectedIgnored = #"Check .range cannot apply to field "age" of type Int: the field is .notMapped, never decoded"#
        #expect(ignoredMessage.contains(expectedIgnored), "\(ignoredMessage)")
    }
}
