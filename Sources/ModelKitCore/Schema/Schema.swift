import Synchronization

/// The precompiled field table of one model type: built once, immutable, `Sendable`.
///
/// Decoding looks keys up in its byte-level key tables (no `String` per key); encoding,
/// archiving and description walk its fields in declaration order.
public final class Schema: Sendable {
    /// The model type's name, as printed by descriptions and stored in archives.
    public let typeName: String
    /// The fields in declaration order, superclass fields first.
    public var fieldNames: [String] { slots.map(\.name) }

    let modelType: any Model.Type
    let slots: [FieldSlot]
    /// JSON keys → fields (after the naming strategy), including key-path subtrees.
    let keyTable: KeyTable
    /// Field names → fields, for archives (keyed by property name, not JSON key).
    let nameTable: KeyTable
    /// Fields that take part in precedence or presence tracking, so only such schemas pay for it.
    let tracksFields: Bool
    let requiredSlots: [FieldSlot]
    let isPolymorphic: Bool
    let isPreprocessing: Bool
    @usableFromInline let isValidating: Bool
    @usableFromInline let isPostprocessing: Bool
    /// What other layers derive from the fields (see `SchemaDerivedData`), in `SchemaLayers` order.
    let derivedData: [any SchemaDerivedData]
    /// The object must be buffered as a `JSONValue` before building the model (hooks that need to see it whole).
    @usableFromInline var buffersObject: Bool { isPolymorphic || isPreprocessing }

    /// Builds the table for `type` from its fields.
    ///
    /// `typeName` is the name stored in archives and printed by descriptions (default: the Swift
    /// type's name); set it to keep reading archives after renaming the type.
    public convenience init<Root: Model>(_ type: Root.Type, keys naming: KeyNamingStrategy = .fieldNames, typeName: String? = nil,
                                         @SchemaBuilder<Root> _ fields: () -> [Field<Root>]) {
        self.init(type, parentSlots: [], naming: naming, typeName: typeName, fields: fields().map(\.slot))
    }

    /// Builds a subclass's table: every field of `parent` (first), then its own.
    ///
    /// <!-- example: skip: an override belongs in the class body (Swift allows none in an extension) -->
    /// ```swift
    /// override class var schema: Schema { dogSchema }
    /// static let dogSchema = Schema(Dog.self, inheriting: Animal.schema) { Field("breed", \.breed) }
    /// ```
    public convenience init<Root: Model>(_ type: Root.Type, inheriting parent: Schema, keys naming: KeyNamingStrategy = .fieldNames,
                                         typeName: String? = nil, @SchemaBuilder<Root> _ fields: () -> [Field<Root>]) {
        // The inherited accessors write through the parent type's layout: on anything but an
        // instance of a subclass they would corrupt memory, so this is checked, loudly, here.
        precondition(Self.isStrictSubclass(type, of: parent.modelType),
                     "Schema(\(type).self, inheriting:) was given the schema of \(parent.modelType), which is not a superclass of \(type): inherit the schema of \(type)'s own superclass")
        self.init(type, parentSlots: parent.slots, naming: naming, typeName: typeName, fields: fields().map(\.slot))
    }

    /// Whether `type` is a class strictly below `ancestor` in its class hierarchy.
    static func isStrictSubclass<Root: Model>(_ type: Root.Type, of ancestor: any Model.Type) -> Bool {
        func check<Ancestor: Model>(_ ancestor: Ancestor.Type) -> Bool {
            type is Ancestor.Type && ObjectIdentifier(Root.self) != ObjectIdentifier(Ancestor.self)
        }
        return Root.self is AnyClass && check(ancestor)
    }

    private init<Root: Model>(_ type: Root.Type, parentSlots: [FieldSlot], naming: KeyNamingStrategy, typeName: String?, fields: [FieldSlot]) {
        self.typeName = typeName ?? readableTypeName(type)
        modelType = type
        // Own fields get this schema's naming; inherited ones keep the keys their schema resolved.
        let own = fields.map { slot -> (slot: FieldSlot, keys: [String]) in
            (slot, slot.declaredKeys.isEmpty ? [naming.key(for: slot.name)] : slot.declaredKeys)
        }
        let inherited = parentSlots.map { (slot: $0, keys: $0.resolvedKeys) }
        let all = inherited + own
        slots = all.map { $0.slot }
        for (i, entry) in all.enumerated() {
            // Inherited slots were sealed by the parent schema at the same position.
            precondition(!entry.slot.isSealed || entry.slot.index == i, "a Field value may belong to one schema only")
            guard !entry.slot.isSealed else { continue }
            entry.slot.index = i
            entry.slot.resolvedKeys = entry.keys
            entry.slot.isSealed = true
        }
        let mapped = slots.filter { !$0.options.contains(.notMapped) }
        keyTable = KeyTable.build(fields: mapped.map { ($0, $0.resolvedKeys) })
        nameTable = KeyTable.build(fields: slots.map { ($0, [$0.name]) }, splittingKeyPaths: false)
        derivedData = SchemaLayers.all.map { $0.init(fields: all.map(\.slot)) }
        requiredSlots = mapped.filter { $0.options.contains(.required) }
        tracksFields = !requiredSlots.isEmpty || mapped.contains { $0.resolvedKeys.count > 1 }
        isPolymorphic = type is any PolymorphicModel.Type
        isPreprocessing = type is any PreprocessingModel.Type
        isValidating = type is any ValidatingModel.Type
        isPostprocessing = type is any PostprocessingModel.Type
    }
}
