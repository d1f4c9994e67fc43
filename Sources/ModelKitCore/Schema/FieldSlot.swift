/// One field of a schema, type-erased: name, keys, options and the accessors the engine calls.
///
/// Models are decoded in storage the engine owns, so every accessor takes a raw pointer to the
/// model and sets the field in place: one indirect call per value, no existential boxing.
@usableFromInline
final class FieldSlot: @unchecked Sendable {
    // Immutable once its schema is built (see `isSealed`), hence @unchecked.
    let name: String
    let declaredKeys: [String]
    let options: FieldOptions
    /// What the field means, for people and tools (JSON Schema `description`).
    let fieldDescription: String?
    let access: FieldAccess
    /// The JSON Schema keywords of the field's checks, nil when it has none.
    let checkKeywords: (@Sendable () -> [(String, JSONValue)])?
    // Assigned once by the owning Schema's initializer, before the schema is published.
    var index = 0
    var resolvedKeys: [String] = []
    var isSealed = false

    @usableFromInline
    init(name: String, keys: [String], options: FieldOptions, description: String? = nil, access: FieldAccess,
         checkKeywords: (@Sendable () -> [(String, JSONValue)])? = nil) {
        self.checkKeywords = checkKeywords
        self.name = name
        self.declaredKeys = keys
        self.options = options
        self.fieldDescription = description
        self.access = access
    }
}

/// The per-field accessors, created in `@inlinable` code so that they are specialized for the
/// concrete model and value types in the module that declares the model.
///
/// The decoding accessors take the schema reader and a tape entry and call the value's own
/// entry point with what the opaque handles of ``ModelEngine`` hold: the schema passes the
/// reader on without knowing it. The handles are made inside the accessors, from their
/// parameters: made by the caller, each would cost a retain and a release per value.
@usableFromInline
struct FieldAccess: Sendable {
    /// Reads the value at a tape entry into the field (the schema reader, SchemaReader/).
    let readTape: @Sendable (TapeSchemaReader, Int, UnsafeMutableRawPointer) throws -> Void
    /// The same, merged into the field's current value (`update(json:)`: a model's fields are
    /// set over it, anything else is replaced).
    let mergeTape: @Sendable (TapeSchemaReader, Int, UnsafeMutableRawPointer) throws -> Void
    /// Presents the field's (JSON-side) value to a visitor: encoders, archive, description.
    let visit: @Sendable (UnsafeRawPointer, any ValueVisitor) throws -> Void
    /// Copies the field from one model to another (deeply for model classes): `modelCopy()`.
    let copy: @Sendable (UnsafeRawPointer, UnsafeMutableRawPointer) -> Void
    /// A container value this field shares with others on one key (decoded once per type).
    let shared: SharedKeyDecode

    @usableFromInline
    init(readTape: @escaping @Sendable (TapeSchemaReader, Int, UnsafeMutableRawPointer) throws -> Void,
         mergeTape: @escaping @Sendable (TapeSchemaReader, Int, UnsafeMutableRawPointer) throws -> Void,
         visit: @escaping @Sendable (UnsafeRawPointer, any ValueVisitor) throws -> Void,
         copy: @escaping @Sendable (UnsafeRawPointer, UnsafeMutableRawPointer) -> Void,
         shared: SharedKeyDecode) {
        self.readTape = readTape
        self.mergeTape = mergeTape
        self.visit = visit
        self.copy = copy
        self.shared = shared
    }

