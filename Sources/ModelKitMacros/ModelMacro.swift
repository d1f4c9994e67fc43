import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Model`: writes a type's `schema` (and `init()` where needed) from its stored properties,
/// and its `Model` conformance.
///
/// What it emits, per kind of type:
/// - struct / final class: `static let schema: Schema = Schema(T.self) { Field(…) … }`;
/// - non-final class: `class var schema` over a private stored copy, and `required init()`;
/// - subclass of a model class (it already conforms to `Model`):
///   `override class var schema` built with `Schema(T.self, inheriting: Super.schema)`;
/// - generic type: `static var schema { Schema.cached(for: T<…>.self) { … } }`.
public struct ModelMacro: MemberMacro, ExtensionMacro {
    // MARK: Member role

    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        if let enumDecl = declaration.as(EnumDeclSyntax.self) {
            // Diagnosed by the extension role, which always runs.
            guard TaggedEnumExpansion.hasUnion(enumDecl, attribute: node) else { return [] }
            return TaggedEnumExpansion.members(of: enumDecl, attribute: node)
        }
        guard let type = ModelType(declaration, attribute: node, protocols: protocols, context: context) else {
            context.diagnose(Diagnostic(node: node, message: ModelKitDiagnostic.modelOnUnsupportedDecl(
                kind: unsupportedKind(of: declaration))))
            return []
        }
        var members: [DeclSyntax] = []
        if let existing = handWrittenSchema(in: declaration) {
            context.diagnose(Diagnostic(node: existing, message: ModelKitDiagnostic.handWrittenSchema))
        } else {
            let fields = collectFields(of: declaration, hasOwnInit: !declaration.parameterlessInits.isEmpty, in: context)
            members += schemaMembers(for: type, fields: fields)
        }
        if let initializer = initMember(for: type, declaration: declaration, in: context) {
            members.append(initializer)
        }
        if let decoding = decodingInitMember(for: type, declaration: declaration, protocols: protocols) {
            members.append(decoding)
        }
        return members
    }

    /// A class that is `SchemaCodable` must declare `required init(from:)` in its body (a protocol
    /// extension cannot provide it to a non-final class, and a model subclass, which declares
    /// `init()`, does not inherit it): a non-final base class that gets the conformance here,
    /// and a subclass of a model class that has it.
    private static func decodingInitMember(for type: ModelType, declaration: some DeclGroupSyntax, protocols: [TypeSyntax]) -> DeclSyntax? {
        guard type.isClass, !declaration.declaresOwnCoding else { return nil }
        let missing = protocolNames(protocols)
        let needed = type.modelSuperclass != nil ? !missing.contains("SchemaCodable") : (!type.isFinal && missing.contains("SchemaCodable"))
        guard needed else { return nil }
        return """
            \(raw: type.initAccess)required convenience init(from decoder: any Decoder) throws {
                self.init()
                try self.decodeSchemaFields(from: decoder)
            }
            """
    }

    /// The last component of each protocol name (`ModelKitCore.Model` → `Model`).
    static func protocolNames(_ protocols: [TypeSyntax]) -> Set<String> {
        Set(protocols.map { $0.trimmedDescription.split(separator: ".").last.map(String.init) ?? "" })
    }

    // MARK: Extension role

    public static func expansion(
        of node: AttributeSyntax,
        attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        if let enumDecl = declaration.as(EnumDeclSyntax.self) {
            return try TaggedEnumExpansion.extensions(of: enumDecl, attribute: node, type: type, protocols: protocols, in: context)
        }
        guard declaration.is(StructDeclSyntax.self) || declaration.is(ClassDeclSyntax.self) else { return [] }
        // `SchemaCodable` (one wire format for every coder) unless the type codes itself, or is a
        // model subclass (it inherits its superclass's choice). The tagged-union conformances are
        // for enums.
        let missing = protocolNames(protocols)
        let isModelSubclass = declaration.is(ClassDeclSyntax.self) && !missing.contains("Model")
        let wanted = protocols.filter { type in
            let name = protocolNames([type])
            if name.contains("TaggedModel") || name.contains("TaggedCodable") { return false }
            guard name.contains("SchemaCodable") else { return true }
            return !declaration.declaresOwnCoding && !isModelSubclass
        }
        guard !wanted.isEmpty else { return [] }
        let list = wanted.map { $0.trimmedDescription }.joined(separator: ", ")
        return [try ExtensionDeclSyntax("extension \(raw: type.trimmedDescription): \(raw: list) {}")]
    }

    // MARK: Type analysis

    private static func unsupportedKind(of declaration: some DeclGroupSyntax) -> String {
        switch declaration.kind {
        case .enumDecl: return "an enum"
        case .protocolDecl: return "a protocol"
        case .actorDecl: return "an actor"
        case .extensionDecl: return "an extension"
        default: return "this declaration"
        }
    }

    private static func handWrittenSchema(in declaration: some DeclGroupSyntax) -> VariableDeclSyntax? {
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), variable.isStatic else { continue }
            let names = variable.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
            if names.contains("schema") || names.contains("_modelSchemaStorage") { return variable }
        }
        return nil
    }

    // MARK: Fields

    /// One `Field(…)` entry.
    struct FieldEntry {
        var name: String          // the field name (no backticks)
        var member: String        // how to spell the member in code (backticks kept)
        var keys: [String]        // key expressions, as written
        var options: [String]     // `.notMapped`, …
        var checks: [String]      // check expressions, as written in `@Check(…)`
    }

    private static func collectFields(
        of declaration: some DeclGroupSyntax, hasOwnInit: Bool, in context: some MacroExpansionContext
    ) -> [FieldEntry] {
        var fields: [FieldEntry] = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.isStatic, !variable.isLazy else { continue }
            let (keys, options) = markers(of: variable, in: context)
            var checks = CheckSyntax.expressions(of: variable)
            if !checks.isEmpty, options.contains(".notMapped") {
                for attribute in variable.attributes.plainAttributes where Marker(attribute: attribute) == .check {
                    context.diagnose(Diagnostic(node: attribute, message: ModelKitDiagnostic.checkOnIgnored,
                                                fixIts: [FixIt(message: ModelKitFixIt("remove '@Check'"), changes: [removal(of: attribute)])]))
                }
                checks = []
            }
            for (index, binding) in variable.bindings.enumerated() where binding.propertyKind == .stored {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                    if !variable.isLet || binding.initializer == nil {
                        context.diagnose(Diagnostic(node: binding.pattern, message: ModelKitDiagnostic.tuplePattern))
                    }
                    continue
                }
                let memberName = pattern.identifier.text
                let fieldName = memberName.hasPrefix("`") ? String(memberName.dropFirst().dropLast()) : memberName
                if variable.isLet {
                    if binding.initializer == nil {
                        let toVar = FixIt(message: ModelKitFixIt("replace 'let' with 'var'"), changes: [
                            .replace(oldNode: Syntax(variable.bindingSpecifier),
                                     newNode: Syntax(variable.bindingSpecifier.with(\.tokenKind, .keyword(.var)))),
                        ])
                        context.diagnose(Diagnostic(node: pattern, message: ModelKitDiagnostic.letWithoutValue(name: fieldName),
                                                    fixIts: [toVar]))
                    }
                    continue
                }
                if binding.initializer == nil, !hasOwnInit, !variable.hasForeignAttribute {
                    let type = variable.typeAnnotation(forBindingAt: index)
                    if type?.isOptional != true {
                        context.diagnose(Diagnostic(node: pattern, message: ModelKitDiagnostic.varWithoutValue(name: fieldName),
                                                    fixIts: valueFixIts(for: binding)))
                    }
                }
                fields.append(FieldEntry(name: fieldName, member: memberName, keys: keys, options: options, checks: checks))
            }
        }
        return fields
    }

    /// Fix-its for a `var` without a value: `= <default>` for common types, else make it Optional.
    private static func valueFixIts(for binding: PatternBindingSyntax) -> [FixIt] {
        guard let annotation = binding.typeAnnotation else { return [] }
        let type = annotation.type
        if let value = type.obviousDefaultValue {
            let end = type.endPositionBeforeTrailingTrivia
            return [FixIt(message: ModelKitFixIt("add '= \(value)'"),
                          changes: [.replaceText(range: end..<end, with: " = \(value)", in: Syntax(binding))])]
        }
        guard type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self)
            || type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self) else { return [] }
        let end = type.endPositionBeforeTrailingTrivia
        return [FixIt(message: ModelKitFixIt("make it Optional ('\(type.trimmedDescription)?')"),
                      changes: [.replaceText(range: end..<end, with: "?", in: Syntax(binding))])]
    }

    /// The keys and options the markers of `variable` give.
    private static func markers(
        of variable: VariableDeclSyntax, in context: some MacroExpansionContext
    ) -> (keys: [String], options: [String]) {
        var seen: Set<Marker> = []
        var keys: [String] = []
        for attribute in variable.attributes.plainAttributes {
            guard let marker = Marker(attribute: attribute), marker != .check else { continue }
            guard seen.insert(marker).inserted else {
                context.diagnose(Diagnostic(node: attribute, message: ModelKitDiagnostic.duplicateMarker(marker: marker.rawValue),
                                            fixIts: [FixIt(message: ModelKitFixIt("remove the duplicate '@\(marker.rawValue)'"),
                                                           changes: [removal(of: attribute)])]))
                continue
            }
            if marker == .key, case .argumentList(let arguments)? = attribute.arguments {
                keys = arguments.map { $0.expression.trimmedDescription }
            }
            if marker == .required, variable.attributes.plainAttributes.contains(where: { Marker(attribute: $0) == .ignore }) {
                context.diagnose(Diagnostic(node: attribute, message: ModelKitDiagnostic.requiredOnIgnored,
                                            fixIts: [FixIt(message: ModelKitFixIt("remove '@Required'"),
                                                           changes: [removal(of: attribute)])]))
            }
        }
        let options = Marker.allCases.filter { seen.contains($0) }.compactMap(\.option)
        return (keys, options)
    }

    private static func fieldExpression(_ field: FieldEntry) -> String {
        // Reads through a key path (never copies the model), writes through a closure (the fastest store;
        // it also runs willSet/didSet observers).
        var text = "ModelKitCore.Field(\(stringLiteral(field.name)), \\.\(field.member), set: { $0.\(field.member) = $1 }"
        switch field.keys.count {
        case 0: break
        case 1: text += ", key: \(field.keys[0])"
        default: text += ", keys: [\(field.keys.joined(separator: ", "))]"
        }
        switch field.options.count {
        case 0: break
        case 1: text += ", options: \(field.options[0])"
        default: text += ", options: [\(field.options.joined(separator: ", "))]"
        }
        if !field.checks.isEmpty { text += ", checks: [\(field.checks.joined(separator: ", "))]" }
        return text + ")"
    }

    private static func stringLiteral(_ text: String) -> String {
        // Field names are Swift identifiers: no quote or backslash to escape.
        "\"" + text + "\""
    }

    // MARK: Emission

    private static func schemaMembers(for type: ModelType, fields: [FieldEntry]) -> [DeclSyntax] {
        var arguments = "\(type.reference).self"
        if let superclass = type.modelSuperclass { arguments += ", inheriting: \(superclass).schema" }
        if let keys = type.keyNaming { arguments += ", keys: \(keys)" }
        let body = fields.map { "    " + fieldExpression($0) }.joined(separator: "\n")
        let build = fields.isEmpty ? "ModelKitCore.Schema(\(arguments)) {\n}" : "ModelKitCore.Schema(\(arguments)) {\n\(body)\n}"
        let access = type.schemaAccess
        let override = type.modelSuperclass != nil ? "override " : ""

        if type.isGeneric {
            let keyword = type.isClass && !type.isFinal ? "class" : (type.modelSuperclass != nil ? "class" : "static")
            let cached = "ModelKitCore.Schema.cached(for: \(type.reference).self) {\n\(indent(build))\n}"
            return ["\(raw: override)\(raw: access)\(raw: keyword) var schema: ModelKitCore.Schema {\n\(raw: indent(cached))\n}"]
        }
        if type.isClass && (!type.isFinal || type.modelSuperclass != nil) {
            return [
                "\(raw: override)\(raw: access)class var schema: ModelKitCore.Schema {\n    \(raw: type.reference)._modelSchemaStorage\n}",
                "private static let _modelSchemaStorage: ModelKitCore.Schema = \(raw: build)",
            ]
        }
        return ["\(raw: access)static let schema: ModelKitCore.Schema = \(raw: build)"]
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    }

    private static func initMember(
        for type: ModelType, declaration: some DeclGroupSyntax, in context: some MacroExpansionContext
    ) -> DeclSyntax? {
        let access = type.initAccess
        if let own = declaration.parameterlessInits.first {
            // A non-final base class's init() must be `required`; say so with a fix-it.
            if type.isClass, !type.isFinal, type.modelSuperclass == nil, !own.modifiers.contains(.required) {
                let start = own.modifiers.first?.positionAfterSkippingLeadingTrivia ?? own.initKeyword.positionAfterSkippingLeadingTrivia
                context.diagnose(Diagnostic(
                    node: own.initKeyword, message: ModelKitDiagnostic.nonRequiredInit(type: type.name),
                    fixIts: [FixIt(message: ModelKitFixIt("add 'required'"),
                                   changes: [.replaceText(range: start..<start, with: "required ", in: Syntax(own))])]))
            }
            return nil
        }
        if type.modelSuperclass != nil {
            return "\(raw: access)required init() {\n    super.init()\n}"
        }
        let overriding = type.hasKnownSuperclass
        if type.isClass && !type.isFinal {
            return overriding
                ? "\(raw: access)required override init() {\n    super.init()\n}"
                : "\(raw: access)required init() {\n}"
        }
        // Structs and final classes get an implicit (or inherited) init() when every stored
        // property has a value; spell one out only when that one would be missing or not public.
        guard !access.isEmpty || declaration.declaresInitializers else { return nil }
        return overriding ? "\(raw: access)override init() {\n    super.init()\n}" : "\(raw: access)init() {\n}"
    }
}

