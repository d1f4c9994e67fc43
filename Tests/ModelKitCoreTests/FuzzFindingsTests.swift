import Foundation
import Testing
@testable import ModelKitCore

/// Inputs the libFuzzer targets (Fuzz/, `scripts/fuzz.sh`) found, minimised, one test each; the
/// input is also in the target's seed corpus (`Fuzz/Corpus/`) once the fix lands.
@Suite struct FuzzFindingsTests {
    /// Found by every JSON target at once, input `` (0 bytes): the error said byte offset 1 of an
    /// empty input, outside it.
    @Test
    func emptyInputIsLocatedInsideTheInput() throws {
        let error = try #require(throws: ModelDecodingError.self) { try ModelDecoder().decode(JSONValue.self, from: [UInt8]()) }
        #expect(error.byteOffset == 0)
        #expect(error.line == 1 && error.column == 1)
        guard case .syntax = error.reason else { Issue.record("\(error)"); return }
    }

    /// CI, CodableDecodingTests on an empty input: the message depended on whether the pooled
    /// engine's parser was fresh ("unexpected end of input") or had finished a document before
    /// ("empty input"), so the bridge and the schema path disagreed depending on test order.
    @Test(arguments: ["", "  ", "\n\t\r ", "\u{FEFF}", "\u{FEFF} \n"])
    func blankInputSaysEmptyInputWhateverThePoolHolds(text: String) throws {
        struct Plain: Decodable { var a: Int }  // a plain Codable type: the bridge's path
        var messages: Set<String> = []
        for _ in 0..<3 {
            _ = try ModelDecoder().decode(JSONValue.self, from: "[1]")  // leaves a finished engine in the pool
            let pooled = try #require(throws: ModelDecodingError.self) { try ModelDecoder().decode(JSONValue.self, from: text) }
            messages.insert(pooled.description)
            let bridged = try #require(throws: DecodingError.self) { try ModelDecoder().decode(Plain.self, from: text) }
            guard case .dataCorrupted(let context) = bridged else { Issue.record("\(bridged)"); continue }
            messages.insert(String(describing: context.underlyingError!))
        }
        let fromFresh = try Array(text.utf8).withUnsafeBytes { bytes in
            try #require(throws: ModelDecodingError.self) { _ = try TapeRecorder.record(bytes, options: DecodingOptions()) }
        }
        messages.insert(fromFresh.description)
        #expect(messages.count == 1, "\(messages)")
        #expect(messages.first?.contains("empty input") == true)
    }

    /// FuzzDifferential, input `7"` (hex 37 22): a complete value followed by an unterminated
    /// string decoded as 7; RFC 8259 rejects it.
    @Test
    func aTrailingUnterminatedStringAfterAScalarIsASyntaxError() throws {
        // Also found as `0",root`, `\r999"`, ` 3 "[d3  [` and objects followed by `"…`.
        for text in [#"7""#, #"0",root"#, "\r999\"", #"7 "abc"#, #"{} ""#, #"[1]"x"#] {
            let error = try #require(throws: ModelDecodingError.self, "\(text)") { try ModelDecoder().decode(JSONValue.self, from: text) }
            guard case .syntax = error.reason else { Issue.record("\(text): \(error)"); continue }
            #expect(error.byteOffset <= text.utf8.count)
        }
    }

    /// FuzzModel, input `{"t":"1e999"}` into a `Date` field (the model seed corpus had it):
    /// decoding stored a non-finite date and describing it trapped ("Double value cannot be
    /// converted to Int because it is either infinite or NaN", DateParser.swift).
    @Test
    func anOutOfRangeDateIsAnErrorNotATrapLater() throws {
        for text in [#"{"v":"1e999"}"#, #"{"v":1e300}"#, #"{"v":-1e300}"#] {
            do {
                let box = try HostileBox<Date>(json: text)
                let date = try #require(box.v)
                #expect(date.timeIntervalSince1970.isFinite, "\(text)")
                _ = box.modelDescription
                _ = try box.jsonBytes()
            } catch let error as ModelDecodingError {
                #expect(error.path == "$.v", "\(text)")
            }
        }
    }

