import CYajl

// The decode engine's callback table: each yajl callback is a direct call into the engine (no
// protocol, no witness-table dispatch on the hot path).

extension DecodeEngine {
    /// A parser whose tokens go to `engine`.
    static func tokenizer(feeding engine: DecodeEngine, multipleValues: Bool) -> YajlTokenizer {
        YajlTokenizer(callbacks: engineCallbacks, context: Unmanaged.passUnretained(engine).toOpaque(), multipleValues: multipleValues)
    }
}

// yajl keeps a pointer to its callback table for the parser's lifetime, so the table lives in
// one immutable, never-freed allocation shared by every parser.
private nonisolated(unsafe) let engineCallbacks: UnsafeMutablePointer<yajl_callbacks> = {
    let table = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
    table.initialize(to: yajl_callbacks(
        yajl_null: { ctx in withSink(ctx) { $0.onScalar(.null, kind: .literal) } },
        yajl_boolean: { ctx, value in withSink(ctx) { $0.onScalar(.bool(value != 0), kind: .literal) } },
        // Integers and doubles come through yajl_number as raw text: parsed once, exactly, into the target type.
        yajl_integer: nil,
        yajl_double: nil,
        yajl_number: { ctx, text, length in
            withSink(ctx) { $0.onNumber(UnsafeRawBufferPointer(start: text, count: length)) }
        },
        yajl_string: { ctx, bytes, length in
            withSink(ctx) { $0.onString(UnsafeRawBufferPointer(start: bytes, count: length)) }
        },
        yajl_start_map: { ctx in withSink(ctx) { $0.onOpen(.object) } },
        yajl_map_key: { ctx, bytes, length in
            withSink(ctx) { $0.onKey(UnsafeRawBufferPointer(start: bytes, count: length)) }
        },
        yajl_end_map: { ctx in withSink(ctx) { $0.onClose() } },
        yajl_start_array: { ctx in withSink(ctx) { $0.onOpen(.array) } },
        yajl_end_array: { ctx in withSink(ctx) { $0.onClose() } }
    ))
    return table
}()

/// Calls `body` with the sink registered as yajl's context, and turns its answer into yajl's
/// (non-zero: go on). The engine outlives its parser, so it is borrowed without retain/release
/// on every token.
@inline(__always)
private func withSink(_ context: UnsafeMutableRawPointer?, _ body: (DecodeEngine) -> Bool) -> Int32 {
    Unmanaged<DecodeEngine>.fromOpaque(context!)._withUnsafeGuaranteedRef(body) ? 1 : 0
}
