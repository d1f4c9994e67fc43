/// What another layer derives from a schema's fields and keeps as long as the schema lives: the
/// JSON writer's output plans, the archive's pre-encoded field names.
///
/// The schema builds each once, when it is built (so reading one costs a load, no lock, and
/// schemas stay immutable and shareable across threads), from the list in `SchemaLayers`, and
/// holds them without knowing their types: the layers own their data and its meaning.
protocol SchemaDerivedData: AnyObject, Sendable {
    /// Where every schema keeps this layer's data in `derivedData` (assigned in `SchemaLayers`).
    static var layerIndex: Int { get }
    /// Built from the sealed fields (keys resolved), superclass fields first.
    init(fields: [FieldSlot])
}

extension Schema {
    /// The data `T`'s layer derived from this schema.
    @inline(__always)
    func derived<T: SchemaDerivedData>(_ type: T.Type) -> T {
        let data = derivedData[T.layerIndex]
        #if DEBUG
        // The index is assigned by hand in SchemaLayers: check it matches the type in tests.
        return data as! T
        #else
        return unsafeDowncast(data, to: T.self)
        #endif
    }
}
