/// How the cases of a ``TaggedModel`` are told apart in JSON.
public enum TaggingStyle: Sendable, Hashable {
    /// The tag is a member of the case's own object: `{"type": "circle", "radius": 2}`.
    case internallyTagged(tag: String)
    /// The tag and the case's object side by side: `{"kind": "circle", "data": {"radius": 2}}`.
    case adjacentlyTagged(tag: String, content: String)
    /// The case's object under its tag, the only key: `{"circle": {"radius": 2}}`. A case with
    /// no payload is `{"unknown": {}}`, as Swift's synthesized `Codable` writes it.
    case externallyTagged
}

/// One case of a ``TaggedUnion``: its tag, and how to build and take apart the enum value.
///
/// <!-- example: skip: the two kinds of case, compiled whole in the example of `TaggedUnion` -->
/// ```swift
/// TaggedCase("circle", Circle.self, embed: { .circle($0) }, extract: { if case .circle(let c) = $0 { c } else { nil } })
/// TaggedCase("unknown", value: { .unknown }, matches: { if case .unknown = $0 { true } else { false } }, isDefault: true)
/// ```
public struct TaggedCase<Root>: Sendable {
    /// The tag naming this case in JSON.
    public let tag: String
    /// The model the case carries, or nil for a case without payload.
    public let payloadType: (any Model.Type)?
    /// Whether an unknown tag decodes as this (payload-less) case.
    public let isDefault: Bool

    // The case's work, typed by its payload when the case is built, so the engine calls no
    // generic code at run time.
    let matches: @Sendable (Root) -> Bool
    @usableFromInline let make: (@Sendable () -> Root)?
    /// The payload from the schema reader's tape: the value at an entry (adjacently and
    /// externally tagged), or, given the tag's member (internally tagged), the tagged object
    /// itself read as the payload's model with the tag key skipped.
    @usableFromInline let readTape: @Sendable (_ entry: Int, TapeSchemaReader, _ tagMember: Int) throws -> Root?
    let visitPayload: @Sendable (Root, any ValueVisitor) throws -> Void
    let copy: @Sendable (Root) -> Root
    let payloadSchema: @Sendable (JSONSchemaContext, _ inline: Bool) -> JSONValue?

    /// A case carrying one `Payload` model: `embed` makes the enum value, `extract` returns the
    /// payload when a value is this case (nil otherwise).
    @inlinable
    public init<Payload: Model>(_ tag: String, _ payload: Payload.Type,
                                embed: @escaping @Sendable (Payload) -> Root,
                                extract: @escaping @Sendable (Root) -> Payload?) {
        // The decoding closure is made here, inlined where the union is declared, so that the
        // payload's read is specialized for `Payload` (made inside ModelKitCore it would run
        // generic code, with metadata lookups, per decoded value).
        self.init(tag, payload, embed: embed, extract: extract,
                  readTape: { entry, reader, tagMember in try reader.readPayload(Payload.self, at: entry, tagMember: tagMember).map(embed) })
    }

    @usableFromInline
    init<Payload: Model>(_ tag: String, _ payload: Payload.Type,
                         embed: @escaping @Sendable (Payload) -> Root, extract: @escaping @Sendable (Root) -> Payload?,
                         readTape: @escaping @Sendable (Int, TapeSchemaReader, Int) throws -> Root?) {
        self.tag = tag
        payloadType = payload
        isDefault = false
        matches = { extract($0) != nil }
        make = nil
        self.readTape = readTape
        visitPayload = { value, visitor in try extract(value)?._visit(visitor) }
        copy = { value in extract(value).map { embed($0._deepCopy()) } ?? value }
        payloadSchema = { context, inline in
            inline ? ModelSchemaBuilder.definition(of: Payload.self, in: context) : context.reference(to: Payload.self)
        }
    }

    /// A case without payload. `value` makes it, `matches` recognizes it; with `isDefault`, an
    /// unknown tag decodes as this case instead of failing.
    public init(_ tag: String, value: @escaping @Sendable () -> Root,
                matches: @escaping @Sendable (Root) -> Bool, isDefault: Bool = false) {
        self.tag = tag
        payloadType = nil
        self.isDefault = isDefault
        self.matches = matches
        make = value
        readTape = { _, _, _ in value() }
        visitPayload = { _, _ in }
        copy = { $0 }
        payloadSchema = { _, _ in nil }
    }
}