    /// A field stored as-is. `read` takes the model's address so that reading one field never
    /// copies the whole model (a struct copy would retain every reference it holds). Always
    /// inlined: the closures must be created, and so specialized, in the module that declares
    /// the model.
    @inlinable @inline(__always)
    static func direct<Value: ModelValue>(read: @escaping @Sendable (UnsafeRawPointer) -> Value,
                                          write: @escaping @Sendable (UnsafeMutableRawPointer, Value) -> Void,
                                          checks: FieldChecks<Value>? = nil) -> FieldAccess {
        if let checks { return checked(read: read, write: write, checks: checks) }
        return FieldAccess(
            readTape: { reader, index, root in
                if let value = try Value._decodeTape(index, reader) { write(root, value) }
            },
            mergeTape: { reader, index, root in
                if let value = try reader.merge(index, into: read(UnsafeRawPointer(root))) { write(root, value) }
            },
            visit: { root, visitor in try read(root)._visit(visitor) },
            copy: { from, to in write(to, read(from)._deepCopy()) },
            shared: SharedKeyDecode(Value.self, store: { value, root, _ in write(root, value) }))
    }

    /// A field that has checks: each decoded value is checked before it is stored (a field
    /// without checks never gets this accessor, so it pays nothing for them). Not forced inline:
    /// its closures are made once per value type, not once per kind of accessor.
    @inlinable
    static func checked<Value: ModelValue>(read: @escaping @Sendable (UnsafeRawPointer) -> Value,
                                           write: @escaping @Sendable (UnsafeMutableRawPointer, Value) -> Void,
                                           checks: FieldChecks<Value>) -> FieldAccess {
        FieldAccess(
            readTape: { reader, index, root in
                if let value = try Value._decodeTape(index, reader), try checks.admits(value, reader) { write(root, value) }
            },
            mergeTape: { reader, index, root in
                if let value = try reader.merge(index, into: read(UnsafeRawPointer(root))), try checks.admits(value, reader) {
                    write(root, value)
                }
            },
            visit: { root, visitor in try read(root)._visit(visitor) },
            copy: { from, to in write(to, read(from)._deepCopy()) },
            shared: SharedKeyDecode(Value.self, store: { value, root, decode in
                if try checks.admits(value, decode) { write(root, value) }
            }))
    }

    /// A stored struct property at a fixed byte offset: the hot closures touch memory directly
    /// (one indirect call per value instead of two).
    @inlinable @inline(__always)
    static func stored<Value: ModelValue>(at offset: Int, as type: Value.Type, checks: FieldChecks<Value>? = nil) -> FieldAccess {
        located(InlineField(offset: offset), as: type, checks: checks)
    }

    /// A stored property of a final class at a fixed byte offset in the object: `root` points at
    /// the reference. Key-path reads on class instances cost hundreds of instructions each
    /// (generic metadata lookups in the runtime); this is a load.
    @inlinable @inline(__always)
    static func storedInObject<Value: ModelValue>(at offset: Int, as type: Value.Type, checks: FieldChecks<Value>? = nil) -> FieldAccess {
        located(ObjectField(offset: offset), as: type, checks: checks)
    }

    /// A field at a fixed place, reached without any call.
    @inlinable @inline(__always)
    static func located<Value: ModelValue, Location: FieldLocation>(_ location: Location, as type: Value.Type,
                                                                    checks: FieldChecks<Value>? = nil) -> FieldAccess {
        @Sendable @inline(__always) func field(_ root: UnsafeRawPointer) -> UnsafeMutablePointer<Value> {
            location.address(in: root).assumingMemoryBound(to: Value.self)
        }
        if let checks {
            return checked(read: { field($0).pointee }, write: { field($0).pointee = $1 }, checks: checks)
        }
        return FieldAccess(
            readTape: { reader, index, root in
                if let value = try Value._decodeTape(index, reader) { field(root).pointee = value }
            },
            mergeTape: { reader, index, root in
                if let value = try reader.merge(index, into: field(root).pointee) { field(root).pointee = value }
            },
            visit: { root, visitor in try field(root).pointee._visit(visitor) },
            copy: { from, to in field(to).pointee = field(from).pointee._deepCopy() },
            shared: SharedKeyDecode(Value.self, store: { value, root, _ in field(root).pointee = value }))
    }

