// How a value meets the decoding engine: the default entry points of a type of your own (through
// its JSON form), and the engine's spelling of the container entry point (a `DecodeFrame` back).

extension ModelValue {
    /// Types of your own decode through their ``ModelValue/decodeModelValue(from:options:)`` JSON form.
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Self? {
        // A container on the schema reader's tape: through its JSON form too.
        if case .container(_, let index) = scalar.token { return try context.tapeReader.custom(Self.self, at: index) }
        return try context.conversions.convertCustom(scalar.token.jsonValue, to: Self.self)
    }

    /// Types of your own buffer the container as a ``JSONValue``.
    public static func beginEngineContainer(_ kind: ModelEngine.ContainerKind, in context: ModelEngine.Context,
                                            merging existing: Self?) throws -> ModelEngine.Frame? {
        ModelEngine.Frame(JSONValueFrame(kind: kind))
    }

    /// Types of your own convert the buffered ``JSONValue``.
    public static func finishEngineContainer(_ frame: ModelEngine.Frame, in context: ModelEngine.Context) throws -> Self? {
        // Unchecked downcast: the engine hands back the frame `beginEngineContainer` returned.
        try context.conversions.convertCustom(unsafeDowncast(frame.frame, to: JSONValueFrame.self).takeValue(), to: Self.self)
    }
}

extension ModelValue {
    @inlinable @inline(__always)
    static func _beginContainer(_ kind: ContainerKind, _ engine: DecodeEngine, merging existing: Self?) throws -> DecodeFrame? {
        try _beginContainer(kind, engine as DecodeContext, merging: existing)?.decodeFrame
    }
}
