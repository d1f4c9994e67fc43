// How a model type plugs into the engine: straight into a ModelFrame on the fast path; through a
// buffered JSONValue only for types adopting PolymorphicModel or PreprocessingModel.

extension Model {
    public static var modelTypeName: String { String(describing: Self.self) }

    @inlinable
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Self? {
        // An object on the schema reader's tape: read over its range.
        if case .container(.object, let index) = scalar.token { return try context.tapeReader.readModel(Self.self, at: index) }
        // Lenient: a null or non-object where a model is expected is dropped (left untouched).
        if context.conversions.lenient { return nil }
        return try context.conversions.mismatch(expected: _typeName, found: scalar.token)
    }

    @inlinable
    public static func beginEngineContainer(_ kind: ModelEngine.ContainerKind, in context: ModelEngine.Context,
                                            merging existing: Self?) throws -> ModelEngine.Frame? {
        try _beginModel(kind, context.engine, merging: existing).map(ModelEngine.Frame.init)
    }

    @inlinable
    public static func finishEngineContainer(_ frame: ModelEngine.Frame, in context: ModelEngine.Context) throws -> Self? {
        try _finishModel(frame.frame, context.engine, polymorphic: true)
    }

    /// Hands the visitor the schema of the value's dynamic type and its storage.
    public func presentModelValue(to visitor: ModelEngine.Visitor) throws {
        // A class instance is visited with its dynamic type's schema (subclass fields included).
        let schema = type(of: self).schema
        var postprocess: ((inout JSONValue) throws -> Void)?
        if schema.isPostprocessing, let hooked = self as? any PostprocessingModel {
            postprocess = { object in try hooked.didEncode(&object) }
        }
        // Borrowed in place, never copied: a copy of a struct model retains every string, array
        // and nested model in it and releases them again (a fifth of a 2 KB model's encode).
        try withUnsafePointer(to: self) { try visitor.visitor.visitModel(schema, UnsafeRawPointer($0), postprocess: postprocess) }
    }

    public static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> Self {
        try ModelDecoder.decode(Self.self, from: json, options: options)
    }

    @inlinable
    static func _beginModel(_ kind: ContainerKind, _ engine: DecodeEngine, merging existing: Self?) throws -> DecodeFrame? {
        guard kind == .object else {
            if engine.lenient { return nil }
            return try engine.containerMismatch(kind, expected: _typeName)
        }
        // Its object counted one when it opened; a large model counts by its size.
        let weight = DecodingLimits.elementWeight(of: Self.self)
        if weight > 0 { try engine.countElements(weight) }
        // A merged class instance may be a subclass: its own schema applies.
        let schema = existing.map { type(of: $0).schema } ?? Self.schema
        if schema.buffersObject { return BufferedModelFrame<Self>(mergingInto: existing) }
        if let spare = engine.spareFrame(ModelFrame<Self>.self, schema: schema) {
            spare.restart(with: existing ?? Self(), checksRequired: existing == nil)
            return spare
        }
        let frame = ModelFrame<Self>(schema: schema, initial: existing ?? Self(), engine)
        frame.checksRequired = existing == nil
        return frame
    }

    @inlinable
    static func _finishModel(_ frame: DecodeFrame, _ engine: DecodeEngine, polymorphic: Bool) throws -> Self? {
        // The exact class (`ModelFrame` is final), then an unchecked downcast: a conditional cast
        // would hand back a retained reference, an atomic retain and release per model object.
        if type(of: frame) == ModelFrame<Self>.self {
            let modelFrame = unsafeDowncast(frame, to: ModelFrame<Self>.self)
            let value = modelFrame.takeValue()
            engine.recycle(modelFrame)
            guard modelFrame.schema.isValidating else { return value }
            return try validated(value, modelFrame.schema, engine)
        }
        return try _finishBuffered(frame, engine, polymorphic: polymorphic)
    }

    /// Types adopting `PolymorphicModel` or `PreprocessingModel`: the object was buffered whole.
    @usableFromInline
    static func _finishBuffered(_ frame: DecodeFrame, _ engine: DecodeEngine, polymorphic: Bool) throws -> Self? {
        let buffered = unsafeDowncast(frame, to: BufferedModelFrame<Self>.self)
        var object = buffered.takeValue()
        if let preprocessing = Self.self as? any PreprocessingModel.Type {
            guard let rewritten = preprocessing.willDecode(object) else { return nil }
            object = rewritten
        }
        guard case .object = object else {
            return try engine.mismatch(expected: _typeName, found: object.kindDescription)
        }
        if let existing = buffered.existing {
            return try decodeReplayed(type(of: existing), object, engine, into: existing)
        }
        if polymorphic, let chooser = Self.self as? any PolymorphicModel.Type,
           let chosen = chooser.modelType(for: object), let subtype = chosen as? Self.Type, subtype != Self.self {
            return try decodeReplayed(subtype, object, engine)
        }
        return try decodeReplayed(Self.self, object, engine)
    }

    /// Builds `type` (a subtype of `Self`, or `Self`) from a buffered object, with the engine's
    /// stack intact so paths and positions stay right.
    private static func decodeReplayed(_ type: Self.Type, _ object: JSONValue, _ engine: DecodeEngine, into existing: Self? = nil) throws -> Self? {
        // `type` may be a subclass: its schema and init() are reached through the metatype value.
        let schema = type.schema
        let box = ResultBox<Self>()
        let root = RootFrame(
            scalar: { _, _ in },
            begin: { _, engine in
                let frame = ModelFrame<Self>(schema: schema, initial: existing ?? type.init(), engine)
                frame.checksRequired = existing == nil
                return frame
            },
            // Why `unsafeDowncast`: `begin` above made this frame, a `ModelFrame<Self>`.
            finish: { frame, engine in box.value = try validated(unsafeDowncast(frame, to: ModelFrame<Self>.self).takeValue(), schema, engine) })
        engine.push(root)
        defer { engine.popFrame() }
        try engine.withNestedReplay { try engine.replay(object) }
        return box.value
    }

    @usableFromInline
    static func validated(_ value: Self, _ schema: Schema, _ engine: ScalarConversions) throws -> Self? {
        guard schema.isValidating, var validating = value as? any ValidatingModel else { return value }
        do {
            try validating.didDecode()
        } catch let error as ModelDecodingError {
            throw error
        } catch {
            let failure = DecodeFailure(reason: .invalid("\(_typeName) rejected: \(error)"))
            if engine.skipsMismatches {
                engine.recordSkipped(failure)
                return nil
            }
            throw failure
        }
        return validating as? Self
    }
}

extension Model where Self: AnyObject {
    /// A model class instance is copied (``modelCopy()``), so the copy shares no model object.
    public func modelDeepCopy() -> Self { modelCopy() }
}

extension JSONValue {
    /// "object", "array", "string \"x\"", … for error messages.
    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return "number \(n.text)"
        case .string: return "string \(description.prefix(42))"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
