/// Type-erased access to one field, through a raw pointer to the model's storage.
///
/// The decoder holds models in stable storage it allocated itself and passes that address
/// here, so setting a field is one indirect call with no existential boxing.
public class _FieldSlot: @unchecked Sendable {
    // Immutable once its schema is built (see `isSealed`), hence @unchecked.
    let name: String
    let declaredKeys: [String]
    let options: FieldOptions
    // Assigned once by the owning Schema's initializer, before the schema is published.
    var index = 0
    var resolvedKeys: [String] = []
    var isSealed = false

    init(name: String, keys: [String], options: FieldOptions) {
        self.name = name
        self.declaredKeys = keys
        self.options = options
    }

    var wireTypeName: String { fatalError("abstract") }
    func decodeScalar(_ scalar: _Scalar, root: UnsafeMutableRawPointer, _ decoder: _DecodeEngine) throws { fatalError("abstract") }
    func beginContainer(_ kind: _ContainerKind, root: UnsafeMutableRawPointer, _ decoder: _DecodeEngine) throws -> _DecodeFrame? { fatalError("abstract") }
    func finishContainer(_ frame: _DecodeFrame, root: UnsafeMutableRawPointer, _ decoder: _DecodeEngine) throws { fatalError("abstract") }
    /// Reads the field as its JSON-side value (`Wire`), boxed; for encoding, archive, description and equality.
    func wireValue(root: UnsafeRawPointer) throws -> any ModelValue { fatalError("abstract") }
}

/// A field whose JSON-side type is `Wire`. Subclasses decide how a `Wire` reaches the property.
class FieldSlot<Root, Wire: ModelValue>: _FieldSlot, @unchecked Sendable {
    override var wireTypeName: String { Wire._typeName }

    func store(_ value: Wire, into root: UnsafeMutablePointer<Root>) throws { fatalError("abstract") }
    func load(from root: UnsafePointer<Root>) throws -> Wire { fatalError("abstract") }
    /// The current value to merge into when `update` meets a nested object, or nil to start fresh.
    func mergeBase(from root: UnsafePointer<Root>) -> Wire? { nil }

    override final func decodeScalar(_ scalar: _Scalar, root: UnsafeMutableRawPointer, _ decoder: _DecodeEngine) throws {
        if let value = try Wire._decodeScalar(scalar, decoder) {
            try store(value, into: root.assumingMemoryBound(to: Root.self))
        }
    }

    override final func beginContainer(_ kind: _ContainerKind, root: UnsafeMutableRawPointer, _ decoder: _DecodeEngine) throws -> _DecodeFrame? {
        let existing = decoder.isMerging ? mergeBase(from: UnsafePointer(root.assumingMemoryBound(to: Root.self))) : nil
        return try Wire._beginContainer(kind, decoder, merging: existing)
    }

    override final func finishContainer(_ frame: _DecodeFrame, root: UnsafeMutableRawPointer, _ decoder: _DecodeEngine) throws {
        if let value = try Wire._finishContainer(frame, decoder) {
            try store(value, into: root.assumingMemoryBound(to: Root.self))
        }
    }

    override final func wireValue(root: UnsafeRawPointer) throws -> any ModelValue {
        try load(from: root.assumingMemoryBound(to: Root.self))
    }
}

/// A field stored as-is through closures (or a key path wrapped in closures).
final class DirectFieldSlot<Root, Value: ModelValue>: FieldSlot<Root, Value>, @unchecked Sendable {
    let getter: @Sendable (Root) -> Value
    let setter: @Sendable (inout Root, Value) -> Void

    init(name: String, keys: [String], options: FieldOptions,
         get: @escaping @Sendable (Root) -> Value, set: @escaping @Sendable (inout Root, Value) -> Void) {
        getter = get
        setter = set
        super.init(name: name, keys: keys, options: options)
    }

    override func store(_ value: Value, into root: UnsafeMutablePointer<Root>) throws { setter(&root.pointee, value) }
    override func load(from root: UnsafePointer<Root>) throws -> Value { getter(root.pointee) }
    override func mergeBase(from root: UnsafePointer<Root>) -> Value? { getter(root.pointee) }
}

/// A field converted by a ``ValueTransform``: JSON holds a `Wire`, the property a `Value`.
final class TransformFieldSlot<Root, Value, Wire: ModelValue>: FieldSlot<Root, Wire>, @unchecked Sendable {
    let keyPath: WritableKeyPath<Root, Value> & Sendable
    let transform: ValueTransform<Value, Wire>

    init(name: String, keys: [String], options: FieldOptions,
         keyPath: WritableKeyPath<Root, Value> & Sendable, transform: ValueTransform<Value, Wire>) {
        self.keyPath = keyPath
        self.transform = transform
        super.init(name: name, keys: keys, options: options)
    }

    override func store(_ value: Wire, into root: UnsafeMutablePointer<Root>) throws {
        do {
            root.pointee[keyPath: keyPath] = try transform.decode(value)
        } catch let error as ModelDecodingError {
            throw error
        } catch {
            throw TransformFailure(message: String(describing: error))
        }
    }

    override func load(from root: UnsafePointer<Root>) throws -> Wire { try transform.encode(root.pointee[keyPath: keyPath]) }
}

/// Raised by a transform; the engine turns it into a positioned `.invalid` error.
struct TransformFailure: Error {
    let message: String
}
