import Foundation
import Testing
@testable import ModelKitCore

// yajl reads pretty-printed input without its indentation (CompactedInput). That must change
// nothing a caller sees: the same values, and the same error with the same reason, path, byte
// offset, line and column as when yajl reads the caller's bytes, on every decode path.

private struct Entry: Model, SchemaCodable, Equatable {
    var id = 0
    var name = ""
    var tags: [String] = []
    var ratio: Double?
    static let schema = Schema(Entry.self) {
        Field("id", \.id)
        Field("name", \.name)
        Field("tags", \.tags)
        Field("ratio", \.ratio)
    }
}

private struct Document: Model, SchemaCodable, Equatable {
    var title = ""
    var entries: [Entry] = []
    static let schema = Schema(Document.self) { Field("title", \.title); Field("entries", \.entries) }
}

/// The same shape as plain Codable types: the bridge's containers all the way down.
private struct PlainEntry: Codable, Equatable {
    var id: Int
    var name: String
    var tags: [String]
    var ratio: Double?
}

private struct PlainDocument: Codable, Equatable {
    var title: String
    var entries: [PlainEntry]
}

/// A plain Codable type holding models: the bridge replays each model from its tape.
private struct MixedDocument: Decodable, Equatable {
    var title: String
    var entries: [Entry]
}

/// A pretty-printed document (indented with spaces or tabs, LF or CRLF line ends) with non-ASCII
/// text, escapes and spaces inside strings, so columns count scalars and strings keep their bytes.
private func prettyDocument(entries: Int, indent: String, newline: String) -> [UInt8] {
    var lines = ["{", "\(indent)\"title\" : \"Résumé \\\"q\\\" \\u00e9 — 日本\",", "\(indent)\"entries\": ["]
    for i in 0..<entries {
        let tags = (0..<(i % 3)).map { "\"t\($0) \\n x\"" }.joined(separator: ",\(newline)\(indent)\(indent)\(indent)")
        var entry = "\(indent)\(indent){\(newline)\(indent)\(indent)\(indent)\"id\": \(i * 37 - 50),\(newline)"
        entry += "\(indent)\(indent)\(indent)\"name\":   \"n°\(i)   ünï\",\(newline)"
        entry += "\(indent)\(indent)\(indent)\"tags\": [\(newline)\(indent)\(indent)\(indent)\(tags)\(newline)\(indent)\(indent)\(indent)]"
        if i % 2 == 0 { entry += ",\(newline)\(indent)\(indent)\(indent)\"ratio\": \(Double(i) / 8)" }
        entry += "\(newline)\(indent)\(indent)}" + (i + 1 < entries ? "," : "")
        lines.append(entry)
    }
    lines += ["\(indent)]", "}"]
    return Array((lines.joined(separator: newline) + newline).utf8)
}

private func outcome<T: Decodable & Equatable>(_ type: T.Type, _ bytes: [UInt8]) -> String {
    do {
        return "value \(try ModelDecoder().decode(T.self, from: bytes))"
    } catch let error as ModelDecodingError {
        return "\(error.reason) at \(error.byteOffset) (\(error.line):\(error.column)) \(error.path)"
    } catch let error as DecodingError {
        guard let located = errorContext(error)?.underlyingError as? ModelDecodingError else { return "\(error)" }
        return "\(error) | \(located.reason) at \(located.byteOffset) (\(located.line):\(located.column)) \(located.path)"
    } catch {
        return "\(error)"
    }
}

private func errorContext(_ error: DecodingError) -> DecodingError.Context? {
    switch error {
    case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c): return c
    @unknown default: return nil
    }
}

/// Every outcome on every path, compacted (the default) and not.
private func outcomes(_ bytes: [UInt8]) -> (compacted: [String], plain: [String]) {
    func all() -> [String] {
        [outcome(Document.self, bytes), outcome(PlainDocument.self, bytes), outcome(MixedDocument.self, bytes)]
    }
    let compacted = all()
    CompactedInput.isEnabled.store(false, ordering: .relaxed)
    defer { CompactedInput.isEnabled.store(true, ordering: .relaxed) }
    return (compacted, all())
}

