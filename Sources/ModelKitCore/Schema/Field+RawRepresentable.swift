/// Lets a plain `enum State: String` (or integer-backed) property be a field without declaring
/// a ``ModelValue`` conformance: the value travels as its raw value, through ``RawEnumValue``.
///
/// These overloads are disfavored, so a type that is also a ``ModelValue`` keeps its own
/// conformance (no ambiguity), and they exist for `E` and `E?` in the two spellings that
/// hand-written schemas and the `@Model` macro use.
extension Field {
    /// A field holding a `RawRepresentable` value (an enum with `String` or integer raw values).
    @_disfavoredOverload @inlinable
    public init<Value: RawRepresentable & SendableMetatype>(_ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable,
                                         key: String? = nil, options: FieldOptions = [], description: String? = nil,
                                         checks: [Check<Value>] = []) where Value.RawValue: ModelValue {
        self.init(name, keyPath, keys: key.map { [$0] } ?? [], options: options, description: description, checks: checks)
    }

    /// A `RawRepresentable` field with several candidate keys.
    @_disfavoredOverload @inlinable
    public init<Value: RawRepresentable & SendableMetatype>(_ name: String, _ keyPath: WritableKeyPath<Root, Value> & Sendable,
                                         keys: [String], options: FieldOptions = [], description: String? = nil,
                                         checks: [Check<Value>] = []) where Value.RawValue: ModelValue {
        // Why `assumingMemoryBound` (here and below): `root` points to a `Root` the engine owns (FieldSlot.swift).
        let checks = Self.rawChecks(checks, name, options)
        slot = FieldSlot(name: name, keys: keys, options: options, description: description, access: .direct(
            read: { root in RawEnumValue(root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath]) },
            write: { root, value in root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath] = value.value },
            checks: checks?.pulledBack { $0.value }), checkKeywords: checks?.keywords)
    }

    /// An optional `RawRepresentable` field.
    @_disfavoredOverload @inlinable
    public init<Value: RawRepresentable & SendableMetatype>(_ name: String, _ keyPath: WritableKeyPath<Root, Value?> & Sendable,
                                         key: String? = nil, options: FieldOptions = [], description: String? = nil,
                                         checks: [Check<Value?>] = []) where Value.RawValue: ModelValue {
        self.init(name, keyPath, keys: key.map { [$0] } ?? [], options: options, description: description, checks: checks)
    }

    /// An optional `RawRepresentable` field with several candidate keys.
    @_disfavoredOverload @inlinable
    public init<Value: RawRepresentable & SendableMetatype>(_ name: String, _ keyPath: WritableKeyPath<Root, Value?> & Sendable,
                                         keys: [String], options: FieldOptions = [], description: String? = nil,
                                         checks: [Check<Value?>] = []) where Value.RawValue: ModelValue {
        let checks = Self.rawChecks(checks, name, options)
        slot = FieldSlot(name: name, keys: keys, options: options, description: description, access: .direct(
            read: { root in root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath].map(RawEnumValue.init) },
            write: { root, value in root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath] = value?.value },
            checks: checks?.pulledBack { $0?.value }), checkKeywords: checks?.keywords)
    }

    /// A `RawRepresentable` field read through a key path and written through a closure (the macro's form).
    @_disfavoredOverload @inlinable
    public init<Value: RawRepresentable & SendableMetatype>(_ name: String, _ keyPath: KeyPath<Root, Value> & Sendable,
                                         set: @escaping @Sendable (inout Root, Value) -> Void,
                                         key: String? = nil, options: FieldOptions = [], description: String? = nil,
                                         checks: [Check<Value>] = []) where Value.RawValue: ModelValue {
        self.init(name, keyPath, set: set, keys: key.map { [$0] } ?? [], options: options, description: description, checks: checks)
    }

    /// The macro's form with several candidate keys.
    @_disfavoredOverload @inlinable
    public init<Value: RawRepresentable & SendableMetatype>(_ name: String, _ keyPath: KeyPath<Root, Value> & Sendable,
                                         set: @escaping @Sendable (inout Root, Value) -> Void,
                                         keys: [String], options: FieldOptions = [], description: String? = nil,
                                         checks: [Check<Value>] = []) where Value.RawValue: ModelValue {
        let checks = Self.rawChecks(checks, name, options)
        slot = FieldSlot(name: name, keys: keys, options: options, description: description, access: .direct(
            read: { root in RawEnumValue(root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath]) },
            set: { (model: inout Root, value: RawEnumValue<Value>) in set(&model, value.value) },
            checks: checks?.pulledBack { $0.value }), checkKeywords: checks?.keywords)
    }

    /// The macro's form for an optional `RawRepresentable` field.
    @_disfavoredOverload @inlinable
    public init<Value: RawRepresentable & SendableMetatype>(_ name: String, _ keyPath: KeyPath<Root, Value?> & Sendable,
                                         set: @escaping @Sendable (inout Root, Value?) -> Void,
                                         key: String? = nil, options: FieldOptions = [], description: String? = nil,
                                         checks: [Check<Value?>] = []) where Value.RawValue: ModelValue {
        self.init(name, keyPath, set: set, keys: key.map { [$0] } ?? [], options: options, description: description, checks: checks)
    }

    /// The macro's form for an optional `RawRepresentable` field with several candidate keys.
    @_disfavoredOverload @inlinable
    public init<Value: RawRepresentable & SendableMetatype>(_ name: String, _ keyPath: KeyPath<Root, Value?> & Sendable,
                                         set: @escaping @Sendable (inout Root, Value?) -> Void,
                                         keys: [String], options: FieldOptions = [], description: String? = nil,
                                         checks: [Check<Value?>] = []) where Value.RawValue: ModelValue {
        let checks = Self.rawChecks(checks, name, options)
        slot = FieldSlot(name: name, keys: keys, options: options, description: description, access: .direct(
            read: { root in root.assumingMemoryBound(to: Root.self).pointee[keyPath: keyPath].map(RawEnumValue.init) },
            set: { (model: inout Root, value: RawEnumValue<Value>?) in set(&model, value?.value) },
            checks: checks?.pulledBack { $0?.value }), checkKeywords: checks?.keywords)
    }
}

