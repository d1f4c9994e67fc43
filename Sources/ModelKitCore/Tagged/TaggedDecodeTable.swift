#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc // memcmp
#endif

/// What the schema reader needs of a ``TaggedUnion`` per tagged value, without its `Root` type:
/// the keys and tags as bytes and each case's payload entry point
/// (SchemaReader/TapeSchemaReader+Tagged.swift). One per union, built with it.
///
/// Non-generic on purpose: code generic over `Root` looks up `TaggedCase<Root>`'s metadata and
/// copies whole cases through value witnesses at every use (about 1,850 instructions per
/// element when the push engine's tagged frames were generic).
@usableFromInline
final class TaggedDecodeTable: Sendable {
    let style: TaggingStyle
    /// The tag and content keys as UTF-8 (empty when the style has none).
    let tagKey: [UInt8]
    let contentKey: [UInt8]
    /// The enum's name and its tags quoted, for errors.
    let typeName: String
    let quotedTags: String
    /// The case an unknown tag decodes as, if one is marked `isDefault`.
    let defaultIndex: Int?
    /// Per case: whether it carries a model.
    let hasPayload: [Bool]
    /// Every tag's UTF-8 back to back; tag `i` is `tagBytes[tagStarts[i]..<tagStarts[i + 1]]`.
    /// One buffer compared with `memcmp`: a tag is found with no `String` and no generic
    /// sequence comparison.
    private let tagBytes: [UInt8]
    private let tagStarts: [Int]

    init<Root>(style: TaggingStyle, typeName: String, cases: [TaggedCase<Root>], defaultIndex: Int?) {
        self.style = style
        self.typeName = typeName
        self.defaultIndex = defaultIndex
        switch style {
        case .internallyTagged(let tag): (tagKey, contentKey) = (Array(tag.utf8), [])
        case .adjacentlyTagged(let tag, let content): (tagKey, contentKey) = (Array(tag.utf8), Array(content.utf8))
        case .externallyTagged: (tagKey, contentKey) = ([], [])
        }
        quotedTags = cases.map { JSONValue.string($0.tag).description }.joined(separator: ", ")
        hasPayload = cases.map { $0.payloadType != nil }
        var bytes: [UInt8] = [], starts = [0]
        for taggedCase in cases {
            bytes.append(contentsOf: taggedCase.tag.utf8)
            starts.append(bytes.count)
        }
        tagBytes = bytes
        tagStarts = starts
    }

    var isInternallyTagged: Bool {
        if case .internallyTagged = style { return true }
        return false
    }

    /// The case whose tag is `bytes`, if any.
    @inline(__always)
    func index(ofTag bytes: UnsafeRawBufferPointer) -> Int? {
        tagBytes.withUnsafeBytes { all in
            for index in 0..<(tagStarts.count &- 1) {
                let start = tagStarts[index]
                guard tagStarts[index &+ 1] &- start == bytes.count else { continue }
                if bytes.count == 0 || memcmp(all.baseAddress! + start, bytes.baseAddress!, bytes.count) == 0 { return index }
            }
            return nil
        }
    }

    /// The failure for a tag no case has (and no default case takes); both decoders report it.
    func unknownTag(_ bytes: UnsafeRawBufferPointer) -> DecodeFailure {
        let tag = JSONValue.string(ModelDecodingError.quoted(String(decoding: bytes, as: UTF8.self))).description
        return DecodeFailure(reason: .invalid("unknown \(typeName) tag \(tag); expected one of \(quotedTags)"))
    }

    /// Externally tagged: the object has no key, or a second one.
    var emptyExternalObject: DecodeFailure {
        DecodeFailure(reason: .invalid("\(typeName) expects one key naming its case (one of \(quotedTags)); found an empty object"))
    }

    func secondExternalKey(_ key: String) -> DecodeFailure {
        DecodeFailure(reason: .invalid("\(typeName) has one key naming its case; found a second, \(JSONValue.string(ModelDecodingError.quoted(key)).description)"))
    }

    /// What a tag that is not a string was expected to be.
    var tagExpectation: String { "\(typeName) tag (a string)" }

    /// Whether `key` is exactly `bytes` (a tag or content key).
    @inline(__always)
    static func same(_ key: UnsafeRawBufferPointer, _ bytes: [UInt8]) -> Bool {
        guard key.count == bytes.count else { return false }
        return key.count == 0 || bytes.withUnsafeBytes { memcmp($0.baseAddress!, key.baseAddress!, key.count) == 0 }
    }
}
