/// Routes the members of one JSON object to fields through a ``KeyTable``, writing into the
/// model storage at `root`. Subclassed by ``ModelFrame`` (an object that is a model) and
/// ``KeyPathFrame`` (a nested object of a key path, writing into its owner's model).
class ObjectFrame: _DecodeFrame {
    var root: UnsafeMutableRawPointer
    var table: KeyTable
    /// Holds precedence ranks for multi-key and required fields (the model that owns `root`).
    unowned(unsafe) var owner: ModelFrameBase!
    /// The entry of the current key, -1 for an unknown key, -2 between members.
    private var entry = -2
    /// The entry expected next: keys usually arrive in the order they did last time.
    private var hint = 0
    /// Only for error paths: the current key when it is not in the table.
    private var unknownKey: [UInt8] = []
    /// Set while a buffered value is replayed to one consumer of a shared key.
    private var replayTarget: KeyTable.Consumer?

    init(root: UnsafeMutableRawPointer, table: KeyTable) {
        self.root = root
        self.table = table
    }

    override func key(_ key: UnsafeRawBufferPointer, _ decoder: _DecodeEngine) throws {
        let found = table.lookup(key, hint: hint)
        entry = found
        if found >= 0 {
            hint = found + 1
        } else {
            unknownKey.removeAll(keepingCapacity: true)
            unknownKey.append(contentsOf: key)
            if decoder.options.unknownKeys == .fail {
                throw DecodeFailure(reason: .unknownKey(String(decoding: key, as: UTF8.self)))
            }
        }
    }

    override func scalar(_ scalar: _Scalar, _ decoder: _DecodeEngine) throws {
        if let target = replayTarget {
            try deliver(scalar, to: target, decoder)
            return
        }
        if entry >= 0 {
            let consumers = table.entries[entry].consumers
            for consumer in consumers { try deliver(scalar, to: consumer, decoder) }
        }
        entry = -2
    }

    @inline(__always)
    private func deliver(_ scalar: _Scalar, to consumer: KeyTable.Consumer, _ decoder: _DecodeEngine) throws {
        guard let slot = consumer.slot else { return }  // a key-path head given a scalar: nothing below it
        if owner.tracksFields, !owner.claim(slot, rank: consumer.rank) { return }
        try slot.decodeScalar(scalar, root: root, decoder)
    }

    override func beginContainer(_ kind: _ContainerKind, _ decoder: _DecodeEngine) throws {
        let consumer: KeyTable.Consumer
        if let target = replayTarget {
            consumer = target
        } else if entry >= 0 {
            let consumers = table.entries[entry].consumers
            guard consumers.count == 1 else {
                // Several recipients: see the value whole once, then replay it to each.
                decoder.push(JSONValueFrame(kind: kind))
                return
            }
            consumer = consumers[0]
        } else {
            decoder.push(SkipFrame())
            return
        }
        if let slot = consumer.slot {
            if owner.tracksFields, !owner.claim(slot, rank: consumer.rank) {
                decoder.push(SkipFrame())
            } else if let child = try slot.beginContainer(kind, root: root, decoder) {
                decoder.push(child)
            } else {
                decoder.push(SkipFrame())
            }
        } else if kind == .object, let subtable = consumer.subtable {
            decoder.push(KeyPathFrame(root: root, table: subtable, owner: owner))
        } else {
            decoder.push(SkipFrame())
        }
    }

    override func childFinished(_ child: _DecodeFrame, _ decoder: _DecodeEngine) throws {
        if let target = replayTarget {
            try target.slot?.finishContainer(child, root: root, decoder)
            return
        }
        defer { entry = -2 }
        guard entry >= 0 else { return }
        let consumers = table.entries[entry].consumers
        if consumers.count == 1 {
            try consumers[0].slot?.finishContainer(child, root: root, decoder)
            return
        }
        let value = unsafeDowncast(child, to: JSONValueFrame.self).takeValue()
        for consumer in consumers {
            replayTarget = consumer
            defer { replayTarget = nil }
            try decoder.replay(value)
        }
    }

    override func valueSkipped() {
        entry = -2
    }

    func memberDone() { entry = -2 }

    override func appendPath(to path: inout String) {
        if entry >= 0 {
            path.appendPathKey(table.entries[entry].keyText)
        } else if entry == -1 {
            path.appendPathKey(String(decoding: unknownKey, as: UTF8.self))
        }
    }
}

/// The nested object of a key path (`"ext"` of `"ext.desc"`): its members land in the owner's model.
final class KeyPathFrame: ObjectFrame {
    init(root: UnsafeMutableRawPointer, table: KeyTable, owner: ModelFrameBase) {
        super.init(root: root, table: table)
        self.owner = owner
    }
}
