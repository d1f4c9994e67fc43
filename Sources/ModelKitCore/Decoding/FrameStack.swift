/// The open containers of one decode, root first, and the finished frames kept for reuse.
///
/// Invariant: `topFrame` is `frames.last`, which keeps it alive, or, while a value is skipped,
/// the shared skip frame, which the stack owns and never puts in `frames` (pushed and popped
/// there it cost an atomic retain and release per skipped container); DEBUG builds check it at
/// every push and pop. All its state lives out of line (see UncheckedStorage) and every method
/// is nonmutating: the owner holds it in a `let`, so reaching it per token costs no run-time
/// exclusivity check on the owner. `~Copyable`, as its storage: it ends with its owner.
struct FrameStack: ~Copyable {
    /// The open containers, root first (a skipped value's frame aside: it has no path).
    var frames: [DecodeFrame] {
        get { frameStorage.value }
        nonmutating _modify { yield &frameStorage.value }
    }
    private let frameStorage = UncheckedStorage<[DecodeFrame]>([])
    /// The frame receiving tokens, borrowed through `Unmanaged` so that handing it a token costs
    /// no retain/release.
    var topFrame: Unmanaged<DecodeFrame> { topStorage.value }
    private let topStorage: UncheckedStorage<Unmanaged<DecodeFrame>>
    var top: DecodeFrame { topFrame.takeUnretainedValue() }

    /// One finished model frame per nesting depth and slot, kept for reuse by the next object there.
    private var spareFrames: [ModelFrameBase?] {
        get { spareModelFrames.value }
        nonmutating _modify { yield &spareModelFrames.value }
    }
    private let spareModelFrames = UncheckedStorage<[ModelFrameBase?]>([])
    /// The same for frames known by a key that fixes their class: arrays and dictionaries (keyed
    /// by element type), tagged unions (keyed by their union's decode table).
    private var spareKeyed: [(key: ObjectIdentifier, frame: DecodeFrame)?] {
        get { spareKeyedFrames.value }
        nonmutating _modify { yield &spareKeyedFrames.value }
    }
    private let spareKeyedFrames = UncheckedStorage<[(key: ObjectIdentifier, frame: DecodeFrame)?]>([])

    /// The one skip frame: a skipped value swallows everything nested in it, so at most one
    /// skip is active at a time and it need not be allocated per value.
    let sharedSkipFrame = SkipFrame()

    /// The key mode the spare frames were made for: a model frame fixes its key table by it
    /// (see `ModelFrameBase.init`), so spares of the other mode are of no use to a document.
    private let spareMemberKeys: UncheckedStorage<MemberKeys>

    /// How many nesting depths of spare frames a parked engine keeps: enough for request
    /// bodies, bounded for the engines a pool holds after a deeply nested document.
    private static var parkedDepths: Int { 8 }

    init(root: DecodeFrame) {
        topStorage = UncheckedStorage(Unmanaged.passUnretained(root))
        spareMemberKeys = UncheckedStorage(root.memberKeys)
        frames.reserveCapacity(16)
        frames.append(root)
    }

    /// Starts over with `root` alone, dropping every frame of the previous document. Spare
    /// frames stay when `root` names members the same way (the next request of a server, the
    /// next model replayed from one document): reusing them saves allocating a frame per object.
    func reset(root: DecodeFrame) {
        dropFrames()
        frames.append(root)
        topStorage.value = Unmanaged.passUnretained(root)
        if spareMemberKeys.value != root.memberKeys {
            dropSpares()
            spareMemberKeys.value = root.memberKeys
        }
    }

    /// Drops every open frame (before parking): nothing of the finished document stays alive.
    /// Spare frames hold no value (their model was moved out, their collection emptied); they
    /// are kept, the deepest ones excepted, unless `keepingSpares` is false (after a decode
    /// that failed and may have left one half-filled).
    func release(keepingSpares: Bool) {
        dropFrames()
        guard keepingSpares else { return dropSpares() }
        let kept = Self.parkedDepths &* Self.slotsPerDepth
        if spareFrames.count > kept { spareFrames.removeSubrange(kept...) }
        if spareKeyed.count > kept { spareKeyed.removeSubrange(kept...) }
    }

    /// Empties `frames`, keeping its capacity. One `popLast` per frame (a document ends with one
    /// or two): `removeAll(keepingCapacity:)` goes through the generic `replaceSubrange`, about 500
    /// instructions per call, twice per decode.
    private func dropFrames() {
        while frames.popLast() != nil {}
    }

    private func dropSpares() {
        for i in spareFrames.indices { spareFrames[i] = nil }
        for i in spareKeyed.indices { spareKeyed[i] = nil }
    }

    /// Pushes `frame`, taking the caller's reference (borrowed, the append retained a frame the
    /// caller then released: an atomic pair per container).
    @inline(__always)
    func push(_ frame: consuming DecodeFrame) {
        if frame === sharedSkipFrame { return pushSkip() }
        // Why unretained: `frames` holds `frame` from the next line on (the invariant
        // `checkInvariant` verifies in DEBUG).
        topStorage.value = Unmanaged.passUnretained(frame)
        frames.append(frame)
        checkInvariant()
    }

