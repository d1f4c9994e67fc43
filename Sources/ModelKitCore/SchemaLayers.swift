// The composition root of the schema's derived data: the one place that names every layer
// deriving something from a schema, so that `Schema` itself names none of them.

enum SchemaLayers {
    /// Built with every schema, in this order (each type's `layerIndex` is its position).
    static let all: [any SchemaDerivedData.Type] = [JSONOutputLayout.self, ArchiveLayout.self]
}

extension JSONOutputLayout { static var layerIndex: Int { 0 } }
extension ArchiveLayout { static var layerIndex: Int { 1 } }