    /// FuzzStream, input hex `31 f2 20` (`1`, a 4-byte UTF-8 lead, space) fed in 1-byte chunks
    /// into `ModelStreamDecoder<Leaf>`: whole, it is a syntax error (invalid UTF-8); in 1-byte
    /// chunks the partial UTF-8 sequence is held back, the number completes first and the stream
    /// reports "expected Leaf, found number 1" instead. An invalid document must report its
    /// syntax error, whatever the chunking.
    @Test
    func aPartialUTF8SequenceAtAChunkEndDoesNotLetATypeErrorMaskTheSyntaxError() throws {
        let bytes: [UInt8] = [0x31, 0xF2, 0x20]
        for chunk in [bytes.count, 1] {
            let stream = ModelStreamDecoder<Book>()
            let error = try #require(throws: ModelDecodingError.self, "chunk \(chunk)") {
                for start in stride(from: 0, to: bytes.count, by: chunk) {
                    _ = try stream.feed(bytes[start..<min(start + chunk, bytes.count)])
                }
                _ = try stream.finish()
            }
            guard case .syntax = error.reason else { Issue.record("chunk \(chunk): \(error)"); continue }
            #expect(error.byteOffset == 1, "chunk \(chunk)")
        }
    }

    /// FuzzStream (long run, 5.3 M executions), input hex `00 ef bb bf 30 00 4e`: a byte order
    /// mark, `0`, NUL, `N` fed in 1-byte chunks. Whole, the mark is skipped and `0` fails as
    /// "expected Leaf, found number 0"; split, the mark's first byte arrived alone, was not
    /// recognised as a mark and failed as invalid JSON at byte 0. A mark split across chunks
    /// must be recognised like a whole one, and one or two bytes of it alone are invalid UTF-8.
    @Test
    func aByteOrderMarkSplitAcrossChunksIsSkippedLikeAWholeOne() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"n":"a","p":1}"#.utf8) + [0x0A] + Array(#"{"n":"b"}"#.utf8)
        for chunk in [bytes.count, 1, 2, 4] {
            let stream = ModelStreamDecoder<Book>()
            var books: [Book] = []
            for start in stride(from: 0, to: bytes.count, by: chunk) {
                books += try stream.feed(bytes[start..<min(start + chunk, bytes.count)])
            }
            books += try stream.finish()
            #expect(books.map(\.name) == ["a", "b"], "chunk \(chunk)")
        }
        // The finding itself: the same error kind and place whatever the chunking.
        let finding: [UInt8] = [0xEF, 0xBB, 0xBF, 0x30, 0x00, 0x4E]
        for chunk in [finding.count, 1, 2] {
            let stream = ModelStreamDecoder<Book>()
            let error = try #require(throws: ModelDecodingError.self, "chunk \(chunk)") {
                for start in stride(from: 0, to: finding.count, by: chunk) {
                    _ = try stream.feed(finding[start..<min(start + chunk, finding.count)])
                }
                _ = try stream.finish()
            }
            guard case .typeMismatch = error.reason else { Issue.record("chunk \(chunk): \(error)"); continue }
            #expect(error.byteOffset == 3, "chunk \(chunk)")
        }
        // Part of a mark, then the end: invalid UTF-8 at byte 0, as a whole decode says.
        for partial in [[UInt8]([0xEF]), [0xEF, 0xBB]] {
            let stream = ModelStreamDecoder<Book>()
            let error = try #require(throws: ModelDecodingError.self) {
                for byte in partial { _ = try stream.feed([byte]) }
                _ = try stream.finish()
            }
            guard case .syntax = error.reason else { Issue.record("\(partial): \(error)"); continue }
            #expect(error.byteOffset == 0)
        }
    }

    /// FuzzDifferential (long run, 1.4 M executions), input
    /// `{"i2":"4","b":"yes","u-4":3.99,"s":18,"t":1654470993.18440776434750159}`: the date read
    /// from the number `t` has digits below the microsecond, which ISO 8601 output does not keep
    /// (documented), so the model read back differed in the last bits. What must hold: the text
    /// is stable (written, read, written again gives the same bytes), the date is within half a
    /// microsecond, and `.secondsSince1970` keeps it exactly.
    @Test
    func aDateWithSubMicrosecondDigitsWritesBackStablyToTheMicrosecond() throws {
        struct Stamp: Model {
            var t = Date(timeIntervalSince1970: 0)
            static let schema = Schema(Stamp.self) { Field("t", \.t) }
        }
        for text in ["1654470993.18440776434750159", "1.0000001", "-1.0000004", "32503680000.0000003", "253402300798.9999994", "0.5"] {
            let model = try Stamp(json: #"{"t":\#(text)}"#)
            let written = try model.jsonBytes()
            let back = try Stamp(json: written)
            #expect(try back.jsonBytes() == written, "\(text)")
            #expect(abs(back.t.timeIntervalSince1970 - model.t.timeIntervalSince1970) <= 0.5e-6 + 1e-6 * 1e-3, "\(text)")
            let seconds = EncodingOptions(dates: .secondsSince1970)
            let exact = try Stamp(json: model.jsonBytes(options: seconds), options: DecodingOptions(dates: .secondsSince1970))
            #expect(exact.t == model.t, "\(text)")
        }
    }

    /// FuzzArchive: a `JSONValue` integer with trailing zeros, `4731301624530348277760`, comes back
    /// from an archive as `473130162453034827776e1`: equal by value, but the exact text is lost
    /// (API.md: numbers keep their exact text).
    @Test
    func anIntegerWithTrailingZerosKeepsItsTextThroughAnArchive() throws {
        for text in ["4731301624530348277760", "10", "-1000", "18446744073709551616000"] {
            let box = HostileBox<JSONValue>(v: try ModelDecoder().decode(JSONValue.self, from: text))
            let restored = try Archive.decode(HostileBox<JSONValue>.self, from: Archive.encode(box))
            #expect(try restored.jsonString() == box.jsonString(), "\(text)")
        }
    }

    /// FuzzArchive: an archive whose `Date` field holds 1e300 seconds (CBOR tag 1, double
    /// `7e d9 54 fc 40 10 00 00`) decodes, and describing the model then traps in
    /// DateParser.swift ("Double value cannot be converted to Int because the result would be
    /// greater than Int.max").
    @Test
    func anArchivedOutOfRangeDateIsAnErrorNotATrapLater() throws {
        var bytes = try Archive.encode(HostileBox<Date>(v: Date(timeIntervalSince1970: 1)))
        let one: [UInt8] = [0xC1, 0xFB, 0x3F, 0xF0, 0, 0, 0, 0, 0, 0]
        let start = try #require(bytes.indices.first { bytes[$0...].starts(with: one) })
        bytes.replaceSubrange((start + 2)..<(start + 10), with: withUnsafeBytes(of: (1e300 as Double).bitPattern.bigEndian, Array.init))
        // Recompute the trailing checksum (a 5-byte CBOR uint32) over everything before it.
        let checksum = bytes.withUnsafeBytes { CRC32C.checksum(UnsafeRawBufferPointer(rebasing: $0[..<(bytes.count - 5)])) }
        bytes.replaceSubrange((bytes.count - 4)..., with: withUnsafeBytes(of: checksum.bigEndian, Array.init))
        do {
            let box = try Archive.decode(HostileBox<Date>.self, from: bytes)
            #expect(box.v?.timeIntervalSince1970.isFinite == true)
            _ = box.modelDescription
        } catch let error as ArchiveError {
            guard case .invalidContent = error else { Issue.record("\(error)"); return }
        }
    }

    /// FuzzJSONValue, input hex `22 22 22` (`"""`): accepted as `""` (the trailing open string),
    /// and the next decode on the pooled engine then read `""` as `" "` — a wrong value.
    @Test
    func aTrailingOpenStringDoesNotPoisonTheNextDecode() throws {
        for poison in [#"""""#, #""" ""#, #""""0g"#] {
            let error = try #require(throws: ModelDecodingError.self, "\(poison)") { try ModelDecoder().decode(JSONValue.self, from: poison) }
            #expect(error.byteOffset == poison.utf8.count, "\(poison): \(error)")
            #expect(try ModelDecoder().decode(JSONValue.self, from: #""""#) == "", "after \(poison)")
            #expect(try ModelDecoder().decode(JSONValue.self, from: #"["a",""]"#) == ["a", ""], "after \(poison)")
        }
    }

    /// FuzzModel with its compaction padding, input `1` after blank lines: a top-level value
    /// that yields no model (lenient conversion drops a number where a model is expected) was
    /// reported at byte 0, line 1, column 1 — the first blank line, not the value.
    @Test(arguments: ["1", "\n\n  1", "\u{FEFF} \"a\"", "\r\n\t[1]"])
    func aTopLevelValueThatYieldsNothingIsReportedWhereItStarts(text: String) throws {
        let bytes = Array(text.utf8)
        let start = try #require(bytes.firstIndex { ![0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains($0) })
        let lines = bytes[..<start].count(where: { $0 == 0x0A })
        let lineStart = bytes[..<start].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let error = try #require(throws: ModelDecodingError.self, "\(text)") {
            try ModelDecoder(options: DecodingOptions(conversion: .lenient)).decode(HostileBox<Int>.self, from: bytes)
        }
        guard case .typeMismatch = error.reason else { Issue.record("\(text): \(error)"); return }
        #expect(error.byteOffset == start, "\(text): \(error)")
        #expect(error.line == lines + 1, "\(text): \(error)")
        #expect(error.column == start - lineStart + 1 - (bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 2 : 0), "\(text): \(error)")
        #expect(error.path == "$")
    }

    /// FuzzOracle (10-minute run), input `{"v":5e-648}` as a `Codable` box of a `Date`:
    /// `JSONDecoder` refuses a number no `Double` holds; the bridge made it 0 seconds, a date of
    /// 2001 — a silent wrong value. Every date strategy that reads numbers took 0 for a nonzero
    /// number too small for a `Double` (the epoch itself), where a `Double` field refuses it.
    @Test
    func aNonzeroNumberTooSmallForADoubleIsNoDate() throws {
        struct Box: Codable { var v: Date }
        let json = Data(#"{"v":5e-648}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Box.self, from: json) }
        #expect(throws: DecodingError.self) { try ModelDecoder().decode(Box.self, from: json) }
        struct Stamped: Model {
            var at = Date(timeIntervalSince1970: 42)
            static let schema = Schema(Stamped.self) { Field("at", \.at) }
        }
        let strategies: [DateDecodingStrategy] = [.automatic, .secondsSince1970, .millisecondsSince1970, .deferredToDate]
        for dates in strategies {
            for conversion in [DecodingOptions.Conversion.strict, .lenient] {
                let options = DecodingOptions(conversion: conversion, dates: dates)
                for tiny in ["5e-648", "-5e-648", "0.1e-400", "\"5e-648\""] where conversion == .lenient || !tiny.hasPrefix("\"") {
                    #expect(throws: ModelDecodingError.self, "\(dates) \(conversion) \(tiny)") {
                        try Stamped(json: Data(#"{"at":"# .utf8) + Data(tiny.utf8) + Data("}".utf8), options: options)
                    }
                }
                // Zero spelled any way is a date.
                for zero in ["0", "-0", "0.0", "0e5", "0.000e-900"] {
                    let decoded = try Stamped(json: Data(#"{"at":"# .utf8) + Data(zero.utf8) + Data("}".utf8), options: options)
                    #expect(decoded.at.timeIntervalSince1970 != 42, "\(dates) \(zero)")
                }
            }
        }
    }
}

