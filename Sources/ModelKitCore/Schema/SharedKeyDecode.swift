/// How a field takes a value that several fields share (one JSON key, several fields).
///
/// The value is buffered once; fields whose JSON-side type is the same get one decode of it,
/// stored into each. Decoding it again per field would repeat the whole subtree, and in a
/// recursive model every level doubles the work: 2^depth for a 127-byte input.
@usableFromInline
struct SharedKeyDecode: Sendable {
    /// The JSON-side type (`Wire` of a transform, else the property's type): equal types decode alike.
    let wireType: ObjectIdentifier
    /// The same type as a metatype: what describes the field's JSON (JSON Schema).
    let wireValueType: any ModelValue.Type
    /// Decodes the buffered value as the wire type; nil when nothing is to be stored (skipped mismatch).
    let decode: @Sendable (JSONValue, DecodeEngine) throws -> Any?
    /// Stores a value `decode` produced into the model at the pointer.
    let store: @Sendable (Any, UnsafeMutableRawPointer) throws -> Void

    @usableFromInline
    init<Wire: ModelValue>(_ type: Wire.Type, store: @escaping @Sendable (Wire, UnsafeMutableRawPointer) throws -> Void) {
        wireType = ObjectIdentifier(Wire.self)
        wireValueType = Wire.self
        decode = { value, decoder in try decoder.decodeBuffered(value, as: Wire.self) }
        self.store = { value, root in try store(value as! Wire, root) }
    }
}

extension DecodeEngine {
    /// Decodes a buffered value as `T` on this engine, its stack kept so paths stay right.
    func decodeBuffered<T: ModelValue>(_ value: JSONValue, as type: T.Type) throws -> T? {
        let box = ResultBox<T>()
        push(RootFrame.decoding(into: box))
        defer { popFrame() }
        try withNestedReplay { try replay(value) }
        return box.value
    }
}
