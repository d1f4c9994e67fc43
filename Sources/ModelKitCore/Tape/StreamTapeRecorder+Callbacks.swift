import CYajl

// The stream recorder's callback table: each yajl callback is a direct call into the recorder.

extension StreamTapeRecorder {
    /// A parser in multiple-values mode (a stream is a sequence of values) whose tokens go to `recorder`.
    static func tokenizer(feeding recorder: StreamTapeRecorder) -> YajlTokenizer {
        YajlTokenizer(callbacks: streamRecorderCallbacks, context: Unmanaged.passUnretained(recorder).toOpaque(), multipleValues: true)
    }
}

// yajl keeps a pointer to its callback table for the parser's lifetime, so the table lives in
// one immutable, never-freed allocation shared by every parser.
private nonisolated(unsafe) let streamRecorderCallbacks: UnsafeMutablePointer<yajl_callbacks> = {
    let table = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
    table.initialize(to: yajl_callbacks(
        yajl_null: { ctx in withRecorder(ctx) { $0.onLiteral(.null) } },
        yajl_boolean: { ctx, value in withRecorder(ctx) { $0.onLiteral(value != 0 ? .trueValue : .falseValue) } },
        // Numbers come through yajl_number as raw text, kept as text until a reader asks for a type.
        yajl_integer: nil,
        yajl_double: nil,
        yajl_number: { ctx, text, length in
            withRecorder(ctx) { $0.onNumber(UnsafeRawBufferPointer(start: text, count: length)) }
        },
        yajl_string: { ctx, bytes, length in
            withRecorder(ctx) { $0.onString(UnsafeRawBufferPointer(start: bytes, count: length)) }
        },
        yajl_start_map: { ctx in withRecorder(ctx) { $0.onOpen(.object) } },
        yajl_map_key: { ctx, bytes, length in
            withRecorder(ctx) { $0.onKey(UnsafeRawBufferPointer(start: bytes, count: length)) }
        },
        yajl_end_map: { ctx in withRecorder(ctx) { $0.onClose() } },
        yajl_start_array: { ctx in withRecorder(ctx) { $0.onOpen(.array) } },
        yajl_end_array: { ctx in withRecorder(ctx) { $0.onClose() } }
    ))
    return table
}()

/// Calls `body` with the recorder registered as yajl's context, and turns its answer into
/// yajl's (non-zero: go on). The recorder outlives its parser, so it is borrowed without
/// retain/release on every token.
@inline(__always)
private func withRecorder(_ context: UnsafeMutableRawPointer?, _ body: (StreamTapeRecorder) -> Bool) -> Int32 {
    Unmanaged<StreamTapeRecorder>.fromOpaque(context!)._withUnsafeGuaranteedRef(body) ? 1 : 0
}
