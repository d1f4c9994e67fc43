/// The classes a ``PolymorphicModel`` may decode as, listed for JSON Schema: the base's schema
/// becomes a `oneOf` (told apart by a discriminator key) or an `anyOf` (by their fields alone).
///
/// <!-- example: skip: abridged: the rest of a polymorphic model (its schema, `modelType(for:)`) is left out -->
/// ```swift
/// class Animal: PolymorphicModel {
///     static var modelVariants: ModelVariants {
///         ModelVariants(discriminator: "kind", ["dog": Dog.self, "cat": Cat.self, "animal": Animal.self])
///     }
///     …
/// }
/// ```
///
/// Each type describes the variants that are subtypes of itself (`Dog`'s schema lists `Dog` and
/// its subclasses), as ``PolymorphicModel/modelType(for:)`` builds nothing else for it.
public struct ModelVariants: Sendable {
    /// One class and the discriminator value that selects it.
    public struct Variant: Sendable {
        /// The class to build.
        public var type: any Model.Type
        /// The discriminator's value for it (a string at ``ModelVariants/discriminator``), if any.
        public var tag: String?

        /// A variant.
        public init(type: any Model.Type, tag: String? = nil) {
            self.type = type
            self.tag = tag
        }
    }

    /// The key (or key path, `"meta.kind"`) whose string value tells the variants apart.
    public var discriminator: String?
    /// The variants, in the order the schema lists them.
    public var variants: [Variant]

    /// No variants: the schema describes the type alone (the default).
    public init() {
        discriminator = nil
        variants = []
    }

    /// Variants told apart by their fields alone (`anyOf`).
    public init(_ types: [any Model.Type]) {
        discriminator = nil
        variants = types.map { Variant(type: $0) }
    }

    /// Variants told apart by the string at `discriminator` (`oneOf`, each branch requiring its tag).
    public init(discriminator: String, _ tags: KeyValuePairs<String, any Model.Type>) {
        self.discriminator = discriminator
        variants = tags.map { Variant(type: $0.value, tag: $0.key) }
    }
}

extension PolymorphicModel {
    /// None listed: the schema describes `Self` alone.
    public static var modelVariants: ModelVariants { ModelVariants() }
}

extension ModelSchemaBuilder {
    /// `type`'s variants that are `type` or its subclasses, or nil when that is `type` alone.
    static func variants<M: Model>(of type: M.Type) -> (ModelVariants, [ModelVariants.Variant])? {
        guard let polymorphic = type as? any PolymorphicModel.Type else { return nil }
        let declared = polymorphic.modelVariants
        let own = declared.variants.filter { $0.type is M.Type }
        if own.isEmpty || (own.count == 1 && ObjectIdentifier(own[0].type) == ObjectIdentifier(type)) { return nil }
        return (declared, own)
    }

    /// `oneOf` (with a discriminator) or `anyOf` over the variants; `type` itself is described in
    /// place, the others by reference.
    static func union<M: Model>(of type: M.Type, _ declared: ModelVariants, _ own: [ModelVariants.Variant],
                                in context: JSONSchemaContext) -> JSONValue {
        let branches = own.map { variant -> JSONValue in
            let isSelf = ObjectIdentifier(variant.type) == ObjectIdentifier(type)
            let described = isSelf ? shape(of: type, in: context) : context.reference(to: variant.type)
            guard let key = declared.discriminator, let tag = variant.tag else { return described }
            return ["allOf": [described, requirement(KeyTable.keyPathParts(key)[...], ["const": .string(tag)])]]
        }
        guard let key = declared.discriminator else { return ["anyOf": .array(branches)] }
        return ["oneOf": .array(branches), "discriminator": ["propertyName": .string(key)]]
    }

    /// An object that must hold `value` at the key path `parts`.
    static func requirement(_ parts: ArraySlice<String>, _ value: JSONValue = [:]) -> JSONValue {
        guard let first = parts.first else { return value }
        let inner = parts.count == 1 ? value : requirement(parts.dropFirst(), value)
        return ["type": "object", "properties": [first: inner], "required": [.string(first)]]
    }
}
