/// The object of a ``TaggedModel`` being decoded: reads the tag, picks the case, and hands the
/// payload to the case's model frame. One subclass per ``TaggingStyle``.
class TaggedFrame<Root: TaggedModel>: DecodeFrame {
    let union: TaggedUnion<Root>
    /// The decoded value, once known.
    var result: Root?
    /// The chosen case (-1 until the tag is read).
    var chosen = -1
    /// Set when a bad tag was skipped under `mismatch: .skip`: the rest of the object is
    /// skipped and the enum left untouched.
    var dropped = false

    init(union: TaggedUnion<Root>) {
        self.union = union
    }

    /// The case a tag token names, or nil when it was dropped under `.skip`.
    final func chooseCase(_ token: ScalarToken, _ d: DecodeEngine) throws -> Int? {
        guard case .string(let bytes) = token else {
            let _: Root? = try d.mismatch(expected: "\(union.typeName) tag (a string)", found: token)
            dropped = true
            return nil
        }
        return try chooseCase(named: bytes, d)
    }

    /// The case `bytes` names, the default case for an unknown tag, or an error at the tag.
    final func chooseCase(named bytes: UnsafeRawBufferPointer, _ d: DecodeEngine) throws -> Int? {
        if let index = union.index(ofTag: bytes) ?? union.defaultIndex {
            chosen = index
            return index
        }
        let tag = JSONValue.string(ModelDecodingError.quoted(String(decoding: bytes, as: UTF8.self))).description
        let failure = DecodeFailure(reason: .invalid("unknown \(union.typeName) tag \(tag); expected one of \(union.quotedTags)"))
        guard d.skipsMismatches else { throw failure }
        d.recordSkipped(failure)
        dropped = true
        return nil
    }

    /// The value, once the object has closed.
    func finish(_ d: DecodeEngine) throws -> Root? {
        if dropped { return nil }
        return result
    }
}

/// `{"type": "circle", "radius": 2}`: once the tag is read, every other member goes straight to
/// the case's model frame, so with the tag first nothing is buffered. Members before the tag are
/// kept as values (only those: the rest still streams) and replayed into the model once the tag
/// names it.
final class InternallyTaggedFrame<Root: TaggedModel>: TaggedFrame<Root> {
    private let tagKey: [UInt8]
    /// The payload's frame once the case is known; every member token is forwarded to it.
    private var inner: DecodeFrame?
    private enum Next { case member, tag, skip, buffer }
    /// What the value after the current key is.
    private var next = Next.member
    /// Members before the tag, and the key of the one being buffered.
    private var early: JSONObject?
    private var earlyKey = ""
    /// Open containers inside the payload that its frame handles itself (a buffering frame
    /// pushes none): their tokens all go to it.
    private var nesting = 0

    override init(union: TaggedUnion<Root>) {
        tagKey = union.tagKeyBytes
        super.init(union: union)
    }

    private func isTag(_ key: UnsafeRawBufferPointer) -> Bool {
        key.count == tagKey.count && tagKey.withUnsafeBytes { $0.elementsEqual(key) }
    }

    override func key(_ key: UnsafeRawBufferPointer, _ d: DecodeEngine) throws {
        if nesting > 0, let inner {
            try inner.key(key, d)
        } else if isTag(key) {
            if chosen >= 0 || dropped {
                // The first tag chose the case; a second one cannot change it.
                if d.duplicateKeys == .reject {
                    throw DecodeFailure(reason: .duplicateKey(ModelDecodingError.quoted(String(decoding: key, as: UTF8.self))))
                }
                next = .skip
            } else {
                next = .tag
            }
        } else if let inner {
            next = .member
            try inner.key(key, d)
        } else if chosen >= 0 || dropped {
            next = .skip  // a case without payload (or a dropped value) has no members to set
        } else {
            next = .buffer
            earlyKey = String(decoding: key, as: UTF8.self)
        }
    }

    override func scalar(_ token: ScalarToken, _ d: DecodeEngine) throws {
        if nesting > 0, let inner { return try inner.scalar(token, d) }
        switch next {
        case .member: try inner?.scalar(token, d)
        case .tag: try tagArrived(token, d)
        case .buffer: keepEarly(token.jsonValue)
        case .skip: break
        }
        next = .member
    }

    private func tagArrived(_ token: ScalarToken, _ d: DecodeEngine) throws {
        guard let index = try chooseCase(token, d) else { return }
        let chosenCase = union.cases[index]
        guard chosenCase.payloadType != nil else {
            result = try chosenCase.finish(self, d)
            return
        }
        // The payload's object began with this one: its frame takes the members from here on.
        let frame = try chosenCase.begin(.object, d) ?? d.skipFrame()
        inner = frame
        guard let members = early else { return }
        early = nil
        try d.withNestedReplay {
            for (key, value) in members {
                var text = key
                guard text.withUTF8({ d.onKey(UnsafeRawBufferPointer($0)) }) else { throw d.failure! }
                try d.replay(value)
            }
        }
    }

    private func keepEarly(_ value: JSONValue) {
        if early == nil { early = JSONObject() }
        early!.append(key: earlyKey, value: value)
    }

    override func beginContainer(_ kind: ContainerKind, _ d: DecodeEngine) throws {
        switch next {
        case .member:
            guard let inner else { return d.push(d.skipFrame()) }
            try inner.beginContainer(kind, d)
            if d.top === self { nesting += 1 }
        case .buffer:
            d.push(JSONValueFrame(kind: kind))
        case .tag:
            _ = try d.containerMismatch(kind, expected: "\(union.typeName) tag (a string)")
            dropped = true
            d.push(d.skipFrame())
        case .skip:
            d.push(d.skipFrame())
        }
    }

    override func childFinished(_ child: DecodeFrame, _ d: DecodeEngine) throws {
        if next == .buffer {
            keepEarly(unsafeDowncast(child, to: JSONValueFrame.self).takeValue())
        } else {
            try inner?.childFinished(child, d)
        }
        next = .member
    }

    override func valueSkipped() {
        if next == .member { inner?.valueSkipped() }
        next = .member
    }

    override func end(_ d: DecodeEngine) throws {
        if let inner {
            // The payload's frame closes its own level, or checks its required keys and
            // delivers this frame.
            if nesting > 0 { nesting -= 1 }
            try inner.end(d)
            return
        }
        if chosen < 0 && !dropped {
            throw DecodeFailure(reason: .missingKey(String(decoding: tagKey, as: UTF8.self)))
        }
        try d.popAndDeliver()
    }

    override func appendPath(to path: inout String) {
        switch next {
        case .tag: path.appendPathKey(String(decoding: tagKey, as: UTF8.self))
        case .buffer: path.appendPathKey(earlyKey)
        case .member, .skip: inner?.appendPath(to: &path)
        }
    }

    /// The value: the payload's frame's result, or the case without payload.
    override func finish(_ d: DecodeEngine) throws -> Root? {
        if dropped { return nil }
        if let inner, chosen >= 0 {
            return try union.cases[chosen].finish(inner, d)
        }
        return result
    }
}
