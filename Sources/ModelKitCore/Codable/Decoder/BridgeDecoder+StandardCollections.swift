#if canImport(FoundationEssentials) && !FullFoundation
import FoundationEssentials
#else
import Foundation
#endif

// Standard collections the bridge reads itself, without their own `init(from:)`: `[String: V]` as
// `JSONDecoder` reads it (the document's keys as written, never passed through the key decoding
// strategy: that strategy is for `CodingKey`s, and a dictionary's keys are data), and arrays of
// standard scalars.

extension BridgeDecoder {
    /// A `[String: V]`, read with its keys as written; nil for any other type.
    func decodeIfStringKeyed<T: Decodable>(_ type: T.Type, at index: Int, _ at: BridgePath) throws -> T? {
        guard let dictionary = T.self as? any StringKeyedDictionary.Type else { return nil }
        return try dictionary.decodeStringKeyed(from: self, at: index, at) as? T
    }

    /// What `Array<Element>.init(from:)` does, with the element type known here: the array's
    /// unkeyed container, each element through its scalar conversion.
    func decodeScalarArray<Element: ModelValue>(_ type: Element.Type, at index: Int, _ at: BridgePath) throws -> [Element] {
        try descend(into: index, at) {
            try expect(.array, at: current, here)
            try countElements(1, at: current, here)
            var container = BridgeUnkeyedDecodingContainer(decoder: self, array: current, at: here)
            var elements: [Element] = []
            elements.reserveCapacity(container.count!)
            while !container.isAtEnd { elements.append(try container.decodeScalar(Element.self)) }
            return elements
        }
    }

    /// The object at `index` as a `[String: Value]`, keys as written; of a repeated key, the
    /// value ``DecodingOptions/duplicateKeys`` picks (the first, as `JSONDecoder`).
    func decodeStringKeyed<Value: Decodable>(_ type: [String: Value].Type, at index: Int, _ at: BridgePath) throws -> [String: Value] {
        try descend(into: index, at) {
            try expect(.object, at: current, here)
            let object = current, path = here
            let repeats = try repeatedKeys(in: object, path)
            var result: [String: Value] = [:]
            result.reserveCapacity(Int(entries[object].length))
            var k = object + 1
            let end = Int(entries[object].next)
            while k < end {
                let key = String(decoding: bytes(of: entries[k]), as: UTF8.self)
                if !repeats || result[key] == nil || options.duplicateKeys == .useLast {
                    result[key] = try decodeValue(Value.self, at: k + 1, path.dictionaryMember(k))
                }
                k = Int(entries[k + 1].next)
            }
            return result
        }
    }
}

/// `[String: V]` for any `Decodable` `V`: the bridge reads it with the keys as written.
protocol StringKeyedDictionary {
    static func decodeStringKeyed(from decoder: BridgeDecoder, at index: Int, _ at: BridgePath) throws -> Self
}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {
    static func decodeStringKeyed(from decoder: BridgeDecoder, at index: Int, _ at: BridgePath) throws -> Self {
        try decoder.decodeStringKeyed(Self.self, at: index, at)
    }
}
