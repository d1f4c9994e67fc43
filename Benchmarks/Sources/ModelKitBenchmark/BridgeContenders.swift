import ModelKitCore

// The Codable bridge on the benchmark's own Codable types. Those types are also Models, and a
// Model given to ModelKit's generic entry points takes the schema path; these wrappers call the
// types' compiler-synthesized `init(from:)` instead, so the bridge's containers do the work, as
// for any plain Codable type. (Nested fields whose type is a Model still take the schema path
// inside the bridge: that is the bridge's behaviour for mixed types.) Encoding needs no wrapper:
// the encode tasks give JSONEncoder and the bridge the same plain Codable value (main.swift).

/// Decodes `M` through its synthesized `init(from:)` on ModelKit's Decoder.
struct ThroughCodable<M: Decodable>: Decodable {
    let value: M
    init(from decoder: any Decoder) throws { value = try M(from: decoder) }
}

/// An array of `M`, each element through its synthesized `init(from:)`.
struct ArrayThroughCodable<M: Decodable>: Decodable {
    var values: [M] = []
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        values.reserveCapacity(container.count ?? 0)
        try Self.elements(ThroughCodable<M>.self, of: &container, into: &values) { $0.value }
    }

    /// The loop in a function generic over the element type, as `Array`'s own `init(from:)` is:
    /// the wrapper's metadata and conformance are looked up once per array, not per element
    /// (what `JSONDecoder` decoding `[M]` pays too).
    private static func elements<Element: Decodable>(_ type: Element.Type, of container: inout any UnkeyedDecodingContainer,
                                                     into values: inout [M], _ unwrap: (Element) -> M) throws {
        while !container.isAtEnd { values.append(unwrap(try container.decode(Element.self))) }
    }
}

/// `[Int]` through the bridge's unkeyed container, element by element, as `Array<Int>`'s own
/// `init(from:)` does (an `[Int]` given to ModelKit directly takes the schema path).
struct IntegersThroughCodable: Decodable {
    var values: [Int] = []
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        values.reserveCapacity(container.count ?? 0)
        while !container.isAtEnd { values.append(try container.decode(Int.self)) }
    }
}

let bridgeDecoder = ModelDecoder()
let bridgeEncoder = ModelEncoder()