    /// A field reached through a key path. A stored property of a struct is read and written at
    /// its byte offset (`MemoryLayout.offset(of:)`): no key-path machinery, no copy of the model.
    /// A plain stored `var` of a final class is reached at its offset in the object. Computed
    /// properties, properties with observers and those of non-final classes go through the key path.
    @inlinable @inline(__always)
    static func keyPath<Root, Value: ModelValue>(_ keyPath: WritableKeyPath<Root, Value> & Sendable,
                                                 checks: FieldChecks<Value>? = nil) -> FieldAccess {
        if let offset = MemoryLayout<Root>.offset(of: keyPath) { return stored(at: offset, as: Value.self, checks: checks) }
        if let offset = ClassFieldOffsets.offset(of: keyPath, in: Root.self, as: Value.self) {
            return storedInObject(at: offset, as: Value.self, checks: checks)
        }
        // Why `assumingMemoryBound`: `root` always points to the `Root` the engine decodes into or encodes from.
        return direct(read: { root in root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath] },
                      write: { root, value in root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath] = value },
                      checks: checks)
    }

    /// A field read through a key path and written through a closure (what the macro emits):
    /// stored struct properties still go straight to their offset; the closure serves the rest
    /// (class properties, properties with observers).
    @inlinable @inline(__always)
    static func keyPath<Root, Value: ModelValue>(_ keyPath: KeyPath<Root, Value> & Sendable,
                                                 set: @escaping @Sendable (inout Root, Value) -> Void,
                                                 checks: FieldChecks<Value>? = nil) -> FieldAccess {
        if let offset = MemoryLayout<Root>.offset(of: keyPath) { return stored(at: offset, as: Value.self, checks: checks) }
        // A plain stored `var` of a final class: `set` can only be the store the macro emits.
        if let offset = ClassFieldOffsets.offset(of: keyPath, in: Root.self, as: Value.self) {
            return storedInObject(at: offset, as: Value.self, checks: checks)
        }
        return direct(read: { root in root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath] }, set: set, checks: checks)
    }

    /// A field written through a closure (and read through `read`).
    @inlinable @inline(__always)
    static func direct<Root, Value: ModelValue>(read: @escaping @Sendable (UnsafeRawPointer) -> Value,
                                                set: @escaping @Sendable (inout Root, Value) -> Void,
                                                checks: FieldChecks<Value>? = nil) -> FieldAccess {
        direct(read: read, write: { root, value in set(&root.assumingMemoryBound(to: Root.self).pointee, value) }, checks: checks)
    }

    /// A field converted by a ``ValueTransform``: JSON holds a `Wire`, the property a `Value`.
    @inlinable @inline(__always)
    static func transformed<Root, Value, Wire: ModelValue>(_ keyPath: WritableKeyPath<Root, Value> & Sendable,
                                                          _ transform: ValueTransform<Value, Wire>,
                                                          checks: FieldChecks<Value>? = nil) -> FieldAccess {
        @Sendable func store(_ wire: Wire, _ root: UnsafeMutableRawPointer, _ decode: DecodeContext) throws {
            let value: Value
            do {
                value = try transform.decode(wire)
            } catch {
                throw TransformFailure(message: String(describing: error))
            }
            if let checks, try !checks.admits(value, decode) { return }
            // Why `assumingMemoryBound`: as in `keyPath(_:)`, `root` points to a `Root` the engine owns.
            root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath] = value
        }
        return FieldAccess(
            readTape: { reader, index, root in
                if let wire = try Wire._decodeTape(index, reader) { try store(wire, root, reader) }
            },
            // A transformed value is replaced, never merged (as on the push engine).
            mergeTape: { reader, index, root in
                if let wire = try Wire._decodeTape(index, reader) { try store(wire, root, reader) }
            },
            visit: { root, visitor in
                try transform.encode(root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath])._visit(visitor)
            },
            copy: { from, to in
                to.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath] = from.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath]
            },
            shared: SharedKeyDecode(Wire.self, store: store))
    }
}

/// Raised by a transform; the engine turns it into a positioned `.invalid` error.
@usableFromInline
struct TransformFailure: Error {
    let message: String
    @usableFromInline init(message: String) { self.message = message }
}
