import Foundation
import Testing
@testable import ModelKitCore

/// `ScalarConversions`, the conversions both decoders hold: on its own (as the Codable bridge
/// holds it) and as the schema engine it is part of.
@Suite struct ScalarConversionsTests {
    private struct Holder: Model, Equatable {
        var count = 0
        static let schema = Schema(Holder.self) { Field("count", \.count) }
    }

    private struct PlainHolder: Decodable {
        var count: Int
    }

    private func convert<T: ModelValue>(_ text: String, quoted: Bool, as type: T.Type, _ conversions: ScalarConversions) throws -> T? {
        try Array(text.utf8).withUnsafeBytes { bytes in
            try T._decodeScalar(quoted ? .string(bytes) : .number(bytes), conversions)
        }
    }

    @Test func aStandaloneInstanceConvertsAsItsOptionsSay() throws {
        let lenient = ScalarConversions(options: DecodingOptions(conversion: .lenient))
        #expect(try convert("12", quoted: true, as: Int.self, lenient) == 12)
        let strict = ScalarConversions(options: DecodingOptions(conversion: .strict))
        do {
            _ = try convert("12", quoted: true, as: Int.self, strict)
            Issue.record("strict conversions took a string for an Int")
        } catch let failure as DecodeFailure {
            #expect(failure.reason == .typeMismatch(expected: "Int", found: #"string "12""#))
            #expect(failure.kind == .other)
        }
    }

    @Test func aNumberThatDoesNotFitIsOutOfRangeByKind() throws {
        let conversions = ScalarConversions(options: DecodingOptions())
        do {
            _ = try convert("300", quoted: false, as: UInt8.self, conversions)
            Issue.record("300 fit a UInt8")
        } catch let failure as DecodeFailure {
            #expect(failure.kind == .outOfRange)
            #expect(failure.reason == .typeMismatch(expected: "UInt8 (value out of range)", found: "number 300"))
        }
    }

    @Test func resetTakesTheNextOptionsAndForgetsWhatWasSkipped() throws {
        let conversions = ScalarConversions(options: DecodingOptions(conversion: .strict, mismatch: .skip))
        #expect(try convert("x", quoted: true, as: Int.self, conversions) == nil)
        #expect(conversions.skipped.count == 1)
        conversions.reset(options: DecodingOptions(conversion: .lenient, mismatch: .fail))
        #expect(conversions.skipped.isEmpty)
        #expect(try convert("7", quoted: true, as: Int.self, conversions) == 7)
        #expect(throws: DecodeFailure.self) { try convert("x", quoted: true, as: Int.self, conversions) }
    }

    /// The engine is the conversions it decodes with: what it skips is located at the token.
    @Test func theEngineLocatesWhatItSkips() throws {
        let json = "{\n  \"count\": \"many\"\n}"
        let (value, skipped) = try ModelDecoder(options: DecodingOptions(conversion: .strict, mismatch: .skip))
            .decodeWithReport(Holder.self, from: Array(json.utf8))
        #expect(value == Holder())
        #expect(skipped.map(\.path) == ["$.count"])
        #expect(skipped.first.map { [$0.line, $0.column, $0.byteOffset] } == [2, 12, 13])
    }

    /// Both decoders convert with the same object: a Codable type fails with the schema path's
    /// reason, path and position, and `.skip` never leaves a Codable property untouched.
    @Test func theBridgeFailsExactlyAsTheSchemaPathAndNeverSkips() throws {
        let json = Array("{\n  \"count\": 1.5\n}".utf8)
        let strict = DecodingOptions(conversion: .strict)
        var schemaError: ModelDecodingError?
        do { _ = try ModelDecoder(options: strict).decode(Holder.self, from: json) } catch let error as ModelDecodingError { schemaError = error }
        for mismatch in [DecodingOptions.MismatchPolicy.fail, .skip] {
            var options = strict
            options.mismatch = mismatch
            do {
                _ = try ModelDecoder(options: options).decode(PlainHolder.self, from: json)
                Issue.record("the bridge took 1.5 for an Int under \(mismatch)")
            } catch let DecodingError.dataCorrupted(context) {
                let bridgeError = try #require(context.underlyingError as? ModelDecodingError)
                #expect(bridgeError == schemaError)
            }
        }
    }
}
