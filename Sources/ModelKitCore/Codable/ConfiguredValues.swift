#if canImport(FoundationEssentials) && !FullFoundation
import FoundationEssentials
#else
import Foundation
#endif

// `JSONDecoder.decode(_:from:configuration:)` and `JSONEncoder.encode(_:configuration:)`: a
// value whose coding needs a configuration, through the Codable door as any other value.

extension ModelDecoder {
    /// `JSONDecoder.decode(_:from:configuration:)`: a value that needs a configuration to decode.
    public func decode<T: DecodableWithConfiguration, Bytes: Collection<UInt8>>(
        _ type: T.Type, from json: Bytes, configuration: T.DecodingConfiguration
    ) throws -> T {
        var options = try optionsForDecode()
        options.codable.userInfo[ConfiguredDecoding<T>.key] = ConfigurationBox(configuration)
        return try withJSONBytes(json) { try Self.decodeBridged(ConfiguredDecoding<T>.self, from: $0, options: options) }.value
    }

    /// `JSONDecoder.decode(_:from:configuration:)` with the configuration from a provider type.
    public func decode<T, C, Bytes: Collection<UInt8>>(_ type: T.Type, from json: Bytes, configuration: C.Type) throws -> T
    where T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration {
        try decode(T.self, from: json, configuration: C.decodingConfiguration)
    }
}

/// A configuration on its way to the value's `init(from:configuration:)`. Why `@unchecked
/// Sendable`: `userInfo` asks for `Sendable` values, and a configuration need not be one; the box
/// lives only for one decode, which reads it on the thread that made it.
private struct ConfigurationBox: @unchecked Sendable {
    let configuration: Any
    init(_ configuration: Any) { self.configuration = configuration }
}

/// The document's value, decoded with the configuration the decode put in `userInfo`.
private struct ConfiguredDecoding<T: DecodableWithConfiguration>: Decodable {
    static var key: CodingUserInfoKey { CodingUserInfoKey(rawValue: "ModelKit.decodingConfiguration")! }
    let value: T

    init(from decoder: any Decoder) throws {
        let box = decoder.userInfo[Self.key] as! ConfigurationBox
        value = try T(from: decoder, configuration: box.configuration as! T.DecodingConfiguration)
    }
}

/// A value and its configuration, encoded as the value's `encode(to:configuration:)` writes it.
struct ConfiguredValue<T: EncodableWithConfiguration>: Encodable {
    let value: T
    let configuration: T.EncodingConfiguration

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder, configuration: configuration)
    }
}
