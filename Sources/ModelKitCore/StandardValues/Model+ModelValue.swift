// How a model type meets the schema reader (an object on the tape, read over its range) and the
// writers (its schema and storage presented to a visitor).

extension Model {
    public static var modelTypeName: String { readableTypeName(Self.self) }

    @inlinable
    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Self? {
        // An object on the schema reader's tape: read over its range.
        if case .container(.object, let index) = scalar.token { return try context.tapeReader.readModel(Self.self, at: index) }
        // Lenient: a null or non-object where a model is expected is dropped (left untouched).
        if context.conversions.lenient { return nil }
        return try context.conversions.mismatch(expected: _typeName, found: scalar.token)
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

    @usableFromInline
    static func validated(_ value: Self, _ schema: Schema, _ conversions: ScalarConversions) throws -> Self? {
        guard schema.isValidating, var validating = value as? any ValidatingModel else { return value }
        do {
            try validating.didDecode()
        } catch let error as ModelDecodingError {
            throw error
        } catch {
            let failure = DecodeFailure(reason: .invalid("\(_typeName) rejected: \(error)"))
            if conversions.skipsMismatches {
                conversions.recordSkipped(failure)
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