/// The description of a ``TaggedModel`` enum: its tagging style and its cases. Built once (a
/// `static let`), immutable; `@Model` on an enum writes it.
///
/// ```swift
/// enum Shape: TaggedModel {
///     case circle(Circle), square(Square), unknown
///     static let taggedUnion = TaggedUnion(Shape.self, tag: "type") {
///         TaggedCase("circle", Circle.self, embed: { .circle($0) }, extract: { if case .circle(let c) = $0 { c } else { nil } })
///         TaggedCase("square", Square.self, embed: { .square($0) }, extract: { if case .square(let s) = $0 { s } else { nil } })
///         TaggedCase("unknown", value: { .unknown }, matches: { if case .unknown = $0 { true } else { false } }, isDefault: true)
///     }
/// }
/// ```
public final class TaggedUnion<Root>: Sendable {
    /// How the cases are told apart.
    public let style: TaggingStyle
    /// The cases, in declaration order.
    public let cases: [TaggedCase<Root>]
    /// The case an unknown tag decodes as, if one is marked `isDefault`.
    let defaultIndex: Int?
    /// The enum's name, for errors and descriptions (its ``ModelValue/modelTypeName``).
    public let typeName: String
    /// What the frames read per token: keys and tags as bytes, the payloads' entry points.
    @usableFromInline let decoding: TaggedDecodeTable

    /// A union of `cases` in `style`. Tags must be unique, and at most one case (without
    /// payload) may be the default: both are checked here, loudly.
    public init(_ type: Root.Type, style: TaggingStyle, cases: [TaggedCase<Root>]) {
        self.style = style
        self.cases = cases
        typeName = readableTypeName(type)
        let defaults = cases.indices.filter { cases[$0].isDefault }
        precondition(defaults.count <= 1, "\(typeName): more than one default case")
        defaultIndex = defaults.first
        decoding = TaggedDecodeTable(style: style, typeName: typeName, cases: cases, defaultIndex: defaultIndex)
        precondition(Set(cases.map(\.tag)).count == cases.count, "\(typeName): two cases share a tag")
        if case .adjacentlyTagged(let tag, let content) = style {
            precondition(tag != content, "\(typeName): the tag and content keys are the same")
        }
    }

    /// Internally tagged: the tag is a member of the case's object (`{"type": "circle", …}`).
    public convenience init(_ type: Root.Type, tag: String, @TaggedCaseBuilder<Root> _ cases: () -> [TaggedCase<Root>]) {
        self.init(type, style: .internallyTagged(tag: tag), cases: cases())
    }

    /// Adjacently tagged: `{"kind": "circle", "data": {…}}`.
    public convenience init(_ type: Root.Type, tag: String, content: String,
                            @TaggedCaseBuilder<Root> _ cases: () -> [TaggedCase<Root>]) {
        self.init(type, style: .adjacentlyTagged(tag: tag, content: content), cases: cases())
    }

    /// Externally tagged: `{"circle": {…}}`.
    public convenience init(_ type: Root.Type, @TaggedCaseBuilder<Root> _ cases: () -> [TaggedCase<Root>]) {
        self.init(type, style: .externallyTagged, cases: cases())
    }

    /// The case `value` is.
    func index(of value: Root) -> Int {
        for (index, taggedCase) in cases.enumerated() where taggedCase.matches(value) { return index }
        preconditionFailure("\(typeName): a value matches none of the TaggedUnion's cases")
    }
}

/// Collects the ``TaggedCase``s of a ``TaggedUnion``.
@resultBuilder
public enum TaggedCaseBuilder<Root> {
    /// One case (typed by the union, so `embed` and `extract` closures infer their types).
    public static func buildExpression(_ taggedCase: TaggedCase<Root>) -> TaggedCase<Root> { taggedCase }
    /// The cases, in order.
    public static func buildBlock(_ cases: TaggedCase<Root>...) -> [TaggedCase<Root>] { cases }
}
