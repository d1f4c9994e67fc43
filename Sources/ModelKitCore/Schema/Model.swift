/// A type that maps to JSON through a precompiled ``Schema``.
///
/// Declare the schema by hand (`ModelKitCore`) or let the `@Model` macro write it (`ModelKit`):
///
/// ```swift
/// struct Book: Model {
///     var name = ""
///     var pages = 0
///     static let schema = Schema(Book.self) {
///         Field("name", \.name, key: "n")
///         Field("pages", \.pages, key: "p")
///     }
/// }
/// ```
///
/// Model classes need `required init()`; a subclass of a model class overrides
/// `class var schema` with `Schema(Sub.self, inheriting: Super.schema) { … }`.
public protocol Model: ModelValue {
    /// Creates a model with every field at its default value; decoding then sets what the input holds.
    init()
    /// The field table that drives decoding, encoding, archiving and description. Built once.
    static var schema: Schema { get }
}

/// A model whose payload chooses the concrete class to build (like YYModel's `modelCustomClassForDictionary`).
///
/// Only types adopting this protocol make the decoder buffer their object before building it.
public protocol PolymorphicModel: Model {
    /// Returns the class to build for `object`; `nil`, or a type that is not a subtype of `Self`, builds `Self`.
    static func modelType(for object: JSONValue) -> (any Model.Type)?
    /// The classes ``modelType(for:)`` may choose, and the key that tells them apart, for JSON
    /// Schema (`oneOf`). Default: none listed, so the schema describes `Self` alone.
    static var modelVariants: ModelVariants { get }
}

/// A model that rewrites (or drops) its raw JSON object before it is decoded.
public protocol PreprocessingModel: Model {
    /// Returns the object to decode instead of `object`, or `nil` to drop this model.
    static func willDecode(_ object: JSONValue) -> JSONValue?
}

/// A model that checks itself after decoding.
public protocol ValidatingModel: Model {
    /// Throws to reject the decoded model; the error is reported with the model's path.
    mutating func didDecode() throws
}

/// A model that adjusts its encoded JSON object.
public protocol PostprocessingModel: Model {
    /// Adjusts the encoded object in place, or throws to fail the encoding.
    func didEncode(_ object: inout JSONValue) throws
}
