/// The non-generic part of a model frame: precedence and presence tracking for its fields.
@usableFromInline
class ModelFrameBase: ObjectFrame {
    @usableFromInline let schema: Schema
    /// Per field: the rank of the key that set it (lower wins), or `unset`.
    private var ranks: [UInt8] {
        get { rankStorage.value }
        _modify { yield &rankStorage.value }
    }
    // Read and written per value (see UncheckedStorage).
    private let rankStorage: UncheckedStorage<[UInt8]>
    private static let unset: UInt8 = .max
    /// False when the object merges into an existing value (`update`): a patch sets only the
    /// keys it has, so `.required` keys are checked only when building a new value.
    // Written per object, also by code inlined into other modules, where the run-time check of
    // a class property's exclusive access cannot be optimized away: nothing holds an access to
    // it across a call, so it is left unchecked (see UncheckedStorage).
    @exclusivity(unchecked) @usableFromInline var checksRequired = true

    init(root: UnsafeMutableRawPointer, schema: Schema, _ engine: DecodeEngine) {
        self.schema = schema
        // Keyed by field name (archives once, see `MemberKeys.fieldNames`): one name per field, no precedence to track.
        let byName = engine.memberKeys == .fieldNames
        let tracks = schema.tracksFields && !byName
        rankStorage = UncheckedStorage(tracks ? [UInt8](repeating: Self.unset, count: schema.slots.count) : [])
        super.init(root: root, table: byName ? schema.nameTable : schema.keyTable, tracksFields: tracks)
        owner = self
    }

    /// Whether a value arriving under a key of `rank` may set `slot`: the first key in the
    /// field's list wins whatever the document order; a repeated key overwrites (last wins).
    @inline(__always)
    final func claim(_ slot: FieldSlot, rank: UInt8) -> Bool {
        if ranks[slot.index] < rank { return false }
        ranks[slot.index] = rank
        return true
    }

    @usableFromInline
    func resetTracking() {
        resetMembers()
        for i in ranks.indices { ranks[i] = Self.unset }
    }

    /// Checks `.required` fields once the object closes.
    final func checkRequired() throws {
        for slot in schema.requiredSlots where ranks[slot.index] == Self.unset {
            throw DecodeFailure(reason: .missingKey(slot.resolvedKeys.first ?? slot.name))
        }
    }
}

/// Decodes one JSON object into a model of type `M` held in storage the frame owns, so
/// fields are set in place through a stable address.
@usableFromInline
final class ModelFrame<M: Model>: ModelFrameBase {
    @usableFromInline let storage: UnsafeMutablePointer<M>
    // Unchecked for the same reason as `checksRequired`: set by code inlined into other modules.
    @exclusivity(unchecked) @usableFromInline var holdsValue = true

    @usableFromInline
    init(schema: Schema, initial: consuming M, _ engine: DecodeEngine) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: initial)
        super.init(root: UnsafeMutableRawPointer(storage), schema: schema, engine)
    }

    deinit {
        if holdsValue { storage.deinitialize(count: 1) }
        storage.deallocate()
    }

    override func end(_ engine: DecodeEngine) throws {
        if tracksFields && checksRequired { try checkRequired() }
        try engine.popAndDeliver()
    }

    /// Moves the finished model out. Inlinable, so the caller's specialization moves the model
    /// itself rather than through its type's value witnesses (a copy of a large model each).
    @inlinable
    func takeValue() -> M {
        holdsValue = false
        return storage.move()
    }

    /// Reuses this frame (after `takeValue`) for the next object: saves two allocations per
    /// element of an array of models. `initial` is consumed: a fresh `M()` moves into the
    /// storage instead of being copied there (a copy retains every reference it holds).
    @inlinable
    func restart(with initial: consuming M, checksRequired: Bool) {
        precondition(!holdsValue)
        storage.initialize(to: initial)
        holdsValue = true
        self.checksRequired = checksRequired
        resetTracking()
    }
}