@Suite(.serialized) struct WhitespaceCompactionTests {
    @Test(arguments: [("        ", "\n"), ("\t\t\t\t\t\t", "\n"), ("        ", "\r\n")])
    func theCopyLacksOnlyIndentationAndMapsBack(indent: String, newline: String) throws {
        let input = prettyDocument(entries: 24, indent: indent, newline: newline)
        let compacted = try #require(input.withUnsafeBytes { CompactedInput.ifWorthwhile($0) })
        let copy = Array(compacted.bytes)
        #expect(copy.count < input.count * 9 / 10)
        // Every line feed stays, and no line starts with a space or tab.
        #expect(copy.filter { $0 == 0x0A }.count == input.filter { $0 == 0x0A }.count)
        let lines = copy.split(separator: 0x0A, omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.first != 0x20 && $0.first != 0x09 })
        // Every byte of the copy is the original byte its offset maps back to.
        for (offset, byte) in copy.enumerated() {
            #expect(input[compacted.map.originalOffset(offset)] == byte, "offset \(offset)")
        }
        // The copy is the same JSON.
        let original = try JSONSerialization.jsonObject(with: Data(input)) as? NSDictionary
        let fromCopy = try JSONSerialization.jsonObject(with: Data(copy)) as? NSDictionary
        #expect(original == fromCopy)
    }

    @Test func shortMinifiedOrUnindentedInputIsNotCopied() {
        let short = Array(("[" + String(repeating: "\n    {\"id\": 1},", count: 200) + "\n    {}\n]").utf8)
        let minified = Array(String(repeating: "{\"id\":1,\"name\":\"x\"},", count: 40).utf8)
        for input in [short, minified] {
            #expect(input.withUnsafeBytes { CompactedInput.ifWorthwhile($0) } == nil)
        }
    }

    @Test func twoNumbersOnTwoLinesStayTwoTokens() throws {
        let padding = String(repeating: "\n                        0,", count: 200)
        let input = Array("[\n  1\n  2,\(padding)0]".utf8)
        let compacted = try #require(input.withUnsafeBytes { CompactedInput.ifWorthwhile($0) })
        #expect(String(decoding: compacted.bytes, as: UTF8.self).hasPrefix("[\n1\n2,\n0,\n0,"))
        let (withCopy, without) = outcomes(input)
        #expect(withCopy == without)
        #expect(withCopy[0].contains("at 8 (3:3)"))
    }

    /// A raw line feed inside a string is an error at the line feed, not a string without the
    /// next line's indentation.
    @Test func aRawLineFeedInAStringIsStillRejectedWhereItIs() throws {
        var text = String(decoding: prettyDocument(entries: 24, indent: "        ", newline: "\n"), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"n°1   ünï\"", with: "\"n°1\n        ünï\"")
        let (withCopy, without) = outcomes(Array(text.utf8))
        #expect(withCopy == without)
        #expect(withCopy[0].contains("control character"))
    }

    @Test func validDocumentsDecodeTheSameValues() throws {
        let input = prettyDocument(entries: 24, indent: "        ", newline: "\n")
        #expect(input.withUnsafeBytes { CompactedInput.ifWorthwhile($0) } != nil)
        let (withCopy, without) = outcomes(input)
        #expect(withCopy == without)
        #expect(withCopy.allSatisfy { $0.hasPrefix("value") })
        let document = try ModelDecoder().decode(Document.self, from: input)
        #expect(document.entries.count == 24)
        #expect(document.title == "Résumé \"q\" é — 日本")
        #expect(document.entries[4].name == "n°4   ünï")
        #expect(document.entries[2].tags == ["t0 \n x", "t1 \n x"])
    }

    /// One byte replaced, inserted or removed all over a pretty-printed document: every
    /// path reports exactly what it reports on the uncompacted bytes.
    @Test(arguments: [("        ", "\n"), ("\t\t\t\t\t\t", "\r\n")])
    func everyMutationFailsTheSameWayOnEveryPath(indent: String, newline: String) throws {
        let input = prettyDocument(entries: 24, indent: indent, newline: newline)
        try #require(input.withUnsafeBytes { CompactedInput.ifWorthwhile($0) } != nil)
        let replacements: [UInt8] = Array("x\"}]1,:\u{0C}\u{01} ".utf8) + [0xFF, 0x0A, 0x09]
        var differences: [String] = []
        for offset in stride(from: 0, to: input.count, by: 2) {
            // One mutation at every other offset, the kinds and bytes taking turns.
            var variant = input
            let replacement = replacements[offset % replacements.count]
            switch offset % 3 {
            case 0: variant.remove(at: offset)
            case 1: variant[offset] = replacement
            default: variant.insert(replacement, at: offset)
            }
            let (withCopy, without) = outcomes(variant)
            if withCopy != without { differences.append("at \(offset): \(withCopy) vs \(without)") }
        }
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }

    @Test func aTypeMismatchDeepInAPrettyDocumentIsPlacedOnTheCallersLine() throws {
        var text = String(decoding: prettyDocument(entries: 24, indent: "        ", newline: "\n"), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"id\": 98", with: "\"id\": \"x\"")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let lineIndex = try #require(lines.firstIndex { $0.contains("\"x\"") })
        let column = lines[lineIndex].distance(from: lines[lineIndex].startIndex, to: lines[lineIndex].firstIndex(of: "\"")!) + 7
        let error = try #require(throws: ModelDecodingError.self) {
            try ModelDecoder.decode(Document.self, from: Array(text.utf8), options: DecodingOptions(conversion: .strict))
        }
        #expect(error.line == lineIndex + 1)
        #expect(error.column == column)
        #expect(error.path == "$.entries[4].id")
        #expect(Array(text.utf8)[error.byteOffset] == UInt8(ascii: "\""))
    }
}
