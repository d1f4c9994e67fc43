#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One value of the bridge's tree: an object (keys in the order first written, a key written
/// again replaces its value in place), an array, or a scalar kept as its JSON text.
final class BridgeNode {
    enum Kind { case object, array, scalar }
    let kind: Kind
    var keys: [String] = []
    var children: [BridgeNode] = []
    var text = ""

    init(_ kind: Kind) { self.kind = kind }

    init(scalar text: String) {
        kind = .scalar
        self.text = text
    }

    func child(forKey key: String) -> BridgeNode? {
        keys.firstIndex(of: key).map { children[$0] }
    }
}

/// Where a value goes: the root, a key of an object, or an element of an array.
final class BridgeSlot {
    let parent: BridgeNode?
    let key: String?
    /// The element's index once placed in an array.
    var index = -1
    var node: BridgeNode?

    init(parent: BridgeNode?, key: String?, node: BridgeNode? = nil) {
        self.parent = parent
        self.key = key
        self.node = node
    }
}

/// What the bridge encodes into once the stream cannot take what Codable asks for.
final class BridgeTree {
    var root: BridgeNode?
    /// The nodes of the containers handed out, by container id.
    var nodes: [Int: BridgeNode] = [:]
    var nextID: Int
    /// The slot of each value being encoded, innermost last.
    var slots: [BridgeSlot] = []

    init(nextID: Int) { self.nextID = nextID }

    func register(_ node: BridgeNode) -> Int {
        nextID += 1
        nodes[nextID] = node
        return nextID
    }

    /// Puts `node` in `slot` (replacing what was there: JSONEncoder's last write wins).
    func place(_ node: BridgeNode, in slot: BridgeSlot) {
        slot.node = node
        guard let parent = slot.parent else {
            root = node
            return
        }
        if let key = slot.key {
            if let index = parent.keys.firstIndex(of: key) {
                parent.children[index] = node
            } else {
                parent.keys.append(key)
                parent.children.append(node)
            }
        } else if slot.index >= 0 && slot.index < parent.children.count {
            parent.children[slot.index] = node
        } else {
            slot.index = parent.children.count
            parent.children.append(node)
        }
    }

    /// The container of kind `kind` in `slot`: the one there (containers for one value merge,
    /// as JSONEncoder's do), else a new one replacing whatever value was there.
    func container(_ kind: BridgeNode.Kind, in slot: BridgeSlot) -> BridgeNode {
        if let node = slot.node, node.kind == kind { return node }
        let node = BridgeNode(kind)
        place(node, in: slot)
        return node
    }
}

extension BridgeEncoder {
    // MARK: Moving to the tree

    /// Parses what was streamed into a tree (each container keeps its id, each value being
    /// encoded its slot) and goes on there: `encode(to:)` never runs twice.
    func switchToTree() {
        guard !hot.value.inTree, !hot.value.finished else { return }
        let prefix = BridgeTreeParser.parse(writer.written)
        let starts = hot.value.starts
        let tree = BridgeTree(nextID: starts.count)
        tree.root = prefix.root
        for (id, start) in starts.enumerated() { tree.nodes[id] = prefix.containers[start] }
        let open = self.open
        let byteCount = writer.byteCount
        for frame in hot.value.frames.dropFirst() + [hot.value.frame] {
            let begun = byteCount > frame.start
            if !frame.keyed, let enclosing = tree.slots.last {
                // A single value container's value: the same slot as its encoder's.
                tree.slots.append(enclosing)
            } else if frame.level == 0 {
                tree.slots.append(BridgeSlot(parent: nil, key: nil, node: begun ? prefix.root : nil))
            } else if let parent = tree.nodes[open[frame.level - 1].id] {
                if parent.kind == .object {
                    let key = openedKeyText(path[frame.pathCount - 1], in: Array(path.prefix(frame.pathCount - 1)))
                    tree.slots.append(BridgeSlot(parent: parent, key: key, node: begun ? parent.child(forKey: key) : nil))
                } else {
                    let slot = BridgeSlot(parent: parent, key: nil, node: begun ? parent.children.last : nil)
                    slot.index = begun ? parent.children.count - 1 : -1
                    tree.slots.append(slot)
                }
            }
        }
        self.tree = tree
        hot.value.inTree = true
        hot.value.open.removeAll()
    }

    private func openedKeyText(_ key: any CodingKey, in containerPath: [any CodingKey]) -> String {
        configuration.convertsKeys ? convertedKey(key, containerPath) : key.stringValue
    }

    // MARK: Writing to the tree

    /// A container for the value in `slot` (nil: the value being encoded). Once the top-level
    /// encode returned, a dead one: writes through it are accepted and go nowhere, as with
    /// JSONEncoder's containers.
    func treeContainer(isArray: Bool, in slot: BridgeSlot?, path: [any CodingKey]) -> (id: Int, path: [any CodingKey]) {
        switchToTree()
        guard !hot.value.finished, let tree, let slot = slot ?? tree.slots.last else { return (-1, path) }
        return (tree.register(tree.container(isArray ? .array : .object, in: slot)), path)
    }

