/// One entry of a ``Schema``: a property of `Root`, its JSON key(s) and options.
///
/// <!-- example: member of Book -->
/// ```swift
/// static let schema = Schema(Book.self) {
///     Field("name", \.name, key: "n")
///     Field("bookID", \.bookID, keys: ["id", "ID", "book_id"])   // the first key present in this list wins
///     Field("desc", \.desc, key: "ext.desc")                     // a key path into nested objects
///     Field("color", \.color, transform: .init(decode: { (hex: String) in Color(hex: hex) }, encode: { $0.hex }))
///     Field("isbn", \.isbn, description: "ISBN-13, digits only")       // shown in the JSON Schema
/// }
/// ```
///
/// Without a key, the JSON key is the field name (or what the schema's ``KeyNamingStrategy``
/// makes of it). A key containing `.` between two non-empty parts is a key path; `".ext"` and
/// `"a..b"` are plain keys.
public struct Field<Root>: Sendable {
    @usableFromInline let slot: FieldSlot

    /// A field read and written through a key path.
    @inlinable @inline(__always)
    public init<Value: ModelValue>(_ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable,
                                   key: String? = nil, options: FieldOptions = [], description: String? = nil,
                                   checks: [Check<Value>] = []) {
        self.init(name, keyPath, keys: key.map { [$0] } ?? [], options: options, description: description, checks: checks)
    }

    /// A field with several candidate keys: the first key of `keys` present in the input wins,
    /// whatever the document order; output uses the first key.
    @inlinable @inline(__always)
    public init<Value: ModelValue>(_ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable,
                                   keys: [String], options: FieldOptions = [], description: String? = nil,
                                   checks: [Check<Value>] = []) {
        let checks = Self.fieldChecks(checks, name, options)
        slot = FieldSlot(name: name, keys: keys, options: options, description: description,
                         access: .keyPath(keyPath, checks: checks), checkKeywords: checks?.keywords)
    }

    /// A field read and written through closures, for a property no key path reaches. Slower than
    /// a key path to a stored property, which is read and written at its byte offset.
    @inlinable @inline(__always)
    public init<Value: ModelValue>(_ name: String, get: @escaping @Sendable (Root) -> Value,
                                   set: @escaping @Sendable (inout Root, Value) -> Void,
                                   key: String? = nil, options: FieldOptions = [], description: String? = nil,
                                   checks: [Check<Value>] = []) {
        self.init(name, get: get, set: set, keys: key.map { [$0] } ?? [], options: options, description: description, checks: checks)
    }

    /// A closure-accessed field with several candidate keys: the first key of `keys` present in
    /// the input wins, whatever the document order; output uses the first key.
    @inlinable @inline(__always)
    public init<Value: ModelValue>(_ name: String, get: @escaping @Sendable (Root) -> Value,
                                   set: @escaping @Sendable (inout Root, Value) -> Void,
                                   keys: [String], options: FieldOptions = [], description: String? = nil,
                                   checks: [Check<Value>] = []) {
        let checks = Self.fieldChecks(checks, name, options)
        slot = FieldSlot(name: name, keys: keys, options: options, description: description,
                          // Why `assumingMemoryBound`: the engine hands each accessor a pointer to a `Root` it owns (see FieldSlot.swift).
                          access: .direct(read: { root in get(root.assumingMemoryBound(to: Root.self).pointee) }, set: set, checks: checks),
                          checkKeywords: checks?.keywords)
    }

    /// A field read through a key path and written through a closure: what the `@Model` macro
    /// emits. A stored property is still read and written at its byte offset; the closure writes
    /// the rest (properties with observers, which it runs, and those of non-final classes).
    @inlinable @inline(__always)
    public init<Value: ModelValue>(_ name: String, _ keyPath: KeyPath<Root, Value> & Sendable,
                                   set: @escaping @Sendable (inout Root, Value) -> Void,
                                   key: String? = nil, options: FieldOptions = [], description: String? = nil,
                                   checks: [Check<Value>] = []) {
        self.init(name, keyPath, set: set, keys: key.map { [$0] } ?? [], options: options, description: description, checks: checks)
    }

