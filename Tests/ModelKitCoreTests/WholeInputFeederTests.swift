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
}