extension Field {
    /// The checks of a raw-value enum field, nil when it has none; the enum is published by its raw values.
    @inlinable
    static func rawChecks<Value: RawRepresentable & SendableMetatype>(_ checks: [Check<Value>], _ name: String, _ options: FieldOptions)
        -> FieldChecks<Value>? where Value.RawValue: ModelValue {
        checks.isEmpty ? nil : FieldChecks(checks, field: name, options: options) { try? $0.rawValue.encodeModelValue(options: EncodingOptions()) }
    }

    /// The checks of an optional raw-value enum field.
    @inlinable
    static func rawChecks<Value: RawRepresentable & SendableMetatype>(_ checks: [Check<Value?>], _ name: String, _ options: FieldOptions)
        -> FieldChecks<Value?>? where Value.RawValue: ModelValue {
        checks.isEmpty ? nil : FieldChecks(checks, field: name, options: options) { value in
            guard let value else { return .null }
            return try? value.rawValue.encodeModelValue(options: EncodingOptions())
        }
    }
}

/// A `RawRepresentable` value seen as a ``ModelValue`` through its raw value (decoding, encoding,
/// archives and descriptions all go through the raw value's own conversions).
@usableFromInline
struct RawEnumValue<Wrapped: RawRepresentable>: RawRepresentable, ModelValue where Wrapped.RawValue: ModelValue {
    @usableFromInline let value: Wrapped

    @inlinable init(_ value: Wrapped) { self.value = value }

    @inlinable init?(rawValue: Wrapped.RawValue) {
        guard let value = Wrapped(rawValue: rawValue) else { return nil }
        self.value = value
    }

    @inlinable var rawValue: Wrapped.RawValue { value.rawValue }

    @usableFromInline static var _typeName: String { String(describing: Wrapped.self) }
}