    /// The slot for `key` of object `id`, or for the next element of array `id`.
    func treeSlot(in id: Int, key: String?) -> BridgeSlot? {
        switchToTree()
        guard !hot.value.finished, let parent = tree?.nodes[id] else { return nil }
        if let key, parent.kind == .object { return BridgeSlot(parent: parent, key: key, node: parent.child(forKey: key)) }
        return BridgeSlot(parent: parent, key: nil)
    }

    /// A nested container of container `id`, in the tree.
    func treeNested(isArray: Bool, in id: Int, key: String?, path: [any CodingKey]) -> (id: Int, path: [any CodingKey]) {
        guard let slot = treeSlot(in: id, key: key) else { return (-1, path) }
        return treeContainer(isArray: isArray, in: slot, path: path)
    }

    /// `superEncoder` of container `id`: an `Encoder` for the value at `key` (an empty object
    /// until it writes, as JSONEncoder's).
    func treeSuperEncoder(in id: Int, key: String?, path: [any CodingKey]) -> any Encoder {
        // After the encode (or for a dead container): a slot in a node nothing writes out.
        guard let slot = treeSlot(in: id, key: key) else { return BridgeSlotEncoder(encoder: self, slot: BridgeSlot(parent: BridgeNode(.array), key: nil), codingPath: path) }
        if slot.node == nil { tree?.place(BridgeNode(.object), in: slot) }
        return BridgeSlotEncoder(encoder: self, slot: slot, codingPath: path)
    }

    /// Encodes `value` into `slot` (nil: nowhere, the encode is over).
    func treeEncode<T: Encodable>(_ value: T, into slot: BridgeSlot?, key: (any CodingKey)?, path containerPath: [any CodingKey]) throws {
        guard let slot, let tree else { return }
        if let text = Self.wideIntegerText(value) { return tree.place(BridgeNode(scalar: text), in: slot) }
        if configuration.bridgeHooks, let hooked = hook(value) { return try treeEncode(hooked, into: slot, key: key, path: containerPath) }
        if let schemaValue = value as? any ModelValue {
            var compact = options
            compact.prettyPrinted = false
            let writer = JSONWriter(options: compact)
            do {
                try schemaValue._visit(writer)
            } catch let error as ModelEncodingError {
                let saved = path
                path = containerPath
                defer { path = saved }
                throw invalid(value, error, key: key)
            }
            if let node = BridgeTreeParser.parse(writer.written).root { tree.place(node, in: slot) }
            return
        }
        let saved = path
        path = containerPath
        if let key { path.append(key) }
        tree.slots.append(slot)
        defer {
            tree.slots.removeLast()
            path = saved
        }
        try value.encode(to: self)
        if slot.node == nil { tree.place(BridgeNode(.object), in: slot) }
    }

    /// A single value in the tree, for the value being encoded or `slot`.
    func treeSingleValue<T: Encodable>(_ value: T, in slot: BridgeSlot?, path: [any CodingKey]) throws {
        switchToTree()
        guard !hot.value.finished else { return }
        try treeEncode(value, into: slot ?? tree?.slots.last, key: nil, path: path)
    }

    static func wideIntegerText<T>(_ value: T) -> String? {
        if let value = value as? Int128 { return String(value) }
        if let value = value as? UInt128 { return String(value) }
        return nil
    }

    /// Writes the finished tree through the writer (its layout options apply).
    func write(_ node: BridgeNode) throws {
        switch node.kind {
        case .object:
            try writer.beginObject(count: node.keys.count)
            for (key, child) in zip(node.keys, node.children) {
                try writer.visitKey(key)
                try write(child)
            }
            try writer.endObject()
        case .array:
            try writer.beginArray(count: node.children.count)
            for child in node.children { try write(child) }
            try writer.endArray()
        case .scalar:
            try writer.visitNumberText(node.text)
        }
    }
}

/// The `Encoder` of a `superEncoder` once on the tree: its containers write into its slot.
final class BridgeSlotEncoder: Encoder {
    let encoder: BridgeEncoder
    let slot: BridgeSlot
    let codingPath: [any CodingKey]

    init(encoder: BridgeEncoder, slot: BridgeSlot, codingPath: [any CodingKey]) {
        self.encoder = encoder
        self.slot = slot
        self.codingPath = codingPath
    }

    var userInfo: [CodingUserInfoKey: Any] { encoder.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let (id, path) = encoder.treeContainer(isArray: false, in: slot, path: codingPath)
        return KeyedEncodingContainer(BridgeKeyedEncodingContainer<Key>(encoder: encoder, level: -1, id: id, fixedPath: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let (id, path) = encoder.treeContainer(isArray: true, in: slot, path: codingPath)
        return BridgeUnkeyedEncodingContainer(encoder: encoder, level: -1, id: id, fixedPath: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        BridgeSingleValueEncodingContainer(encoder: encoder, slot: slot, fixedPath: codingPath)
    }
}
