import Foundation
import FuzzSupport
import ModelKitCore

/// Any JSON read through the Codable bridge's containers: a plain `Decodable` type, so the
/// decode runs on the token tape (keyed, unkeyed and single-value containers), not the schema path.
indirect enum BridgeJSON: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    /// A number no `Double` holds (`1e400`): the bridge reports it out of range.
    case bigNumber
    case string(String)
    case array([BridgeJSON])
    /// Members by key, and the keys that occur more than once (which of their values a lookup
    /// finds is not specified).
    case object([String: BridgeJSON], duplicated: Set<String>)

    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: BridgeJSON] = [:]
            var duplicated: Set<String> = []
            for key in object.allKeys {
                if members[key.stringValue] != nil { duplicated.insert(key.stringValue) }
                members[key.stringValue] = try object.decode(BridgeJSON.self, forKey: key)
            }
            self = .object(members, duplicated: duplicated)
            return
        }
        if var list = try? decoder.unkeyedContainer() {
            var elements: [BridgeJSON] = []
            while !list.isAtEnd { elements.append(try list.decode(BridgeJSON.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if let text = try? single.decode(String.self) {
            self = .string(text)
        } else if let number = try? single.decode(Double.self) {
            self = .number(number)
        } else {
            self = .bigNumber
        }
    }

    /// What the bridge must read for a value the schema path decoded.
    init(expecting value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number):
            // Out of Double's range either way: too large, or nonzero digits that underflow to 0
            // (the bridge refuses both as a Double, as JSONDecoder does).
            let mantissa = number.text.prefix { $0 != "e" && $0 != "E" }
            let underflows = mantissa.contains { ("1"..."9").contains($0) }
            if let double = Double(number.text), double.isFinite, double != 0 || !underflows { self = .number(double) } else { self = .bigNumber }
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(BridgeJSON.init(expecting:)))
        case .object(let object):
            var members: [String: BridgeJSON] = [:]
            var duplicated: Set<String> = []
            for (key, member) in object {
                if members[key] != nil { duplicated.insert(key) }
                members[key] = BridgeJSON(expecting: member)
            }
            self = .object(members, duplicated: duplicated)
        }
    }

    /// Equal, except that a duplicated key's value may be any of its values.
    func matches(_ other: BridgeJSON) -> Bool {
        switch (self, other) {
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.matches($1) }
        case (.object(let a, let duplicatedA), .object(let b, let duplicatedB)):
            // `JSONValue` keeps one member per key and the bridge's `allKeys` lists every
            // occurrence: a duplicated key is compared by presence only.
            guard Set(a.keys) == Set(b.keys) else { return false }
            let duplicated = duplicatedA.union(duplicatedB)
            return a.allSatisfy { key, value in duplicated.contains(key) || value.matches(b[key]!) }
        default:
            return self == other
        }
    }
}

/// The Codable bridge accepts what the schema path accepts, reads the same values, and locates
/// what it rejects (a `DecodingError` over a located `ModelDecodingError`).
func checkBridge(_ bytes: UnsafeBufferPointer<UInt8>, schemaValue: JSONValue?) {
    // `.useLast`: a `JSONValue` object keeps a repeated key's last value, whatever the policy
    // (the bridge's default is the first, as JSONDecoder's).
    let decoder = ModelDecoder(options: DecodingOptions(conversion: .strict, duplicateKeys: .useLast))
    checkCompactedBridge(bytes, decoder: decoder)
    do {
        let read = try decoder.decode(BridgeJSON.self, from: UnsafeRawBufferPointer(bytes))
        guard let schemaValue else { fuzzFailure("the bridge accepts what the schema path rejects: \(read)") }
        let expected = BridgeJSON(expecting: schemaValue)
        if !read.matches(expected) { fuzzFailure("the bridge read \(read), the schema path \(expected)") }
    } catch let error as DecodingError {
        if schemaValue != nil { fuzzFailure("the bridge rejects what the schema path accepts: \(error)") }
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c): context = c
        @unknown default: fuzzFailure("unknown DecodingError: \(error)")
        }
        guard let located = context.underlyingError else { fuzzFailure("bridge error without its located cause: \(error)") }
        checkLocated(located, inputCount: bytes.count)
    } catch {
        fuzzFailure("the bridge threw \(type(of: error)), not DecodingError: \(error)")
    }
}

/// The bridge's tape recorder reads a compacted copy of the input after ``CompactionPadding``:
/// the same value, or the same located cause of its `DecodingError`, moved by the padding.
private func checkCompactedBridge(_ bytes: UnsafeBufferPointer<UInt8>, decoder: ModelDecoder) {
    func read(_ input: UnsafeRawBufferPointer) throws -> BridgeJSON {
        do {
            return try decoder.decode(BridgeJSON.self, from: input)
        } catch let error as DecodingError {
            switch error {
            case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c):
                throw c.underlyingError ?? error
            @unknown default: throw error
            }
        }
    }
    let plain = Result { try read(UnsafeRawBufferPointer(bytes)) }
    CompactionPadding.check(bytes, plain: plain, equal: { $0.matches($1) }, describe: { "\($0)" }) { padded in
        try padded.withUnsafeBytes { try read($0) }
    }
}
