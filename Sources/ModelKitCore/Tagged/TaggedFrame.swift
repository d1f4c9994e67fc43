/// The object of a ``TaggedModel`` being decoded: reads the tag, picks the case, and hands the
/// payload to the case's model frame. One subclass per ``TaggingStyle``.
///
/// Not generic over the enum: the frames run per token and read their union's
/// `TaggedDecodeTable`; only `TaggedUnion.finishDecodeFrame`, inlined into the enum's module,
/// makes the enum value. Finished frames are kept by the engine and reused for the union's next
/// object at the same depth, so a tagged value allocates nothing beyond its payload's.
@usableFromInline
class TaggedFrame: DecodeFrame {
    let table: TaggedDecodeTable
    // The state below is read and written per token by the decode's own thread, and no access
    // spans a call that could reach it again: unchecked exclusivity spares each access Swift's
    // run-time check (four of them per tagged value cost more than its tag lookup).
    /// The chosen case (-1 until the tag is read).
    @exclusivity(unchecked) var chosen = -1
    /// Set when a bad tag was skipped under `mismatch: .skip`: the rest of the object is
    /// skipped and the enum left untouched.
    @exclusivity(unchecked) var dropped = false
    /// The chosen case carries no payload: its value is made when the object closes.
    @exclusivity(unchecked) var bare = false
    /// The payload's frame, finished by `TaggedUnion.finishDecodeFrame` once the object closes
    /// (internally tagged: the payload's members are this object's).
    @exclusivity(unchecked) var payload: DecodeFrame?

    init(table: TaggedDecodeTable) {
        self.table = table
    }

    /// Clears this frame for the next object (when it is kept for reuse): it must hold nothing
    /// of the value it decoded meanwhile. Subclasses clear their own state too.
    func restart() {
        chosen = -1
        dropped = false
        bare = false
        payload = nil
    }

    /// What the closed object holds, for `TaggedUnion.finishDecodeFrame`.
    @usableFromInline
    enum Outcome {
        /// No value: a tag dropped under `.skip`, or a payload dropped by its own decode.
        case none
        /// The case `index`, which has no payload.
        case bare(Int)
        /// The case `index`, its payload in `frame`.
        case payload(Int, DecodeFrame)
        /// An adjacently or externally tagged frame made the value itself (`TaggedResultFrame`).
        case result
    }

    /// Takes out what the closed object holds and keeps this frame for the union's next object
    /// at this depth (a frame kept for reuse holds nothing of the value).
    @usableFromInline
    final func takeOutcome(_ engine: DecodeEngine) -> Outcome {
        let outcome: Outcome
        if dropped || chosen < 0 {
            outcome = .none
        } else if let payload {
            outcome = .payload(chosen, payload)
        } else if bare {
            outcome = .bare(chosen)
        } else {
            outcome = table.isInternallyTagged ? .none : .result
        }
        if case .result = outcome { return outcome }  // recycled once its result is taken
        recycle(engine)
        return outcome
    }

    @usableFromInline
    final func recycle(_ engine: DecodeEngine) {
        restart()
        engine.recycleKeyedFrame(self, key: ObjectIdentifier(table))
    }

    /// The case a tag token names, or nil when it was dropped under `.skip`.
    final func chooseCase(_ token: ScalarToken, _ engine: DecodeEngine) throws -> Int? {
        guard case .string(let bytes) = token else {
            let _: Bool? = try engine.mismatch(expected: table.tagExpectation, found: token)
            dropped = true
            return nil
        }
        return try chooseCase(named: bytes, engine)
    }

    /// The case `bytes` names, the default case for an unknown tag, or an error at the tag.
    final func chooseCase(named bytes: UnsafeRawBufferPointer, _ engine: DecodeEngine) throws -> Int? {
        if let index = table.index(ofTag: bytes) ?? table.defaultIndex {
            chosen = index
            return index
        }
        let failure = table.unknownTag(bytes)
        guard engine.skipsMismatches else { throw failure }
        engine.recordSkipped(failure)
        dropped = true
        return nil
    }
}

