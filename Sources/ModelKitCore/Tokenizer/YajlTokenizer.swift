import CYajl
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// yajl behind one type: the parser handle and its configuration, feeding and finishing,
/// consumed bytes and error messages. Nothing else in the library calls yajl; the tape recorder
/// only fills in yajl's callback table.
///
/// It knows no sink: the sink brings its callback table (the tape recorder's, for whole documents
/// and streams alike, in `TapeRecorder+Callbacks.swift`), so a token costs one direct call into it.
final class YajlTokenizer {
    /// How a `parse` or `finish` ended.
    enum Status {
        /// All bytes were tokenized.
        case ok
        /// The sink answered `false` to a token (it knows why).
        case stopped
        /// The input is not JSON: see `syntaxError()`.
        case failed
    }

    /// What yajl found wrong, in the library's words.
    struct SyntaxError {
        /// yajl's lexer rejected a byte: it reports the position just past it, or at it when
        /// `isAtByte`.
        let isLexical: Bool
        /// yajl backed up to the rejected byte (a control byte inside a string).
        var isAtByte = false
        /// A sentence without a trailing period ("unexpected end of input").
        let description: String
        /// Whether the offending byte is worth naming after the description ("(at '}')"): not
        /// for errors about the input as a whole or the string as a whole.
        let namesByte: Bool
    }

    private let handle: yajl_handle

    /// A parser calling `callbacks` with `context` (the sink, which must outlive the parser: it
    /// is held unretained); with `multipleValues`, it accepts one value after another (streams,
    /// and parsers reused across documents).
    init(callbacks: UnsafePointer<yajl_callbacks>, context: UnsafeMutableRawPointer, multipleValues: Bool) {
        guard let handle = yajl_alloc(callbacks, nil, context) else { fatalError("yajl_alloc failed: out of memory") }
        self.handle = handle
        // The pre-scan (InputScanner) validates UTF-8 more strictly than yajl, so yajl's own pass is redundant.
        cyajl_config(handle, yajl_dont_validate_strings, 1)
        if multipleValues { cyajl_config(handle, yajl_allow_multiple_values, 1) }
    }

    deinit { yajl_free(handle) }

    /// Tokenizes `buffer` (not empty), continuing from the previous call.
    func parse(_ buffer: UnsafeRawBufferPointer) -> Status {
        Self.status(yajl_parse(handle, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), buffer.count))
    }

    /// Ends the input: a value still open fails.
    func finish() -> Status {
        Self.status(yajl_complete_parse(handle))
    }

    /// Bytes of the last `parse` buffer consumed so far (up to the token being handled).
    var bytesConsumed: Int { Int(yajl_get_bytes_consumed(handle)) }

    private static func status(_ status: yajl_status) -> Status {
        switch status {
        case yajl_status_ok: return .ok
        case yajl_status_client_canceled: return .stopped
        default: return .failed
        }
    }

    /// The error of the last `.failed` status.
    func syntaxError() -> SyntaxError {
        var message = ""
        if let raw = yajl_get_error(handle, 0, nil, 0) {
            message = String(String(cString: raw).trimmingWhitespace())
            yajl_free_error(handle, raw)
        }
        var text = message
        for prefix in ["lexical error: ", "parse error: "] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
        if text.hasSuffix(".") { text.removeLast() }
        let lexical = message.hasPrefix("lexical")
        switch text {
        case "premature EOF": return SyntaxError(isLexical: lexical, description: "unexpected end of input", namesByte: false)
        case "trailing garbage": return SyntaxError(isLexical: lexical, description: "unexpected data after the JSON value", namesByte: false)
        case "invalid character inside string":
            return SyntaxError(isLexical: lexical, isAtByte: true, description: "control character in a string must be escaped", namesByte: false)
        case "invalid char in json text": return SyntaxError(isLexical: lexical, description: "unexpected character", namesByte: true)
        // What yajl says for a misspelt `true`, `false` or `null` (`tru`, `nul`).
        case "invalid string in json text":
            return SyntaxError(isLexical: lexical, description: "invalid literal (true, false or null expected)", namesByte: true)
        default: return SyntaxError(isLexical: lexical, description: text, namesByte: true)
        }
    }
}
