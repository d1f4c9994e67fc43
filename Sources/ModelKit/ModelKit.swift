@_exported import ModelKitCore

/// Makes a struct or class a `Model`: writes its `schema` from its stored properties at
/// compile time, adds `init()` where one is needed, and declares the conformance.
///
/// ```swift
/// @Model
/// struct Book {
///     @Key("n") var name = ""
///     @Key("p") var pages = 0
///     @Key("ext.desc") var desc: String?
///     @Key("id", "ID", "book_id") var bookID: String?
///     @Ignore var cache: [String: Int] = [:]
/// }
/// ```
///
/// Every stored `var` becomes a field named after the property, including properties with an
/// inferred type (`var pages = 0`) and with `willSet`/`didSet` observers. A `let` with an initial
/// value, computed, `static`/`class` and `lazy` properties are skipped. A stored `let` without a
/// value, and a non-Optional `var` without one, are compile-time errors: a model is created with
/// `init()` and then filled from JSON. The generated table is the one you would write by hand
/// with `Schema(Book.self) { Field("name", \.name, key: "n") … }`: fields are read and written at
/// their byte offsets where the layout allows it (stored properties of structs, plain stored
/// `var`s of final classes), through their key paths otherwise.
///
/// What the macro writes, per kind of type:
/// - a struct or a `final` class: `static let schema: Schema = Schema(Book.self) { … }`;
/// - a non-final class: `class var schema` (over a private stored schema) and `required init()`;
/// - a subclass of a model class: `override class var schema` built with
///   `Schema(Dog.self, inheriting: Animal.schema)` and `required init() { super.init() }`;
///   the subclass's schema lists the superclass's fields first. A model superclass is told
///   from a protocol by conformance: a class that already conforms to `Model` through its
///   first inherited type is a model subclass;
/// - a generic type (or a type nested in one): `static var schema` that builds the schema once
///   per concrete type through `Schema.cached(for:_:)`.
///
/// The type also becomes `SchemaCodable` (`Codable` through its schema, so `JSONEncoder` and
/// `JSONDecoder` use the same keys and key paths as ModelKit) unless it declares `Codable`,
/// `Decodable` or `Encodable`, or `init(from:)`/`encode(to:)`, itself; a non-final class gets the
/// `required convenience init(from:)` that conformance needs.
///
/// `init()` is added only when the type does not declare one. A model class that subclasses a
/// non-model class other than `NSObject` must declare `required override init()` itself (the
/// macro cannot see whether an inherited type is a class or a protocol). Properties declared
/// inside `#if` blocks are not seen by the macro; write such models by hand.
///
/// On an enum, plain `@Model` writes an externally tagged union, `{"circle": {"radius": 2}}`,
/// with `@Key` and `@Default` on cases as for ``Model(tag:)``:
///
/// ```swift
/// @Model
/// enum Either {
///     case circle(Circle)
///     @Key("sq") case square(Square)
///     @Default case other
/// }
/// ```
///
/// The enum gets `taggedUnion` and becomes `SchemaCodable`, with what a `TaggedModel` has
/// (`init(json:)`, `jsonBytes()`, `jsonString()`, `jsonValue()`, `modelDescription`, equality)
/// written as members that forward to its union; `jsonData()` is `Data(try value.jsonBytes())`.
/// Declare `enum Either: TaggedModel` to get those from the protocol instead (also how an enum
/// that declares its own `Codable` conformance takes plain `@Model`).
///
/// - Parameter keys: how a field without `@Key` derives its JSON key from its name,
///   e.g. `@Model(keys: .snakeCase)` maps `bookID` to `book_id`.
// Only conformances every @Model class gets may be listed here: for a conformance that a model
// class's expansion does not add, Swift 6.3 keeps the placeholder entry, a @Model subclass
// inherits it, and the subclass's conformance lookup asserts (`isConcrete()`, in
// ConformanceLookupTable::getConformance, from getIntroducedConformances). So `TaggedModel` is
// not listed: a plain `@Model` enum gets `SchemaCodable`, whose `ModelValue` requirements its
// extension implements by forwarding to `taggedUnion` (the names listed after the conformances).
@attached(member, conformances: Model, SchemaCodable, names: named(schema), named(init), named(_modelSchemaStorage), named(taggedUnion))
@attached(extension, conformances: Model, SchemaCodable,
          names: named(modelTypeName), named(decodeEngineScalar),
          named(presentModelValue), named(decodeModelValue), named(encodeModelValue), named(modelDeepCopy), named(jsonSchema),
          named(init), named(jsonBytes), named(jsonString), named(jsonValue), named(modelDescription), named(modelIsEqual),
          named(modelHash))
