/// The one formatter of the paths errors report: `$`, `$.a[3].b`, `$["a key"]`.
///
/// Every path is built through it: the schema reader's walks, the tape's open containers, the Codable
/// bridge's coding paths and those of other decoders' `DecodingError`s, so one place in a
/// document reads the same whichever path failed there.
enum JSONPath {
    /// The document itself.
    static let root = "$"

    /// `$.a[3].b` for a coding path. An element's key (`Index 3` as `JSONDecoder` and the
    /// bridge make it, or `3` as some other decoders do, with the index as `intValue`) is an
    /// index; any other key is a member, even one with an `intValue` (an `Int`-backed
    /// `CodingKeys` enum).
    static func of(_ codingPath: [any CodingKey]) -> String {
        var path = root
        for key in codingPath {
            if let index = elementIndex(key) {
                path.appendPathIndex(index)
            } else {
                path.appendPathKey(key.stringValue)
            }
        }
        return path
    }

    private static func elementIndex(_ key: any CodingKey) -> Int? {
        guard let index = key.intValue else { return nil }
        let text = key.stringValue
        return text == "Index \(index)" || text == String(index) ? index : nil
    }
}

extension String {
    /// Appends `.key`, or `["key"]` when the key is not a plain identifier.
    mutating func appendPathKey(_ key: String) {
        // A hostile key may be megabytes long: a path quotes at most 64 bytes of it.
        guard key.utf8.count <= 64 else {
            append("[")
            append(JSONValue.string(String(decoding: key.utf8.prefix(64), as: UTF8.self)).description)
            append("… (\(key.utf8.count) bytes)]")
            return
        }
        // Through the key's contiguous bytes where it has them (native strings do): iterating
        // `utf8` generically cost an error located by the Codable bridge 300 instructions a path.
        let plain = !key.isEmpty
            && (key.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(Self.isPathIdentifierByte) }
                ?? key.utf8.allSatisfy(Self.isPathIdentifierByte))
        if plain {
            append(".")
            append(key)
        } else {
            append("[")
            append(JSONValue.string(key).description)
            append("]")
        }
    }

    /// A byte of a key written `.key`: ASCII letters, digits, `_` and `-`.
    private static func isPathIdentifierByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2D
    }

    /// Appends `[index]`.
    mutating func appendPathIndex(_ index: Int) {
        append("[")
        append(String(index))
        append("]")
    }
}
