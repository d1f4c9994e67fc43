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
    let slots: [_FieldSlot]
    /// JSON keys → fields (after the naming strategy), including key-path subtrees.
    let keyTable: KeyTable
    /// Field names → fields, for archives (keyed by property name, not JSON key).
    let nameTable: KeyTable
    /// Fields that take part in precedence or presence tracking, so only such schemas pay for it.
    let tracksFields: Bool
    let requiredSlots: [_FieldSlot]
    let isPolymorphic: Bool
    let isPreprocessing: Bool
    @usableFromInline let isValidating: Bool
    @usableFromInline let isPostprocessing: Bool
    /// JSON output: mapped fields by first key, key paths grouped into nested objects.
    let outputPlan: [OutputNode]
    /// The same, keys in byte order at every level (`sortedKeys`).
    let sortedOutputPlan: [OutputNode]
    /// The size of the last JSON output of this type, so the next one reserves enough at once.
    let lastEncodedSize = Atomic<Int>(0)
    /// The object must be buffered as a `JSONValue` before building the model (hooks that need to see it whole).
    @usableFromInline var buffersObject: Bool { isPolymorphic || isPreprocessing }

    /// Builds the table for `type` from its fields.
    public convenience init<Root: Model>(_ type: Root.Type, keys naming: KeyNamingStrategy = .fieldNames,
                                         @SchemaBuilder<Root> _ fields: () -> [Field<Root>]) {
        self.init(type, parentSlots: [], naming: naming, fields: fields().map(\.slot))
    }

    /// Builds a subclass's table: every field of `parent` (first), then its own.
    ///
    /// ```swift
    /// override class var schema: Schema { dogSchema }
    /// static let dogSchema = Schema(Dog.self, inheriting: Animal.schema) { Field("breed", \.breed) }
    /// ```
    public convenience init<Root: Model>(_ type: Root.Type, inheriting parent: Schema, keys naming: KeyNamingStrategy = .fieldNames,
                                         @SchemaBuilder<Root> _ fields: () -> [Field<Root>]) {
        self.init(type, parentSlots: parent.slots, naming: naming, fields: fields().map(\.slot))
    }

    private init<Root: Model>(_ type: Root.Type, parentSlots: [_FieldSlot], naming: KeyNamingStrategy, fields: [_FieldSlot]) {
        typeName = String(describing: type)
        modelType = type
        // Own fields get this schema's naming; inherited ones keep the keys their schema resolved.
        let own = fields.map { slot -> (slot: _FieldSlot, keys: [String]) in
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
        outputPlan = OutputNode.plan(for: mapped)
        sortedOutputPlan = OutputNode.sorted(outputPlan)
        requiredSlots = mapped.filter { $0.options.contains(.required) }
        tracksFields = !requiredSlots.isEmpty || mapped.contains { $0.resolvedKeys.count > 1 }
        isPolymorphic = type is any PolymorphicModel.Type
        isPreprocessing = type is any PreprocessingModel.Type
        isValidating = type is any ValidatingModel.Type
        isPostprocessing = type is any PostprocessingModel.Type
    }
}

/// One member of a model's JSON output: a field under its first key, or a nested object that
/// key paths (`ext.a`, `ext.b`) share.
struct OutputNode: Sendable {
    let key: String
    let slot: _FieldSlot?
    let children: [OutputNode]

    static func plan(for slots: [_FieldSlot]) -> [OutputNode] {
        final class Builder {
            var order: [String] = []
            var leaves: [String: [_FieldSlot]] = [:]
            var groups: [String: Builder] = [:]
            func add(_ slot: _FieldSlot, _ path: ArraySlice<String>) {
                let key = path.first!
                if !order.contains(key) { order.append(key) }
                if path.count == 1 {
                    leaves[key, default: []].append(slot)
                } else {
                    let group = groups[key] ?? Builder()
                    groups[key] = group
                    group.add(slot, path.dropFirst())
                }
            }
            func nodes() -> [OutputNode] {
                order.flatMap { key -> [OutputNode] in
                    // Several fields on one key: the first declared one is written.
                    if let leaf = leaves[key]?.first { return [OutputNode(key: key, slot: leaf, children: [])] }
                    return [OutputNode(key: key, slot: nil, children: groups[key]!.nodes())]
                }
            }
        }
        let root = Builder()
        for slot in slots { root.add(slot, KeyTable.keyPathParts(slot.resolvedKeys[0])[...]) }
        return root.nodes()
    }

    static func sorted(_ nodes: [OutputNode]) -> [OutputNode] {
        nodes.map { OutputNode(key: $0.key, slot: $0.slot, children: sorted($0.children)) }
            .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }
}
