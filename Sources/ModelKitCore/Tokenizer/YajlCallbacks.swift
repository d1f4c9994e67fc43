import CYajl

// yajl keeps a pointer to its callback table for the parser's lifetime, so the table lives in
// one immutable, never-freed allocation shared by every engine.
nonisolated(unsafe) let yajlCallbacks: UnsafeMutablePointer<yajl_callbacks> = {
    let table = UnsafeMutablePointer<yajl_callbacks>.allocate(capacity: 1)
    table.initialize(to: yajl_callbacks(
        yajl_null: { ctx in engine(ctx).onScalar(.null, kind: .literal) },
        yajl_boolean: { ctx, value in engine(ctx).onScalar(.bool(value != 0), kind: .literal) },
        // Integers and doubles come through yajl_number as raw text: parsed once, exactly, into the target type.
        yajl_integer: nil,
        yajl_double: nil,
        yajl_number: { ctx, text, length in
            engine(ctx).onScalar(.number(UnsafeRawBufferPointer(start: text, count: length)), kind: .number)
        },
        yajl_string: { ctx, bytes, length in
            engine(ctx).onString(UnsafeRawBufferPointer(start: bytes, count: length))
        },
        yajl_start_map: { ctx in engine(ctx).onOpen(.object) },
        yajl_map_key: { ctx, bytes, length in
            engine(ctx).onKey(UnsafeRawBufferPointer(start: bytes, count: length))
        },
        yajl_end_map: { ctx in engine(ctx).onClose() },
        yajl_start_array: { ctx in engine(ctx).onOpen(.array) },
        yajl_end_array: { ctx in engine(ctx).onClose() }
    ))
    return table
}()

/// The engine registered as yajl's context: unretained, it outlives its parser handle.
@inline(__always)
private func engine(_ context: UnsafeMutableRawPointer?) -> _DecodeEngine {
    Unmanaged<_DecodeEngine>.fromOpaque(context!).takeUnretainedValue()
}