/// The frames that make the enum value as soon as the payload is complete (adjacently and
/// externally tagged: the payload is a nested value, finished where it closes).
class TaggedResultFrame<Root>: TaggedFrame {
    let union: TaggedUnion<Root>
    /// The decoded value, once known.
    @exclusivity(unchecked) var result: Root?

    init(union: TaggedUnion<Root>) {
        self.union = union
        super.init(table: union.decoding)
    }

    override func restart() {
        super.restart()
        result = nil
    }

    /// Moves the value out.
    final func takeResult() -> Root? {
        defer { result = nil }
        return result
    }
}

extension TaggedUnion {
    /// The frame of one tagged object: a finished one of this union kept at this depth, or a new one.
    @usableFromInline
    func beginDecodeFrame(_ kind: ContainerKind, _ engine: DecodeEngine) throws -> DecodeFrame? {
        guard kind == .object else {
            if engine.lenient { return nil }
            return try engine.containerMismatch(kind, expected: typeName)
        }
        if let spare = engine.spareKeyedFrame(ObjectIdentifier(decoding)) { return spare }
        switch style {
        case .internallyTagged: return InternallyTaggedFrame(table: decoding)
        case .adjacentlyTagged: return AdjacentlyTaggedFrame(union: self)
        case .externallyTagged: return ExternallyTaggedFrame(union: self)
        }
    }

    /// The value of a closed tagged object; its frame goes back to the engine for reuse.
    /// Inlined into the enum's module, so the case's closures are called on concrete types.
    @inlinable
    func finishDecodeFrame(_ frame: DecodeFrame, _ engine: DecodeEngine) throws -> Root? {
        // Unchecked downcast: the engine hands back the frame `beginDecodeFrame` returned.
        let tagged = unsafeDowncast(frame, to: TaggedFrame.self)
        switch tagged.takeOutcome(engine) {
        case .none: return nil
        case .bare(let index): return cases[index].make?()
        case .payload(let index, let payload): return try cases[index].finish(payload, engine)
        case .result: return resultOf(tagged, engine)
        }
    }

    /// The value an adjacently or externally tagged frame made; the frame is kept for reuse.
    @usableFromInline
    func resultOf(_ frame: TaggedFrame, _ engine: DecodeEngine) -> Root? {
        // Unchecked downcast: this union's other styles use result frames.
        let resultFrame = unsafeDowncast(frame, to: TaggedResultFrame<Root>.self)
        let value = resultFrame.takeResult()
        resultFrame.recycle(engine)
        return value
    }
}

/// `{"type": "circle", "radius": 2}`: once the tag is read, every other member goes straight to
/// the case's model frame, so with the tag first nothing is buffered. Members before the tag are
/// kept as values (only those: the rest still streams) and replayed into the model once the tag
/// names it.
final class InternallyTaggedFrame: TaggedFrame {
    /// The payload's frame (`payload`) once the case is known; every member token is forwarded to it.
    private var inner: DecodeFrame? { payload }
    private enum Next { case member, tag, skip, buffer }
    /// What the value after the current key is.
    @exclusivity(unchecked) private var next = Next.member
    /// Members before the tag, and the key of the one being buffered.
    @exclusivity(unchecked) private var early: JSONObject?
    @exclusivity(unchecked) private var earlyKey = ""
    /// Open containers inside the payload that its frame handles itself (a buffering frame
    /// pushes none): their tokens all go to it.
    @exclusivity(unchecked) private var nesting = 0

    override func restart() {
        super.restart()
        next = .member
        early = nil
        earlyKey = ""
        nesting = 0
    }

    @inline(__always)
    private func isTag(_ key: UnsafeRawBufferPointer) -> Bool {
        TaggedDecodeTable.same(key, table.tagKey)
    }

