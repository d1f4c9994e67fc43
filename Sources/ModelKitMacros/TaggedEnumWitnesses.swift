import SwiftSyntax

/// The members a plain (externally tagged) `@Model` enum gets in its extension: its `ModelValue`
/// requirements and a `TaggedModel`'s conveniences, each one line forwarding to `taggedUnion`,
/// where the one body of each job lives (the same bodies `TaggedModel`'s defaults call).
///
/// They are written out because the enum cannot be made a `TaggedModel`: `Model(keys:)` lists
/// only `Model` and `SchemaCodable` (Swift 6.3 crashes on model subclasses for any other, see
/// `Model(keys:)`). `jsonData()` is left out: its `Data` needs Foundation, which the enum's file
/// may not import (`Data(try value.jsonBytes())` does the same).
extension TaggedEnumExpansion {
    /// The forwarding members, minus any the enum declares itself (by name).
    static func witnessMembers(of declaration: EnumDeclSyntax) -> String {
        let access = accessModifier(of: declaration)
        let declared = declaredNames(in: declaration)
        let core = "ModelKitCore."
        let engine = core + "ModelEngine."
        let members: [(name: String, code: String)] = [
            ("modelTypeName", "static var modelTypeName: String { taggedUnion.typeName }"),
            ("decodeEngineScalar", "static func decodeEngineScalar(_ scalar: \(engine)Scalar, in context: \(engine)Context) throws -> Self? { try taggedUnion.decodeEngineScalar(scalar, in: context) }"),
            ("presentModelValue", "func presentModelValue(to visitor: \(engine)Visitor) throws { try Self.taggedUnion.present(self, to: visitor) }"),
            ("decodeModelValue", "static func decodeModelValue(from json: \(core)JSONValue, options: \(core)DecodingOptions) throws -> Self { try taggedUnion.decode(json: json, options: options) }"),
            ("encodeModelValue", "func encodeModelValue(options: \(core)EncodingOptions) throws -> \(core)JSONValue { try Self.taggedUnion.jsonValue(of: self, options: options) }"),
            ("modelDeepCopy", "func modelDeepCopy() -> Self { Self.taggedUnion.deepCopy(of: self) }"),
            ("jsonSchema", "static func jsonSchema(in context: \(core)JSONSchemaContext) -> \(core)JSONValue { taggedUnion.jsonSchema(in: context) }"),
            ("init(json:", "init<Bytes: Collection<UInt8>>(json: Bytes, options: \(core)DecodingOptions = .init()) throws { self = try Self.taggedUnion.decode(json: json, options: options) }"),
            ("init(json:", "init(json: String, options: \(core)DecodingOptions = .init()) throws { self = try Self.taggedUnion.decode(json: json, options: options) }"),
            ("jsonBytes", "func jsonBytes(options: \(core)EncodingOptions = .init()) throws -> [UInt8] { try Self.taggedUnion.jsonBytes(of: self, options: options) }"),
            ("jsonString", "func jsonString(options: \(core)EncodingOptions = .init()) throws -> String { try Self.taggedUnion.jsonString(of: self, options: options) }"),
            ("jsonValue", "func jsonValue(options: \(core)EncodingOptions = .init()) throws -> \(core)JSONValue { try Self.taggedUnion.jsonValue(of: self, options: options) }"),
            ("modelDescription", "var modelDescription: String { Self.taggedUnion.description(of: self) }"),
            ("modelIsEqual", "func modelIsEqual(_ other: Self) -> Bool { Self.taggedUnion.isEqual(self, other) }"),
            ("modelHash", "func modelHash(into hasher: inout Hasher) { Self.taggedUnion.hash(self, into: &hasher) }"),
        ]
        return members.filter { !declared.contains($0.name) }.map { "    " + access + $0.code }.joined(separator: "\n")
    }

    /// `public `, `package ` or nothing: the enum's own access, which its witnesses need.
    static func accessModifier(of declaration: EnumDeclSyntax) -> String {
        let modifiers = declaration.modifiers
        if modifiers.contains(.public) || modifiers.contains(.open) { return "public " }
        return modifiers.contains(.package) ? "package " : ""
    }

    /// The names of the enum's own functions and properties, and `init(json:` if it declares one.
    private static func declaredNames(in declaration: EnumDeclSyntax) -> Set<String> {
        var names: Set<String> = []
        for member in declaration.memberBlock.members {
            if let function = member.decl.as(FunctionDeclSyntax.self) {
                names.insert(function.name.text)
            } else if let variable = member.decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    if let pattern = binding.pattern.as(IdentifierPatternSyntax.self) { names.insert(pattern.identifier.text) }
                }
            } else if let initializer = member.decl.as(InitializerDeclSyntax.self),
                      initializer.signature.parameterClause.parameters.first?.firstName.text == "json" {
                names.insert("init(json:")
            }
        }
        return names
    }
}