/// What `@Model` needs to know about the type it is attached to.
struct ModelType {
    var name: String
    /// How to name the type inside its own body: `Book`, or `Page<Item>` for a generic type.
    var reference: String
    var isClass: Bool
    var isFinal: Bool
    /// Generic itself or nested in a generic type: its schema is cached per concrete type.
    var isGeneric: Bool
    /// The model superclass (when the class already conforms to `Model` through it).
    var modelSuperclass: String?
    /// The first inherited type is a class known not to be a model (`NSObject`), whose `init()` must be overridden.
    var hasKnownSuperclass: Bool
    /// The `keys:` argument of `@Model(keys:)`, unless it is the default.
    var keyNaming: String?
    /// `open `/`public `/`package ` or empty.
    var schemaAccess: String
    var initAccess: String

    static let modelProtocols: Set<String> = ["Model", "PolymorphicModel", "PreprocessingModel", "ValidatingModel", "PostprocessingModel"]
    static let knownClasses: Set<String> = ["NSObject"]

    init?(_ declaration: some DeclGroupSyntax, attribute: AttributeSyntax, protocols: [TypeSyntax],
          context: some MacroExpansionContext) {
        let genericClause: GenericParameterClauseSyntax?
        if let decl = declaration.as(StructDeclSyntax.self) {
            name = decl.name.text
            genericClause = decl.genericParameterClause
            isClass = false
        } else if let decl = declaration.as(ClassDeclSyntax.self) {
            name = decl.name.text
            genericClause = decl.genericParameterClause
            isClass = true
        } else {
            return nil
        }
        let modifiers = declaration.modifiers
        isFinal = !isClass || modifiers.contains(.final)
        if let clause = genericClause {
            let parameters = clause.parameters.map { parameter in
                parameter.specifier?.tokenKind == .keyword(.each) ? "repeat each \(parameter.name.text)" : parameter.name.text
            }
            reference = "\(name)<\(parameters.joined(separator: ", "))>"
        } else {
            reference = name
        }
        let enclosingGeneric = context.lexicalContext.contains { syntax in
            if let decl = syntax.as(StructDeclSyntax.self) { return decl.genericParameterClause != nil }
            if let decl = syntax.as(ClassDeclSyntax.self) { return decl.genericParameterClause != nil }
            if let decl = syntax.as(EnumDeclSyntax.self) { return decl.genericParameterClause != nil }
            if let decl = syntax.as(ActorDeclSyntax.self) { return decl.genericParameterClause != nil }
            return false
        }
        isGeneric = genericClause != nil || enclosingGeneric

        let firstInherited = declaration.inheritanceClause?.inheritedTypes.first?.type
        let firstName = firstInherited.flatMap { type -> String? in
            if let id = type.as(IdentifierTypeSyntax.self) { return id.name.text }
            if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
            return nil
        }
        // A class that already conforms to Model (the compiler lists no missing conformance) and
        // whose first inherited type is not one of the model protocols inherits Model from it.
        if isClass, !ModelMacro.protocolNames(protocols).contains("Model"), let firstInherited, let firstName, !Self.modelProtocols.contains(firstName) {
            modelSuperclass = firstInherited.trimmedDescription
        } else {
            modelSuperclass = nil
        }
        hasKnownSuperclass = isClass && modelSuperclass == nil && firstName.map(Self.knownClasses.contains) == true

        keyNaming = nil
        if case .argumentList(let arguments)? = attribute.arguments,
           let keys = arguments.first(where: { $0.label?.text == "keys" }) {
            let text = keys.expression.trimmedDescription
            if text != ".fieldNames" && text != "KeyNamingStrategy.fieldNames" { keyNaming = text }
        }

        if modifiers.contains(.open) {
            schemaAccess = "open "
            initAccess = "public "
        } else if modifiers.contains(.public) {
            schemaAccess = "public "
            initAccess = "public "
        } else if modifiers.contains(.package) {
            schemaAccess = "package "
            initAccess = "package "
        } else {
            schemaAccess = ""
            initAccess = ""
        }
    }
}
