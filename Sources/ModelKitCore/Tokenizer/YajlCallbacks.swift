import CYajl

/// The sink yajl's callbacks forward to. Concrete, not `any TokenSink`: each token then costs a
/// direct call into the engine, with no witness-table dispatch on the hot path.
typealias YajlSink = DecodeEngine

// yajl keeps a pointer to its callback table for the parser's lifetime, so the table lives in
// one immutable, never-freed allocation shared by every parser.
nonisolated(unsafe) let yajlCallbacks: UnsafeMutablePointer<yajl_callbacks> = {
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
/// (non-zero: go on). The sink outlives its parser, so it is borrowed without retain/release
/// on every token.
@inline(__always)
private func withSink(_ context: UnsafeMutableRawPointer?, _ body: (YajlSink) -> Bool) -> Int32 {
    Unmanaged<YajlSink>.fromOpaque(context!)._withUnsafeGuaranteedRef(body) ? 1 : 0
}