    override func key(_ key: UnsafeRawBufferPointer, _ engine: DecodeEngine) throws {
        if nesting > 0, let inner {
            try inner.key(key, engine)
        } else if isTag(key) {
            if chosen >= 0 || dropped {
                // The first tag chose the case; a second one cannot change it.
                if engine.duplicateKeys == .reject {
                    throw DecodeFailure(reason: .duplicateKey(ModelDecodingError.quoted(String(decoding: key, as: UTF8.self))))
                }
                next = .skip
            } else {
                next = .tag
            }
        } else if let inner {
            next = .member
            try inner.key(key, engine)
        } else if chosen >= 0 || dropped {
            next = .skip  // a case without payload (or a dropped value) has no members to set
        } else {
            next = .buffer
            earlyKey = String(decoding: key, as: UTF8.self)
        }
    }

    override func scalar(_ token: ScalarToken, _ engine: DecodeEngine) throws {
        if nesting > 0, let inner { return try inner.scalar(token, engine) }
        switch next {
        case .member: try inner?.scalar(token, engine)
        case .tag: try tagArrived(token, engine)
        case .buffer: keepEarly(token.jsonValue)
        case .skip: break
        }
        next = .member
    }

    private func tagArrived(_ token: ScalarToken, _ engine: DecodeEngine) throws {
        guard let index = try chooseCase(token, engine) else { return }
        guard table.hasPayload[index] else {
            bare = true
            return
        }
        // The payload's object began with this one: its frame takes the members from here on.
        payload = try table.beginPayload[index](.object, engine) ?? engine.skipFrame()
        guard let members = early else { return }
        early = nil
        try engine.withNestedReplay {
            for (key, value) in members {
                var text = key
                guard text.withUTF8({ engine.onKey(UnsafeRawBufferPointer($0)) }) else { throw engine.failure! }
                try engine.replay(value)
            }
        }
    }

    private func keepEarly(_ value: JSONValue) {
        if early == nil { early = JSONObject() }
        early!.append(key: earlyKey, value: value)
    }

    override func beginContainer(_ kind: ContainerKind, _ engine: DecodeEngine) throws {
        switch next {
        case .member:
            guard let inner else { return engine.pushSkip() }
            try inner.beginContainer(kind, engine)
            if engine.top === self { nesting += 1 }
        case .buffer:
            engine.push(JSONValueFrame(kind: kind))
        case .tag:
            _ = try engine.containerMismatch(kind, expected: table.tagExpectation)
            dropped = true
            engine.pushSkip()
        case .skip:
            engine.pushSkip()
        }
    }

    override func childFinished(_ child: DecodeFrame, _ engine: DecodeEngine) throws {
        if next == .buffer {
            // Why `unsafeDowncast`: `.buffer` made `beginContainer` push a JSONValueFrame.
            keepEarly(unsafeDowncast(child, to: JSONValueFrame.self).takeValue())
        } else {
            try inner?.childFinished(child, engine)
        }
        next = .member
    }

    override func valueSkipped() {
        if next == .member { inner?.valueSkipped() }
        next = .member
    }

    override func end(_ engine: DecodeEngine) throws {
        if let inner {
            // The payload's frame closes its own level, or checks its required keys and
            // delivers this frame.
            if nesting > 0 { nesting -= 1 }
            try inner.end(engine)
            return
        }
        if chosen < 0 && !dropped {
            throw DecodeFailure(reason: .missingKey(String(decoding: table.tagKey, as: UTF8.self)))
        }
        try engine.popAndDeliver()
    }

    override func appendPath(to path: inout String) {
        switch next {
        case .tag: path.appendPathKey(String(decoding: table.tagKey, as: UTF8.self))
        case .buffer: path.appendPathKey(earlyKey)
        case .member, .skip: inner?.appendPath(to: &path)
        }
    }
}
