/// How a field takes a value that several fields share (one JSON key, several fields).
///
/// The value is buffered once; fields whose JSON-side type is the same get one decode of it,
/// stored into each. Decoding it again per field would repeat the whole subtree, and in a
/// recursive model every level doubles the work: 2^depth for a 127-byte input.
@usableFromInline
struct SharedKeyDecode: Sendable {
    /// The JSON-side type (`Wire` of a transform, else the property's type): equal types decode alike.
    let wireType: ObjectIdentifier
    /// The same type as a metatype: what the buffered value is decoded as (once per type), and
    /// what describes the field's JSON (JSON Schema).
    let wireValueType: any ModelValue.Type
    /// Stores a value decoded as `wireValueType` into the model at the pointer.
    let store: @Sendable (Any, UnsafeMutableRawPointer, DecodeContext) throws -> Void

    @usableFromInline
    init<Wire: ModelValue>(_ type: Wire.Type, store: @escaping @Sendable (Wire, UnsafeMutableRawPointer, DecodeContext) throws -> Void) {
        wireType = ObjectIdentifier(Wire.self)
        wireValueType = Wire.self
        self.store = { value, root, decode in try store(value as! Wire, root, decode) }
    }
}
