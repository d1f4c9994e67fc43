import Foundation
import FuzzSupport
import ModelKitCore

/// Differential checks: ModelKit accepts exactly what the RFC 8259 reference accepts, and
/// decode → encode → decode gives an identical value (`JSONValue`: equal, and byte-identical
/// output; `Everything`: equal by its schema).
func fuzzDifferential(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }  // libFuzzer always passes a buffer, even for 0 bytes
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let reference = RFC8259Validator.isValid(bytes)
    let outcome = Result { try ModelDecoder().decode(JSONValue.self, from: bytes) }
    // Compacted (see CompactionPadding): the same value or error, moved by the padding.
    CompactionPadding.check(bytes, plain: outcome, equal: ==, describe: { "\($0)" }) { try ModelDecoder().decode(JSONValue.self, from: $0) }
    let value: JSONValue
    do {
        value = try outcome.get()
    } catch {
        if reference { fuzzFailure("ModelKit rejects RFC 8259 JSON: \(error)") }
        checkLocated(error, inputCount: size)
        checkBridge(bytes, schemaValue: nil)
        return 0
    }
    checkBridge(bytes, schemaValue: value)
    if !reference { fuzzFailure("ModelKit accepts what RFC 8259 rejects: \(value)") }
    do {
        let encoded = try ModelEncoder().encode(value)
        let decoded = try ModelDecoder().decode(JSONValue.self, from: encoded)
        if decoded != value { fuzzFailure("JSONValue changed: \(value) → \(decoded)") }
        let reencoded = try ModelEncoder().encode(decoded)
        if reencoded != encoded {
            fuzzFailure("output changed: \(String(decoding: encoded, as: UTF8.self)) → \(String(decoding: reencoded, as: UTF8.self))")
        }
    } catch {
        fuzzFailure("JSONValue round trip failed: \(error)")
    }
    if let model = try? ModelDecoder().decode(Everything.self, from: bytes) {
        do {
            var decoded = try ModelDecoder().decode(Everything.self, from: model.jsonBytes())
            // ISO 8601 output keeps dates to the microsecond (README, Encoding): a date read from
            // a number with finer digits comes back rounded. Equal when the text is, in a model's
            // own JSON (a top-level `Date` takes the Codable door, whose text is JSONEncoder's),
            // and in a model holding nothing else: the whole models' JSON can differ while they
            // are equal (equal `intSet`s built in different orders may iterate differently).
            if decoded.date != model.date, try Everything.dateText(decoded.date) == Everything.dateText(model.date) {
                decoded.date = model.date
            }
            if !decoded.modelIsEqual(model) {
                fuzzFailure("model changed through JSON:\n\(model.modelDescription)\n→\n\(decoded.modelDescription)")
            }
        } catch {
            fuzzFailure("model JSON round trip failed: \(error)")
        }
    }
    return 0
}

extension Everything {
    /// The JSON of a model holding only `date`: its text as ModelKit writes a model's date.
    static func dateText(_ date: Date) throws -> [UInt8] {
        var alone = Everything()
        alone.date = date
        return try alone.jsonBytes()
    }
}
