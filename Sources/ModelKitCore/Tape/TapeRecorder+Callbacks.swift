import CYajl

// The tape recorder's callback table: each yajl callback is a direct call into the recorder.
// A file of its own on purpose: moved into TapeRecorder.swift, the optimizer merged the object
// and array callbacks into shared functions behind thunks (citm_catalog.json +0.5 % instructions).

extension TapeRecorder {
    /// A parser whose tokens go to `recorder`.
    static func tokenizer(feeding recorder: TapeRecorder) -> YajlTokenizer {
        YajlTokenizer(callbacks: recorderCallbacks, context: Unmanaged.passUnretained(recorder).toOpaque(), multipleValues: true)
    }
}

// yajl keeps a pointer to its callback table for the parser's lifetime, so the table lives in
// one immutable, never-freed allocation shared by every parser.
private nonisolated(unsafe) let recorderCallbacks: UnsafeMutablePointer<yajl_callbacks> = {
    let table = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
    table.initialize(to: yajl_callbacks(
        yajl_null: { ctx in withRecorder(ctx) { $0.onLiteral(.null) } },
        yajl_boolean: { ctx, value in withRecorder(ctx) { $0.onLiteral(value != 0 ? .trueValue : .falseValue) } },
        // Numbers come through yajl_number as raw text, kept as text until a decoder asks for a type.
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
private func withRecorder(_ context: UnsafeMutableRawPointer?, _ body: (TapeRecorder) -> Bool) -> Int32 {
    Unmanaged<TapeRecorder>.fromOpaque(context!)._withUnsafeGuaranteedRef(body) ? 1 : 0
}
