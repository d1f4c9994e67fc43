import Foundation
import FuzzSupport
import ModelKitCore

/// The encoders side by side: a value both decoders read alike is written by `JSONEncoder` and
/// `ModelEncoder` configured alike, and the bytes must be the same. Keys are always sorted
/// (`JSONEncoder` on Linux writes members in hash order, random per process); the first byte's
/// sixth bit asks for pretty printing, and, unless both coders are as they come (fifth bit), its
/// two high bits pick the date strategy (ISO 8601, seconds or milliseconds since 1970, deferred)
/// and its seventh the data strategy (base64 or deferred). No difference is tolerated: the
/// Codable door writes `JSONEncoder`'s bytes (CodableParity.md lists none for sorted output).
func compareEncoding(_ value: any Encodable, selector: UInt8) {
    let (foundation, model) = encoders(selector)
    let expected = Result { try foundation.encode(value) }
    let actual = Result { () throws -> Data in try model.encode(value) }
    switch (expected, actual) {
    case (.success(let a), .success(let b)):
        if a == b { return }
        fuzzFailure("\(type(of: value)) encoded (selector \(selector)): JSONEncoder \(String(decoding: a, as: UTF8.self).debugDescription), ModelEncoder \(String(decoding: b, as: UTF8.self).debugDescription)")
    case (.failure(let a), .failure(let b)):
        // Both refuse (a non-finite number, a date out of range): the same kind of error.
        if case EncodingError.invalidValue = a, case EncodingError.invalidValue = b { return }
        fuzzFailure("\(type(of: value)) encode errors differ: JSONEncoder \(a), ModelEncoder \(b)")
    case (.success(let a), .failure(let b)):
        fuzzFailure("\(type(of: value)): JSONEncoder wrote \(String(decoding: a, as: UTF8.self).debugDescription), ModelEncoder threw \(b)")
    case (.failure(let a), .success(let b)):
        fuzzFailure("\(type(of: value)): JSONEncoder threw \(a), ModelEncoder wrote \(String(decoding: b, as: UTF8.self).debugDescription)")
    }
}

func encoders(_ selector: UInt8) -> (JSONEncoder, ModelEncoder) {
    let foundation = JSONEncoder(), model = ModelEncoder()
    var formatting: JSONEncoder.OutputFormatting = [.sortedKeys]
    if selector & 32 != 0 { formatting.insert(.prettyPrinted) }
    foundation.outputFormatting = formatting
    model.outputFormatting = formatting
    guard selector & 16 == 0 else { return (foundation, model) }
    let dates: JSONEncoder.DateEncodingStrategy
    switch selector >> 6 {
    case 0: dates = .iso8601
    case 1: dates = .secondsSince1970
    case 2: dates = .millisecondsSince1970
    default: dates = .deferredToDate
    }
    foundation.dateEncodingStrategy = dates
    model.dateEncodingStrategy = dates
    let data: JSONEncoder.DataEncodingStrategy = selector & 64 != 0 ? .deferredToData : .base64
    foundation.dataEncodingStrategy = data
    model.dataEncodingStrategy = data
    return (foundation, model)
}
