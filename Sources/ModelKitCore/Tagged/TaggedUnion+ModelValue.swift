#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The work of a tagged enum's `ModelValue` requirements, done once here: a `TaggedModel`'s
// default implementations forward to these, and so do the one-line members `@Model` writes into a
// plain (externally tagged) enum, which the macro cannot make a `TaggedModel` (see `Model(keys:)`).
extension TaggedUnion {
    /// ``ModelValue/decodeEngineScalar(_:in:)`` for the enum. Lenient: a null or non-object where
    /// a tagged value is expected is dropped, as for a model.
    // Inlinable: specialized in the enum's module, the payload's tape closure is called on
    // concrete types.
    @inlinable
    public func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Root? {
        // An object on the schema reader's tape: the tag looked up in its range, the payload read there.
        if case .container(.object, let index) = scalar.token {
            var payload: Root?
            let reader = context.tapeReader
            switch try reader.readTagged(decoding, at: index, payload: { caseIndex, entry, tagMember in
                payload = try cases[caseIndex].readTape(entry, reader, tagMember)
            }) {
            case .none: return nil
            case .bare(let caseIndex): return cases[caseIndex].make?()
            case .payload: return payload
            }
        }
        if context.conversions.lenient { return nil }
        return try context.conversions.mismatch(expected: typeName, found: scalar.token)
    }

    /// ``ModelValue/presentModelValue(to:)`` for the enum: its case's tag in the union's style,
    /// then the payload.
    public func present(_ value: Root, to visitor: ModelEngine.Visitor) throws {
        let taggedCase = cases[index(of: value)]
        try visitor.visitor.visitTagged(TaggedVisit(
            style: style, typeName: typeName, tag: taggedCase.tag, hasPayload: taggedCase.payloadType != nil,
            presentPayload: { try taggedCase.visitPayload(value, $0) }))
    }

    /// ``ModelValue/modelDeepCopy()`` for the enum: a copy whose payload shares no model class
    /// instance with `value`.
    public func deepCopy(of value: Root) -> Root {
        cases[index(of: value)].copy(value)
    }
}
