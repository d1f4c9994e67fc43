import Testing
@testable import ModelKitCore

/// `WholeInputFeeder` takes one of two routes: the quick check and yajl over the whole input, or
/// the stateful scan and yajl block by block (when the check refuses, or when a string could
/// outgrow `maxStringBytes`). Both must end every input the same way.
@Suite struct WholeInputFeederTests {
    /// The outcome of decoding `json` as a `JSONValue`, by the quick route (no string limit) or
    /// the stateful one (a limit below the input's length, above every string in it).
    private func outcome(_ json: String, stateful: Bool) -> String {
        var options = DecodingOptions()
        if stateful { options.limits.maxStringBytes = 12 }
        do {
            return "value \(try ModelDecoder.decode(JSONValue.self, from: Array(json.utf8), options: options))"
        } catch let error as ModelDecodingError {
            return "\(error.reason) at \(error.byteOffset) \(error.path)"
        } catch {
            return "\(error)"
        }
    }

    @Test func bothRoutesEndEveryInputAlike() {
        let inputs = [
            #"1 "abc"#, #"{"a":"b"} "xyz"#, #""abc"#, #"["a", "b"#, #"{"k": "v", "w"#, #"[1, 2] "\"q"#,
            #"{"a": "b\u00e9", "c": [true, null]}"#, #"  "#, #"[1, 2] 3"#, #"{"a": "b" "c"}"#, "[\"a\u{01}b\", 1, 2, 3]",
        ]
        for input in inputs {
            // Longer than the stateful route's string limit, so that route is taken.
            let json = String(repeating: " ", count: 16) + input
            #expect(outcome(json, stateful: false) == outcome(json, stateful: true), "\(json)")
        }
        #expect(outcome(#"1 "abc"#, stateful: false).hasPrefix("syntax(\"unexpected end of input inside a string\") at 6"))
    }

    /// An input of `filler` entries up to `target` bytes, then `straddler`: a token that crosses
    /// the block boundary at `WholeInputFeeder.blockSize`.
    private func input(straddling straddler: String, at target: Int) -> [UInt8] {
        var text = "["
        while text.utf8.count + 20 < target { text += #""0123456789abcd", "# }
        text += String(repeating: " ", count: target - text.utf8.count) + straddler + "]"
        return Array(text.utf8)
    }

    @Test func aTokenAcrossABlockBoundaryDecodesAsInOnePiece() throws {
        var options = DecodingOptions()
        options.limits.maxStringBytes = 64  // the stateful route, in blocks
        let boundary = WholeInputFeeder.blockSize
        let straddlers: [(String, JSONValue)] = [("123456789012", 123456789012), (#""caf\u00e9 é""#, "café é"), ("true", true)]
        for (straddler, expected) in straddlers {
            for shift in 1..<straddler.utf8.count {
                let bytes = input(straddling: straddler, at: boundary - shift)
                let value = try ModelDecoder.decode(JSONValue.self, from: bytes, options: options)
                #expect(value == (try ModelDecoder.decode(JSONValue.self, from: bytes, options: DecodingOptions())), "\(straddler) at -\(shift)")
                #expect(value.arrayValue?.last == expected, "\(straddler) at -\(shift)")
            }
        }
        // A bad token across the boundary fails where it does in one piece.
        let broken = input(straddling: "12x", at: boundary - 1)
        let inBlocks = try #require(throws: ModelDecodingError.self) { try ModelDecoder.decode(JSONValue.self, from: broken, options: options) }
        let whole = try #require(throws: ModelDecodingError.self) { try ModelDecoder.decode(JSONValue.self, from: broken, options: DecodingOptions()) }
        #expect(inBlocks.byteOffset == whole.byteOffset)
        #expect(inBlocks.byteOffset >= boundary - 1)
    }
}