    /// Makes the shared skip frame the top, for a value nobody wants.
    @inline(__always)
    func pushSkip() {
        sharedSkipFrame.nesting = 0
        // Why unretained: the stack holds the skip frame for as long as it lives.
        topStorage.value = Unmanaged.passUnretained(sharedSkipFrame)
        checkInvariant()
    }

    /// Whether a value is being skipped (the skip frame is the top, and it is never in `frames`).
    @inline(__always)
    var isSkipping: Bool { topFrame.toOpaque() == Unmanaged.passUnretained(sharedSkipFrame).toOpaque() }

    /// Ends the skip `pushSkip` began: the top is `frames.last` again.
    @inline(__always)
    func endSkip() {
        topStorage.value = Unmanaged.passUnretained(frames[frames.count - 1])
        checkInvariant()
    }

    /// Removes the top frame and returns it (the caller keeps it alive while it needs it).
    @inline(__always)
    func pop() -> DecodeFrame {
        if isSkipping {
            endSkip()
            return sharedSkipFrame
        }
        let child = frames.removeLast()
        topStorage.value = Unmanaged.passUnretained(frames[frames.count - 1])
        checkInvariant()
        return child
    }

    @inline(__always)
    private func checkInvariant() {
        #if DEBUG
        let top = topFrame.takeUnretainedValue()
        precondition(frames.last === top || top === sharedSkipFrame, "the top frame is neither the last frame on the stack nor the skip frame")
        precondition(frames.last !== sharedSkipFrame, "the skip frame is never in `frames`")
        #endif
    }

    // MARK: Spare frames

    /// A finished frame of exactly `type` and `schema` at `depth`, if one is spare.
    @inline(__always)
    func spareFrame<F: ModelFrameBase>(_ type: F.Type, schema: Schema, depth: Int) -> F? {
        let base = depth &* Self.slotsPerDepth
        guard base &+ Self.slotsPerDepth <= spareFrames.count else { return nil }
        for slot in base..<(base &+ Self.slotsPerDepth) where spareFrames[slot]?.schema === schema {
            // Moved out of its slot, not copied: no retain and release per reused frame.
            let spare = spareFrames[slot].take()
            guard let frame = spare as? F else {
                spareFrames[slot] = spare
                return nil
            }
            return frame
        }
        return nil
    }

    /// Keeps a finished model frame for the next object opened at `depth`.
    @inline(__always)
    func recycle(_ frame: ModelFrameBase, depth: Int) {
        let base = depth &* Self.slotsPerDepth
        if base &+ Self.slotsPerDepth > spareFrames.count {
            spareFrames.append(contentsOf: repeatElement(nil, count: base &+ Self.slotsPerDepth &- spareFrames.count))
        }
        var target = base &+ Self.evictionSlot(ObjectIdentifier(frame.schema))
        for slot in base..<(base &+ Self.slotsPerDepth) where spareFrames[slot] == nil || spareFrames[slot]!.schema === frame.schema {
            target = slot
            break
        }
        spareFrames[target] = frame
    }

    /// A finished frame kept under `key` at `depth`, if any. Its class is the one every frame
    /// recycled under `key` has.
    @inline(__always)
    func spareKeyedFrame(_ key: ObjectIdentifier, depth: Int) -> DecodeFrame? {
        let base = depth &* Self.slotsPerDepth
        guard base &+ Self.slotsPerDepth <= spareKeyed.count else { return nil }
        for slot in base..<(base &+ Self.slotsPerDepth) {
            guard let spare = spareKeyed[slot], spare.key == key else { continue }
            spareKeyed[slot] = nil
            return spare.frame
        }
        return nil
    }

    /// Keeps a finished frame under `key` for the next container opened at `depth`.
    @inline(__always)
    func recycleKeyedFrame(_ frame: DecodeFrame, key: ObjectIdentifier, depth: Int) {
        let base = depth &* Self.slotsPerDepth
        if base &+ Self.slotsPerDepth > spareKeyed.count {
            spareKeyed.append(contentsOf: repeatElement(nil, count: base &+ Self.slotsPerDepth &- spareKeyed.count))
        }
        var target = base &+ Self.evictionSlot(key)
        for slot in base..<(base &+ Self.slotsPerDepth) where spareKeyed[slot] == nil || spareKeyed[slot]!.key == key {
            target = slot
            break
        }
        spareKeyed[target] = (key, frame)
    }

    /// Spare frames are kept per depth in a few slots searched in turn, so that containers of
    /// different types alternating at one depth (a tweet's `user` and `entities`, its `hashtags`
    /// and `urls`) each find a frame to reuse instead of allocating. Searching (not hashing the
    /// type's address into a slot) makes reuse independent of where types sit in memory.
    private static var slotsPerDepth: Int { 4 }

    /// Which slot a frame replaces when all of its depth's slots hold other types.
    @inline(__always)
    private static func evictionSlot(_ id: ObjectIdentifier) -> Int {
        let bits = UInt(bitPattern: Int(bitPattern: id))
        return Int(truncatingIfNeeded: (bits >> 4 ^ bits >> 6 ^ bits >> 9) & 3)
    }
}
