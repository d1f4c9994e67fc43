/// The JSON encoder's view of a schema: its output plans, and the size of the last output.
final class JSONOutputLayout: SchemaDerivedData {
    /// Mapped fields by first key, key paths grouped into nested objects.
    let plan: OutputPlan
    /// The same, keys in byte order at every level (`sortedKeys`).
    let sortedPlan: OutputPlan
    /// The size of the last JSON output of this type, so the next one reserves enough at once.
    let lastEncodedSize = SizeHint()

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
///
/// Key paths are groups: `"ext.desc"` an object group `ext`, `"images[1].url"` an array group
/// `images` whose member is the element group `[1]` (a node with an `element`). A group's
/// members are in key order (declared or sorted), an array group's always by index, so the
/// writer fills the gaps with `null` as it goes.
final class OutputPlan: Sendable {
    struct Node: Sendable {
        /// Range of `"key":` in `keyBytes` (empty for an element).
        let keyStart: Int
        let keyCount: Int
        /// The field, or nil for a key-path group whose members are `children`.
        let slot: Unmanaged<FieldSlot>?
        let firstChild: Int
        let childCount: Int
        let keyIndex: Int
        /// The index of this member in its array group, or -1 for an object member.
        let element: Int
        /// A group whose members are elements (`images` of `"images[0].url"`).
        let isArray: Bool
    }

    let nodes: [Node]
    let rootCount: Int
    let keyBytes: [UInt8]
    /// Per node (`keyIndex`): its key, or `[N]` for an element. For error paths.
    let keys: [String]
    private let retainedSlots: [FieldSlot]

    private final class Builder {
        var order: [KeyPathSegment] = []
        var leaves: [KeyPathSegment: FieldSlot] = [:]
        var groups: [KeyPathSegment: Builder] = [:]

        /// Whether this level is an array (its first-declared member is an index).
        var isArray: Bool {
            if case .index? = order.first { return true }
            return false
        }

        func add(_ slot: FieldSlot, _ path: ArraySlice<KeyPathSegment>) {
            let segment = path.first!
            // One level is an object or an array, as its first-declared member makes it: a key
            // path that wants the other kind there (`"a.b"` after `"a[0]"`) is not written.
            if let first = order.first, Builder.isIndex(first) != Builder.isIndex(segment) { return }
            if !order.contains(segment) { order.append(segment) }
            if path.count == 1 {
                // Several fields on one key: the first declared one is written.
                if leaves[segment] == nil { leaves[segment] = slot }
            } else {
                let group = groups[segment] ?? Builder()
                groups[segment] = group
                group.add(slot, path.dropFirst())
            }
        }

        static func isIndex(_ segment: KeyPathSegment) -> Bool {
            if case .index = segment { return true }
            return false
        }
    }

    init(slots: [FieldSlot], sorted: Bool) {
        let root = Builder()
        for slot in slots { root.add(slot, KeyPathSegment.segments(of: slot.resolvedKeys[0])[...]) }
        var nodes: [Node] = []
        var keyBytes: [UInt8] = []
        var keys: [String] = []
        // Breadth-first per level so that each group's children are contiguous.
        func emit(_ builder: Builder) -> (first: Int, count: Int) {
            var order = builder.order
            if builder.isArray {
                order.sort { if case .index(let a) = $0, case .index(let b) = $1 { return a < b } else { return false } }
            } else if sorted {
                order.sort { if case .key(let a) = $0, case .key(let b) = $1 { return a.utf8.lexicographicallyPrecedes(b.utf8) } else { return false } }
            }
            // A key that is both a field and a key-path head writes the field.
            let first = nodes.count
            var pending: [(Int, Builder)] = []
            for segment in order {
                var encoded: [UInt8] = []
                var element = -1
                switch segment {
                case .key(let key):
                    encoded = Array(JSONValue.string(key).description.utf8) + [UInt8(ascii: ":")]
                    keys.append(key)
                case .index(let index):
                    element = index
                    keys.append("[\(index)]")
                }
                let start = keyBytes.count
                keyBytes += encoded
                // Why unretained: the plan is derived from its schema, which keeps every slot alive.
                let slot = builder.leaves[segment].map { Unmanaged.passUnretained($0) }
                let group = slot == nil ? builder.groups[segment] : nil
                nodes.append(Node(keyStart: start, keyCount: encoded.count, slot: slot, firstChild: 0, childCount: 0,
                                  keyIndex: keys.count - 1, element: element, isArray: group?.isArray ?? false))
                if let group { pending.append((nodes.count - 1, group)) }
            }
            for (index, group) in pending {
                let (childFirst, childCount) = emit(group)
                let node = nodes[index]
                nodes[index] = Node(keyStart: node.keyStart, keyCount: node.keyCount, slot: nil, firstChild: childFirst,
                                    childCount: childCount, keyIndex: node.keyIndex, element: node.element, isArray: node.isArray)
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