public macro Model(keys: KeyNamingStrategy = .fieldNames) =
    #externalMacro(module: "ModelKitMacros", type: "ModelMacro")

/// An internally tagged enum: each case carries one model (or nothing), and the tag is a member
/// of the case's object, `{"type": "circle", "radius": 2}`. (For an externally tagged enum,
/// `{"circle": {"radius": 2}}`, plain `@Model`: see ``Model(keys:)``.)
///
/// ```swift
/// @Model(tag: "type")
/// enum Shape {
///     case circle(Circle)
///     @Key("sq") case square(Square)   // tag "sq" instead of the case name
///     @Default case unknown            // what an unknown tag decodes as
/// }
/// ```
///
/// The enum becomes a `TaggedModel` with a generated `taggedUnion`, and `SchemaCodable` (so
/// `JSONEncoder`/`JSONDecoder` see the same JSON) unless it declares its own coding.
@attached(member, names: named(taggedUnion))
@attached(extension, conformances: TaggedModel, SchemaCodable)
public macro Model(tag: String) = #externalMacro(module: "ModelKitMacros", type: "ModelMacro")

/// An adjacently tagged enum: `{"kind": "opened", "data": {…}}`, the tag under `tag` and the
/// case's model under `content`. See ``Model(tag:)``.
@attached(member, names: named(taggedUnion))
@attached(extension, conformances: TaggedModel, SchemaCodable)
public macro Model(tag: String, content: String) = #externalMacro(module: "ModelKitMacros", type: "ModelMacro")

/// The case (without payload) of a `@Model` enum that an unknown tag decodes as; without one, an
/// unknown tag is a located error.
@attached(peer)
public macro Default() = #externalMacro(module: "ModelKitMacros", type: "DefaultMacro")

/// The JSON key or keys of a property of a ``Model(keys:)`` type.
///
/// <!-- example: skip: members of an @Model type, compiled whole in `@Model`'s example -->
/// ```swift
/// @Key("n") var name = ""                          // JSON key "n"
/// @Key("ext.desc") var desc: String?               // key path into nested objects
/// @Key("id", "ID", "book_id") var bookID: String?  // the first key present in the input wins
/// ```
///
/// Output uses the first key. At least one non-empty key is required.
@attached(peer)
public macro Key(_ keys: String...) = #externalMacro(module: "ModelKitMacros", type: "KeyMacro")

/// Never read from or written to JSON (the field is still archived and described): `.notMapped`.
@attached(peer)
public macro Ignore() = #externalMacro(module: "ModelKitMacros", type: "IgnoreMacro")

/// Left out of archives (`Archive.encode`): `.notArchived`.
@attached(peer)
public macro NotArchived() = #externalMacro(module: "ModelKitMacros", type: "NotArchivedMacro")

/// Hidden from `modelDescription` (passwords, tokens): `.notDescribed`.
@attached(peer)
public macro NotDescribed() = #externalMacro(module: "ModelKitMacros", type: "NotDescribedMacro")

/// Decoding fails with `.missingKey` when none of the property's keys is present: `.required`.
@attached(peer)
public macro Required() = #externalMacro(module: "ModelKitMacros", type: "RequiredMacro")

/// Rules a property's decoded value must satisfy: the `Check` values of its
/// `Field(…, checks: […])`, checked while decoding and published by `jsonSchema()`.
///
/// <!-- example: skip: members of an @Model type, compiled whole in the Checks article -->
/// ```swift
/// @Check(.range(13...150)) var age = 0
/// @Check(.length(3...32), .pattern("^[a-z0-9_]+$")) var username = ""
/// @Check(.count(...10)) var tags: [String] = []
/// @Check(.custom("even") { (n: Int) in n % 2 == 0 }) var score = 0
/// ```
///
/// A check that cannot apply to the property's type is a compile-time error naming both. A
/// custom check's closure and a `.oneOf` of enum cases spell their type (`(n: Int) in`,
/// `[Role.admin, .member]`): the attribute is read before the property's type is known.
@attached(peer)
public macro Check(_ checks: CheckArgument...) = #externalMacro(module: "ModelKitMacros", type: "CheckMacro")