    /// A key-path-read, closure-written field with several candidate keys.
    @inlinable @inline(__always)
    public init<Value: ModelValue>(_ name: String, _ keyPath: KeyPath<Root, Value> & Sendable,
                                   set: @escaping @Sendable (inout Root, Value) -> Void,
                                   keys: [String], options: FieldOptions = [], description: String? = nil,
                                   checks: [Check<Value>] = []) {
        let checks = Self.fieldChecks(checks, name, options)
        slot = FieldSlot(name: name, keys: keys, options: options, description: description,
                         access: .keyPath(keyPath, set: set, checks: checks), checkKeywords: checks?.keywords)
    }

    /// A field whose JSON form is converted by a custom ``ValueTransform`` in both directions
    /// (like Mantle's value transformers). The property type itself need not be a ``ModelValue``.
    @inlinable @inline(__always)
    public init<Value, JSON: ModelValue>(_ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable,
                                         key: String? = nil, options: FieldOptions = [], description: String? = nil,
                                         transform: ValueTransform<Value, JSON>, checks: [Check<Value>] = []) {
        self.init(name, keyPath, keys: key.map { [$0] } ?? [], options: options, description: description, transform: transform,
                  checks: checks)
    }

    /// A transformed field with several candidate keys.
    @inlinable @inline(__always)
    public init<Value, JSON: ModelValue>(_ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable,
                                         keys: [String], options: FieldOptions = [], description: String? = nil,
                                         transform: ValueTransform<Value, JSON>, checks: [Check<Value>] = []) {
        let checks = checks.isEmpty ? nil : FieldChecks(checks, field: name, options: options) { try? transform.encode($0).encodeModelValue(options: EncodingOptions()) }
        slot = FieldSlot(name: name, keys: keys, options: options, description: description,
                         access: .transformed(keyPath, transform, checks: checks), checkKeywords: checks?.keywords)
    }
}

extension Field {
    /// The checks of a field, nil when it has none (its accessors are then the unchecked ones).
    @inlinable
    static func fieldChecks<Value: ModelValue>(_ checks: [Check<Value>], _ name: String, _ options: FieldOptions) -> FieldChecks<Value>? {
        checks.isEmpty ? nil : FieldChecks(checks, field: name, options: options) { try? $0.encodeModelValue(options: EncodingOptions()) }
    }
}

/// Converts a property's value to and from a JSON-representable type, in both directions.
///
/// ```swift
/// let hexColor = ValueTransform<Color, String>(decode: { Color(hex: $0) }, encode: { $0.hex })
/// ```
public struct ValueTransform<Value, JSON: ModelValue>: Sendable {
    /// JSON form → property value. Throw to reject the input (reported as `.invalid` with its path).
    public let decode: @Sendable (JSON) throws -> Value
    /// Property value → JSON form.
    public let encode: @Sendable (Value) throws -> JSON

    /// A transform from its two directions.
    public init(decode: @escaping @Sendable (JSON) throws -> Value, encode: @escaping @Sendable (Value) throws -> JSON) {
        self.decode = decode
        self.encode = encode
    }
}

/// Builds the field list of a ``Schema``.
@resultBuilder
public enum SchemaBuilder<Root> {
    /// One `Field(…)` line.
    public static func buildExpression(_ field: Field<Root>) -> [Field<Root>] { [field] }
    /// The fields in declaration order.
    public static func buildBlock(_ parts: [Field<Root>]...) -> [Field<Root>] { parts.flatMap { $0 } }
    /// Fields under an `if`.
    public static func buildOptional(_ part: [Field<Root>]?) -> [Field<Root>] { part ?? [] }
    /// Fields under an `if`/`else` (first branch).
    public static func buildEither(first part: [Field<Root>]) -> [Field<Root>] { part }
    /// Fields under an `if`/`else` (second branch).
    public static func buildEither(second part: [Field<Root>]) -> [Field<Root>] { part }
    /// Fields from a `for` loop.
    public static func buildArray(_ parts: [[Field<Root>]]) -> [Field<Root>] { parts.flatMap { $0 } }
}
