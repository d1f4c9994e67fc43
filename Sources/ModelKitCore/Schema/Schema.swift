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
    /// Fields written to archives (all but `.notArchived`).
    let archivedSlots: [_FieldSlot]
    /// Their names pre-encoded as CBOR text strings, back to back (`archiveNameEnds[i]` ends field i).
    let archiveNameBytes: [UInt8]
    let archiveNameEnds: [Int]
    let archiveSlotReferences: [Unmanaged<_FieldSlot>]
    let isPolymorphic: Bool
    let isPreprocessing: Bool
    @usableFromInline let isValidating: Bool
    @usableFromInline let isPostprocessing: Bool
    /// JSON output: mapped fields by first key, key paths grouped into nested objects.
    let outputPlan: OutputPlan
    /// The same, keys in byte order at every level (`sortedKeys`).
    let sortedOutputPlan: OutputPlan
    /// The size of the last JSON output of this type, so the next one reserves enough at once.
    let lastEncodedSize = Lock<Int>(0)
    /// The same for archives.
    let lastArchiveSize = Lock<Int>(0)
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

    private init<Root: Model>(_ type: Root.Type, parentSlots: [_FieldSlot], naming: KeyNamingStrategy, typeName: String?, fields: [_FieldSlot]) {
        self.typeName = typeName ?? String(describing: type)
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
        outputPlan = OutputPlan(slots: mapped, sorted: false)
        sortedOutputPlan = OutputPlan(slots: mapped, sorted: true)
        archivedSlots = slots.filter { !$0.options.contains(.notArchived) }
        var nameBytes: [UInt8] = []
        var nameEnds: [Int] = []
        for slot in archivedSlots {
            let name = Array(slot.name.utf8)
            let writer = CBORWriter()
            writer.head(3, UInt64(name.count))
            nameBytes += writer.bytes + name
            nameEnds.append(nameBytes.count)
        }
        archiveNameBytes = nameBytes
        archiveNameEnds = nameEnds
        archiveSlotReferences = archivedSlots.map { Unmanaged.passUnretained($0) }
        requiredSlots = mapped.filter { $0.options.contains(.required) }
        tracksFields = !requiredSlots.isEmpty || mapped.contains { $0.resolvedKeys.count > 1 }
        isPolymorphic = type is any PolymorphicModel.Type
        isPreprocessing = type is any PreprocessingModel.Type
        isValidating = type is any ValidatingModel.Type
        isPostprocessing = type is any PostprocessingModel.Type
    }
}

/// A model's JSON output layout, flattened for the writer: each member's key is pre-encoded
/// as `"key":` bytes, and nodes are trivial values (no reference counting while writing).
final class OutputPlan: Sendable {
    struct Node: Sendable {
        /// Range of `"key":` in `keyBytes`.
        let keyStart: Int
        let keyCount: Int
        /// The field, or nil for a key-path group whose members are `children`.
        let slot: Unmanaged<_FieldSlot>?
        let firstChild: Int
        let childCount: Int
        let keyIndex: Int
    }

    let nodes: [Node]
    let rootCount: Int
    let keyBytes: [UInt8]
    let keys: [String]
    private let retainedSlots: [_FieldSlot]

    private final class Builder {
        var order: [String] = []
        var leaves: [String: _FieldSlot] = [:]
        var groups: [String: Builder] = [:]

        func add(_ slot: _FieldSlot, _ path: ArraySlice<String>) {
            let key = path.first!
            if !order.contains(key) { order.append(key) }
            if path.count == 1 {
                // Several fields on one key: the first declared one is written.
                if leaves[key] == nil { leaves[key] = slot }
            } else {
                let group = groups[key] ?? Builder()
                groups[key] = group
                group.add(slot, path.dropFirst())
            }
        }
    }

    init(slots: [_FieldSlot], sorted: Bool) {
        let root = Builder()
        for slot in slots { root.add(slot, KeyTable.keyPathParts(slot.resolvedKeys[0])[...]) }
        var nodes: [Node] = []
        var keyBytes: [UInt8] = []
        var keys: [String] = []
        // Breadth-first per level so that each group's children are contiguous.
        func emit(_ builder: Builder) -> (first: Int, count: Int) {
            var order = builder.order
            if sorted { order.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) } }
            // A key that is both a field and a key-path head writes the field.
            let first = nodes.count
            var pending: [(Int, Builder)] = []
            for key in order {
                let encoded = Array(JSONValue.string(key).description.utf8) + [UInt8(ascii: ":")]
                let start = keyBytes.count
                keyBytes += encoded
                keys.append(key)
                if let leaf = builder.leaves[key] {
                    nodes.append(Node(keyStart: start, keyCount: encoded.count, slot: Unmanaged.passUnretained(leaf),
                                      firstChild: 0, childCount: 0, keyIndex: keys.count - 1))
                } else {
                    nodes.append(Node(keyStart: start, keyCount: encoded.count, slot: nil, firstChild: 0, childCount: 0, keyIndex: keys.count - 1))
                    pending.append((nodes.count - 1, builder.groups[key]!))
                }
            }
            for (index, group) in pending {
                let (childFirst, childCount) = emit(group)
                let node = nodes[index]
                nodes[index] = Node(keyStart: node.keyStart, keyCount: node.keyCount, slot: nil,
                                    firstChild: childFirst, childCount: childCount, keyIndex: node.keyIndex)
            }
            return (first, order.count)
        }
        rootCount = emit(root).count
        self.nodes = nodes
        self.keyBytes = keyBytes
        self.keys = keys
        retainedSlots = slots
    }
}
