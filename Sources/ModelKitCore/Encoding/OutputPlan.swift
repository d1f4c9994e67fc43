/// The JSON encoder's view of a schema: its output plans, and the size of the last output.
final class JSONOutputLayout: SchemaDerivedData {
    /// Mapped fields by first key, key paths grouped into nested objects.
    let plan: OutputPlan
    /// The same, keys in byte order at every level (`sortedKeys`).
    let sortedPlan: OutputPlan
    /// The size of the last JSON output of this type, so the next one reserves enough at once.
    let lastEncodedSize = Lock<Int>(0)

    init(fields: [FieldSlot]) {
        let mapped = fields.filter { !$0.options.contains(.notMapped) }
        plan = OutputPlan(slots: mapped, sorted: false)
        sortedPlan = OutputPlan(slots: mapped, sorted: true)
    }
}

extension Schema {
    var jsonOutput: JSONOutputLayout { derived(JSONOutputLayout.self) }
    /// See ``JSONOutputLayout/plan``.
    var outputPlan: OutputPlan { jsonOutput.plan }
    /// See ``JSONOutputLayout/sortedPlan``.
    var sortedOutputPlan: OutputPlan { jsonOutput.sortedPlan }
}

/// A model's JSON output layout, flattened for the writer: each member's key is pre-encoded
/// as `"key":` bytes, and nodes are trivial values (no reference counting while writing).
final class OutputPlan: Sendable {
    struct Node: Sendable {
        /// Range of `"key":` in `keyBytes`.
        let keyStart: Int
        let keyCount: Int
        /// The field, or nil for a key-path group whose members are `children`.
        let slot: Unmanaged<FieldSlot>?
        let firstChild: Int
        let childCount: Int
        let keyIndex: Int
    }

    let nodes: [Node]
    let rootCount: Int
    let keyBytes: [UInt8]
    let keys: [String]
    private let retainedSlots: [FieldSlot]

    private final class Builder {
        var order: [String] = []
        var leaves: [String: FieldSlot] = [:]
        var groups: [String: Builder] = [:]

        func add(_ slot: FieldSlot, _ path: ArraySlice<String>) {
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

    init(slots: [FieldSlot], sorted: Bool) {
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
