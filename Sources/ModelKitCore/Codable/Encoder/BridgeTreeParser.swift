#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc // memcmp
#endif

/// Reads the bridge's own output back into ``BridgeNode``s: a complete value, or what was
/// streamed so far (a prefix whose open containers are left open). Only the writer's output is
/// ever read, so the text is valid JSON; scalars keep their text, keys are unescaped.
enum BridgeTreeParser {
    struct Prefix {
        var root: BridgeNode?
        /// Each container's node, by the byte offset of its bracket.
        var containers: [Int: BridgeNode] = [:]
    }

    static func parse(_ bytes: UnsafeRawBufferPointer) -> Prefix {
        var prefix = Prefix()
        var stack: [BridgeNode] = []
        var key: String?
        func add(_ node: BridgeNode) {
            guard let top = stack.last else { return prefix.root = node }
            if top.kind == .object { top.keys.append(key ?? "") }
            top.children.append(node)
            key = nil
        }
        var i = 0
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: ","), UInt8(ascii: ":"):
                i += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let node = BridgeNode(bytes[i] == UInt8(ascii: "{") ? .object : .array)
                prefix.containers[i] = node
                add(node)
                stack.append(node)
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                stack.removeLast()
                i += 1
            case UInt8(ascii: "\""):
                var end = i + 1
                while bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
                end += 1
                let quoted = UnsafeRawBufferPointer(rebasing: bytes[i..<end])
                if let top = stack.last, top.kind == .object, key == nil {
                    key = unescaped(UnsafeRawBufferPointer(rebasing: quoted.dropFirst().dropLast()))
                } else {
                    add(BridgeNode(scalar: String(decoding: quoted, as: UTF8.self)))
                }
                i = end
            default:
                var end = i
                while end < bytes.count, !isDelimiter(bytes[end]) { end += 1 }
                add(BridgeNode(scalar: String(decoding: UnsafeRawBufferPointer(rebasing: bytes[i..<end]), as: UTF8.self)))
                i = end
            }
        }
        return prefix
    }

    /// The keys of the (open) object whose `{` is at `start`.
    static func keys(ofContainerAt start: Int, in bytes: UnsafeRawBufferPointer) -> Set<String> {
        Set(parse(UnsafeRawBufferPointer(rebasing: bytes[start...])).root?.keys ?? [])
    }

    /// Whether the (open) object whose `{` is at `start` has the member `key`, by a scan of its
    /// bytes; nil when the key would be escaped (then only a parse can tell).
    static func scan(for key: String, inObjectAt start: Int, in bytes: UnsafeRawBufferPointer) -> Bool? {
        var key = key
        return key.withUTF8 { key -> Bool? in
            for byte in key where byte < 0x20 || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "/") {
                return nil
            }
            var i = start + 1
            var depth = 0
            var expectsKey = true
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    var end = i + 1
                    while bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
                    if depth == 0 && expectsKey {
                        if end - i - 1 == key.count && memcmp(bytes.baseAddress! + i + 1, key.baseAddress!, key.count) == 0 { return true }
                        expectsKey = false
                    }
                    i = end
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
                case UInt8(ascii: ","): if depth == 0 { expectsKey = true }
                default: break
                }
                i += 1
            }
            return false
        }
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: " "), UInt8(ascii: "\n"): return true
        default: return false
        }
    }

    /// The text of a JSON string's contents (between the quotes).
    static func unescaped(_ bytes: UnsafeRawBufferPointer) -> String {
        guard bytes.contains(UInt8(ascii: "\\")) else { return String(decoding: bytes, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var out: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: out, as: UTF8.self).unicodeScalars)
            out.removeAll()
        }
        func hex(_ at: Int) -> UInt32 {
            UInt32(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[at..<(at + 4)]), as: UTF8.self), radix: 16) ?? 0xFFFD
        }
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "\\") else {
                out.append(bytes[i])
                i += 1
                continue
            }
            let escape = bytes[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                var code = hex(i)
                i += 4
                if code >= 0xD800 && code < 0xDC00, i + 6 <= bytes.count, bytes[i] == UInt8(ascii: "\\") {
                    code = 0x10000 + ((code - 0xD800) << 10) + (hex(i + 2) - 0xDC00)
                    i += 6
                }
                flush()
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: out.append(escape)
            }
        }
        flush()
        return String(scalars)
    }
}
