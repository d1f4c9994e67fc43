#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `JSONValue` is `Codable`, so any coder can carry arbitrary JSON (and models reach foreign
/// coders through it). ModelKit's own coders keep numbers exact; foreign ones see the closest
/// Swift number (`Int64`, `UInt64`, `Decimal`, then `Double`).
extension JSONValue: Codable {
    /// Reads any JSON value from any decoder.
    public init(from decoder: any Decoder) throws {
        if let bridge = decoder as? BridgeDecoder {
            self = try bridge.decodeSchemaValue(JSONValue.self, at: bridge.current, bridge.here)
            return
        }
        if let object = try? decoder.container(keyedBy: TextCodingKey.self) {
            var members = JSONObject()
            for key in object.allKeys {
                members.append(key: key.stringValue, value: try object.decode(JSONValue.self, forKey: key))
            }
            self = .object(members)
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? single.decode(Int64.self) {
            self = JSONValue(integer)
        } else if let integer = try? single.decode(UInt64.self) {
            self = JSONValue(integer)
        } else if let number = try? single.decode(Double.self) {
            self = JSONValue(number)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Writes this value to any encoder (numbers as the closest Swift number type).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let flag):
            var single = encoder.singleValueContainer()
            try single.encode(flag)
        case .number(let number):
            var single = encoder.singleValueContainer()
            if let integer = Int64(number.text) {
                try single.encode(integer)
            } else if let integer = UInt64(number.text) {
                try single.encode(integer)
            } else {
                try single.encode(number.doubleValue)
            }
        case .string(let text):
            var single = encoder.singleValueContainer()
            try single.encode(text)
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements { try array.encode(element) }
        case .object(let members):
            var object = encoder.container(keyedBy: TextCodingKey.self)
            for (key, value) in members { try object.encode(value, forKey: TextCodingKey(key)) }
        }
    }
}
