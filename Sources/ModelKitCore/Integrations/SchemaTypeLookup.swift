/// Which generic `Decodable`/`Encodable` types are ``ModelValue``s, found once per type.
///
/// Why: a server framework hands its coders only `T: Decodable` (or `Encodable`), so every
/// request asked the runtime whether `T` conforms to `ModelValue` (`T.self as? any
/// ModelValue.Type`: about 2,400 instructions, a conformance-cache probe plus the cast) and the
/// encoder boxed the value in an existential to find out (a copy of the whole model). A
/// dictionary probe under an uncontended lock is a tenth of that, and the answer never changes.
enum SchemaTypeLookup {
    /// What a ``ModelValue`` type is, as the integrations need to know it.
    struct Entry: Sendable {
        /// The type itself, for the schema path.
        let valueType: any ModelValue.Type
        /// Set when the type is a struct (or enum) `Model` without a postprocessing hook: its
        /// fields can be written straight from the caller's value, with no copy of it.
        let valueModel: (any Model.Type)?
    }

    private static let known = Lock<[ObjectIdentifier: Entry?]>([:])

    /// `type` as a ``ModelValue`` type, or nil for a plain Codable type (the bridge's).
    static func entry<T>(for type: T.Type) -> Entry? {
        let id = ObjectIdentifier(type)
        if let cached = known.withLock({ $0[id] }) { return cached }
        let found = (type as? any ModelValue.Type).map { valueType in
            let model = valueType as? any Model.Type
            let inPlace = model.flatMap { $0 is AnyObject.Type || $0.schema.isPostprocessing ? nil : $0 }
            return Entry(valueType: valueType, valueModel: inPlace)
        }
        known.withLock { $0[id] = found }
        return found
    }

    /// `type` as a ``ModelValue`` type, or nil for a plain Codable type.
    static func modelValueType<T>(_ type: T.Type) -> (any ModelValue.Type)? {
        entry(for: type)?.valueType
    }
}

/// `value`, borrowed in place, seen as the type it already is: `M` is `T`, found by
/// ``SchemaTypeLookup`` (no cast, no copy of the model into an existential or a temporary).
@inline(__always)
func withValue<T, M, R>(_ value: borrowing T, as _: M.Type, _ body: (UnsafePointer<M>) throws -> R) rethrows -> R {
    precondition(T.self == M.self, "withValue(_:as:) needs the value's own type")
    return try withUnsafePointer(to: value) { pointer in
        // Why rebinding is sound: T and M are the same type (checked above).
        try pointer.withMemoryRebound(to: M.self, capacity: 1, body)
    }
}

/// What `make` returns, moved out as the type it already is: `T` is `M` (see
/// ``withValue(_:as:_:)``), with no copy of the model.
@inline(__always)
func makeValue<M, T>(as _: T.Type, _ make: () throws -> M) rethrows -> T {
    precondition(T.self == M.self, "makeValue(as:_:) needs the value's own type")
    return try withUnsafeTemporaryAllocation(of: T.self, capacity: 1) { slot in
        // Why sound: the slot is initialized as M and moved out as T, the same type; nothing is
        // retained or released on the way. A throw leaves it uninitialized, as it was.
        let base = slot.baseAddress!
        UnsafeMutableRawPointer(base).assumingMemoryBound(to: M.self).initialize(to: try make())
        return base.move()
    }
}
