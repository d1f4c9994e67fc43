extension Schema {
    /// Returns the schema of `type`, building it with `make` the first time (thread-safe).
    ///
    /// Generic models cannot hold a static stored property, so they cache their schema here,
    /// once per concrete type:
    ///
    /// <!-- example: member of Node -->
    /// ```swift
    /// static var schema: Schema { Schema.cached(for: Node<T>.self) { Schema(Node<T>.self) { Field("value", \.value) } } }
    /// ```
    ///
    /// Name the concrete type (`Node<T>.self`), not `Self`: in a class `Self` is the dynamic type
    /// (maybe a subclass), and `Schema(Self.self)` in a generic class compiles but crashes at run
    /// time in debug builds ("could not demangle keypath type", a compiler bug).
    public static func cached<Root: Model>(for type: Root.Type, _ make: () -> Schema) -> Schema {
        let id = ObjectIdentifier(type)
        if let hit = schemaCache.withLock({ $0[id] }) { return hit }
        // Built outside the lock: building may recurse into other generic schemas.
        let built = make()
        return schemaCache.withLock { cache in
            if let raced = cache[id] { return raced }
            cache[id] = built
            return built
        }
    }
}

private let schemaCache = Lock<[ObjectIdentifier: Schema]>([:])
