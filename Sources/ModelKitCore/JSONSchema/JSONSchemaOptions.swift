/// What ``ModelValue/jsonSchema(options:)`` describes.
///
/// ```swift
/// let written  = Book.jsonSchema()                                        // what ModelEncoder writes
/// let accepted = Book.jsonSchema(options: JSONSchemaOptions(view: .strictDecoder))
/// let closed   = Book.jsonSchema(options: JSONSchemaOptions(view: .strictDecoder,
///                                   decoding: DecodingOptions(conversion: .strict, unknownKeys: .fail)))
/// ```
public struct JSONSchemaOptions: Sendable {
    /// Which JSON the schema describes. The two differ where the encoder writes one form and the
    /// decoder accepts several: alternative keys, `null` for optionals, date forms.
    public enum View: Sendable, Hashable {
        /// The JSON ``ModelEncoder`` writes with ``JSONSchemaOptions/encoding``: first keys only,
        /// every field it always writes `required`, nil optionals left out (or `null`, when
        /// `nils` is `.null`), dates in the encoding strategy's form.
        case encoder
        /// The JSON strict decoding (`conversion: .strict`) with ``JSONSchemaOptions/decoding``
        /// accepts: every alternative key, `null` for optionals, `.required` fields `required`,
        /// dates in the forms the decoding strategy reads, and no unknown keys when
        /// `unknownKeys` is `.fail`. Lenient decoding accepts more than this.
        case strictDecoder
    }

    /// Which JSON the schema describes (default: what the encoder writes).
    public var view: View
    /// The encoder's options the ``View/encoder`` view follows: `dates`, `nils`, `nonFiniteFloats`.
    public var encoding: EncodingOptions
    /// The decoder's options the ``View/strictDecoder`` view follows: `dates`, `unknownKeys`
    /// (its `conversion` is taken as `.strict`).
    public var decoding: DecodingOptions

    /// Options for one view, following these encoding or decoding options.
    public init(view: View = .encoder, encoding: EncodingOptions = EncodingOptions(),
                decoding: DecodingOptions = DecodingOptions(conversion: .strict)) {
        self.view = view
        self.encoding = encoding
        self.decoding = decoding
    }

    /// The URI of the JSON Schema dialect every document declares in `$schema`.
    public static let draft202012 = "https://json-schema.org/draft/2020-12/schema"
}
