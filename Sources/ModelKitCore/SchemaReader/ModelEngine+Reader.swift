// The reading side of the opaque handles ModelValue's entry points take (Schema/ModelEngine.swift):
// what is inside them. Only the schema reader and the Codable bridge make contexts, so the
// downcast below always holds; DEBUG builds check it.

extension ModelEngine.Context {
    /// The decode's scalar conversions.
    @inlinable var conversions: ScalarConversions {
        // Why unchecked: every decode context is scalar conversions (its only direct subclass).
        #if DEBUG
        precondition(decode is ScalarConversions, "a decode context holds scalar conversions")
        #endif
        return unsafeDowncast(decode, to: ScalarConversions.self)
    }
}

extension ModelValue {
    /// Types of your own decode through their ``ModelValue/decodeModelValue(from:options:)`` JSON form.
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Self? {
        // A container on the schema reader's tape: through its JSON form too.
        if case .container(_, let index) = scalar.token { return try context.tapeReader.custom(Self.self, at: index) }
        return try context.conversions.convertCustom(scalar.token.jsonValue, to: Self.self)
    }
}
