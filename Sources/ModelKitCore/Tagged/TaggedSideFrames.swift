/// `{"kind": "circle", "data": {"radius": 2}}`: the content goes straight to the case's frame
/// when the tag came first; content before the tag is kept as a value and replayed once the
/// tag names the case.
final class AdjacentlyTaggedFrame<Root>: TaggedResultFrame<Root> {
    private var tagKey: [UInt8] { table.tagKey }
    private var contentKey: [UInt8] { table.contentKey }
    private enum Next { case other, tag, content, buffer }
    // Why unchecked: set and read per member by this frame alone; no access spans a call back into it.
    @exclusivity(unchecked) private var next = Next.other
    @exclusivity(unchecked) private var sawContent = false
    @exclusivity(unchecked) private var earlyContent: JSONValue?

    override func restart() {
        super.restart()
        next = .other
        sawContent = false
        earlyContent = nil
    }

    private static func same(_ key: UnsafeRawBufferPointer, _ bytes: [UInt8]) -> Bool {
        TaggedDecodeTable.same(key, bytes)
    }

    override func key(_ key: UnsafeRawBufferPointer, _ engine: DecodeEngine) throws {
        let isTag = Self.same(key, tagKey)
        if isTag || Self.same(key, contentKey) {
            if isTag ? (chosen >= 0 || dropped) : sawContent {
                if engine.duplicateKeys == .reject {
                    throw DecodeFailure(reason: .duplicateKey(ModelDecodingError.quoted(String(decoding: key, as: UTF8.self))))
                }
                next = .other
                return
            }
            if isTag {
                next = .tag
            } else {
                sawContent = true
                next = chosen >= 0 || dropped ? .content : .buffer
            }
        } else {
            next = .other
            if engine.failsOnUnknownKeys {
                throw DecodeFailure(reason: .unknownKey(ModelDecodingError.quoted(String(decoding: key, as: UTF8.self))))
            }
        }
    }

    override func scalar(_ token: ScalarToken, _ engine: DecodeEngine) throws {
        switch next {
        case .tag:
            guard let index = try chooseCase(token, engine) else { break }
            if !table.hasPayload[index] {
                bare = true
            } else if let content = earlyContent {
                earlyContent = nil
                next = .content
                try engine.withNestedReplay { try engine.replay(content) }
            }
        case .content:
            if !dropped, chosen >= 0, table.hasPayload[chosen] {
                result = try union.cases[chosen].scalar(token, engine)
            }
        case .buffer: earlyContent = token.jsonValue
        case .other: break
        }
        next = .other
    }

    override func beginContainer(_ kind: ContainerKind, _ engine: DecodeEngine) throws {
        switch next {
        case .content where !dropped && table.hasPayload[chosen]:
            engine.push(try table.beginPayload[chosen](kind, engine) ?? engine.skipFrame())
        case .buffer:
            engine.push(JSONValueFrame(kind: kind))
        case .tag:
            _ = try engine.containerMismatch(kind, expected: table.tagExpectation)
            dropped = true
            engine.pushSkip()
        default:
            engine.pushSkip()
        }
    }

    override func childFinished(_ child: DecodeFrame, _ engine: DecodeEngine) throws {
        if next == .buffer {
            // Why `unsafeDowncast`: `.buffer` made `beginContainer` push a JSONValueFrame.
            earlyContent = unsafeDowncast(child, to: JSONValueFrame.self).takeValue()
        } else {
            result = try union.cases[chosen].finish(child, engine)
        }
        next = .other
    }

    override func valueSkipped() {
        next = .other
    }

    override func end(_ engine: DecodeEngine) throws {
        if chosen < 0 && !dropped {
            throw DecodeFailure(reason: .missingKey(String(decoding: tagKey, as: UTF8.self)))
        }
        if !dropped, table.hasPayload[chosen], !sawContent {
            throw DecodeFailure(reason: .missingKey(String(decoding: contentKey, as: UTF8.self)))
        }
        try engine.popAndDeliver()
    }

    override func appendPath(to path: inout String) {
        switch next {
        case .tag: path.appendPathKey(String(decoding: tagKey, as: UTF8.self))
        case .content, .buffer: path.appendPathKey(String(decoding: contentKey, as: UTF8.self))
        case .other: break
        }
    }
}

/// `{"circle": {"radius": 2}}`: the only key names the case, its value is the payload.
final class ExternallyTaggedFrame<Root>: TaggedResultFrame<Root> {
    @exclusivity(unchecked) private var sawKey = false
    @exclusivity(unchecked) private var inValue = false
    @exclusivity(unchecked) private var key = ""

    override func restart() {
        super.restart()
        sawKey = false
        inValue = false
        key = ""
    }

    override func key(_ key: UnsafeRawBufferPointer, _ engine: DecodeEngine) throws {
        self.key = String(decoding: key, as: UTF8.self)
        inValue = true
        guard !sawKey else {
            throw table.secondExternalKey(self.key)
        }
        sawKey = true
        _ = try chooseCase(named: key, engine)
    }

    private var payloadCase: TaggedCase<Root>? {
        guard !dropped, chosen >= 0, table.hasPayload[chosen] else { return nil }
        return union.cases[chosen]
    }

    override func scalar(_ token: ScalarToken, _ engine: DecodeEngine) throws {
        inValue = false
        if let payloadCase {
            result = try payloadCase.scalar(token, engine)
        } else if !dropped {
            bare = true
        }
    }

    override func beginContainer(_ kind: ContainerKind, _ engine: DecodeEngine) throws {
        if let payloadCase {
            engine.push(try payloadCase.begin(kind, engine) ?? engine.skipFrame())
        } else {
            if !dropped { bare = true }
            engine.pushSkip()
        }
    }

    override func childFinished(_ child: DecodeFrame, _ engine: DecodeEngine) throws {
        inValue = false
        if let payloadCase { result = try payloadCase.finish(child, engine) }
    }

    override func valueSkipped() {
        inValue = false
    }

    override func end(_ engine: DecodeEngine) throws {
        if !sawKey {
            throw table.emptyExternalObject
        }
        try engine.popAndDeliver()
    }

    override func appendPath(to path: inout String) {
        if inValue { path.appendPathKey(key) }
    }
}
