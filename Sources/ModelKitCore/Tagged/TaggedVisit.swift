/// A tagged enum's case as visitors see it: the union's style and the case's tag, and the
/// payload model to present (nothing for a case without payload).
@usableFromInline
struct TaggedVisit {
    let style: TaggingStyle
    let typeName: String
    let tag: String
    let hasPayload: Bool
    let presentPayload: (any ValueVisitor) throws -> Void
}

extension ValueVisitor {
    /// Writes the case in its style's object, through the plain structure calls.
    func visitTagged(_ tagged: TaggedVisit) throws {
        switch tagged.style {
        case .internallyTagged(let key):
            guard tagged.hasPayload else {
                try beginObject(count: 1)
                try visitKey(key)
                try visitString(tagged.tag)
                return try endObject()
            }
            // The payload model writes the tag as its object's first member.
            leadingMember = (key, tagged.tag)
            try tagged.presentPayload(self)
        case .adjacentlyTagged(let key, let content):
            try beginObject(count: tagged.hasPayload ? 2 : 1)
            // Sorted output puts the content first when its key sorts first.
            let contentFirst = tagged.hasPayload && wantsSortedKeys && Array(content.utf8).lexicographicallyPrecedes(Array(key.utf8))
            if contentFirst {
                try visitKey(content)
                try tagged.presentPayload(self)
            }
            try visitKey(key)
            try visitString(tagged.tag)
            if tagged.hasPayload && !contentFirst {
                try visitKey(content)
                try tagged.presentPayload(self)
            }
            try endObject()
        case .externallyTagged:
            try beginObject(count: 1)
            try visitKey(tagged.tag)
            if tagged.hasPayload {
                try tagged.presentPayload(self)
            } else {
                try beginObject(count: 0)
                try endObject()
            }
            try endObject()
        }
    }
}

extension ValueVisitor {
    /// Writes an internally tagged enum's tag, first in its payload's object.
    func visitLeadingMember(_ member: (key: String, value: String)) throws {
        try visitKey(member.key)
        try visitString(member.value)
    }
}

extension JSONValue {
    /// This object with `member` as its first member (an internally tagged enum's tag).
    func withLeadingMember(_ member: (key: String, value: String)) -> JSONValue {
        guard case .object(let members) = self else { return self }
        var object = JSONObject()
        object.append(key: member.key, value: .string(member.value))
        for (key, value) in members where key != member.key { object.append(key: key, value: value) }
        return .object(object)
    }
}
