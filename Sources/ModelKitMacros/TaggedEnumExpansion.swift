import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Model` on an enum: a tagged union whose cases each carry one model or nothing. Writes
/// `static let taggedUnion` (a `TaggedUnion` with one `TaggedCase` per case); the extension role
/// adds `TaggedModel` (`tag:` enums) or, for a plain (externally tagged) enum, members forwarding
/// to the union (see `witnessMembers`), and `SchemaCodable`.
enum TaggedEnumExpansion {
    /// One case as the union lists it.
    struct CaseEntry {
        var name: String        // the case name (no backticks)
        var member: String      // how to spell the case in code (backticks kept)
        var tag: String         // the tag literal's content
        var payload: String?    // the payload type, as written
        var isDefault: Bool
    }

    /// The extension role: `TaggedModel` (for `tag:` enums) and, unless the enum codes itself,
    /// `SchemaCodable`. A plain enum (externally tagged) that does not declare `TaggedModel` gets
    /// its `ModelValue` requirements as members instead (`witnessMembers`): listing `TaggedModel`
    /// in `Model(keys:)` crashes Swift 6.3 (see there). The compiler expands the member role of an
    /// enum only on demand, so the cases are checked here.
    static func extensions(of declaration: EnumDeclSyntax, attribute: AttributeSyntax, type: some TypeSyntaxProtocol,
                           protocols: [TypeSyntax], in context: some MacroExpansionContext) throws -> [ExtensionDeclSyntax] {
        let tagged = isTagged(attribute)
        let plain = !tagged && !declaresTaggedModel(declaration)
        if plain, declaration.declaresOwnCoding {
            // Its witnesses would come with `SchemaCodable`, which its own coding rules out.
            context.diagnose(Diagnostic(node: attribute, message: ModelKitDiagnostic.externalEnumNeedsConformance(name: declaration.name.text),
                                        fixIts: [addTaggedModel(to: declaration)]))
            return []
        }
        guard collectCases(of: declaration, report: { context.diagnose($0) }) != nil else { return [] }
        // TaggedModel first, as `Model(tag:)` lists it.
        let names = ModelMacro.protocolNames(protocols)
        var wanted: [String] = []
        if tagged, names.contains("TaggedModel") { wanted.append("TaggedModel") }
        if names.contains("SchemaCodable"), !declaration.declaresOwnCoding { wanted.append("SchemaCodable") }
        guard !wanted.isEmpty || plain else { return [] }
        let conformances = wanted.isEmpty ? "" : ": " + wanted.joined(separator: ", ")
        let body = plain ? "\n" + witnessMembers(of: declaration) + "\n" : ""
        return [try ExtensionDeclSyntax("extension \(raw: type.trimmedDescription)\(raw: conformances) {\(raw: body)}")]
    }

    /// Whether the enum gets a `taggedUnion` (the extension role diagnoses the ones that do not).
    static func hasUnion(_ declaration: EnumDeclSyntax, attribute: AttributeSyntax) -> Bool {
        isTagged(attribute) || declaresTaggedModel(declaration) || !declaration.declaresOwnCoding
    }

    /// The `taggedUnion` member, or nothing when the enum cannot be a tagged union (diagnosed).
    static func members(of declaration: EnumDeclSyntax, attribute: AttributeSyntax) -> [DeclSyntax] {
        guard let cases = collectCases(of: declaration, report: { _ in }) else { return [] }
        let name = declaration.name.text
        var style = ""
        if case .argumentList(let arguments)? = attribute.arguments {
            for argument in arguments {
                switch argument.label?.text {
                case "tag": style += ", tag: \(argument.expression.trimmedDescription)"
                case "content": style += ", content: \(argument.expression.trimmedDescription)"
                default: break
                }
            }
        }
        let body = cases.map { "    " + caseExpression($0) }.joined(separator: "\n")
        let build = "ModelKitCore.TaggedUnion(\(name).self\(style)) {\n\(body)\n}"
        let access = accessModifier(of: declaration)
        if declaration.genericParameterClause != nil {
            // A generic type has no static stored properties: built per use.
            return ["\(raw: access)static var taggedUnion: ModelKitCore.TaggedUnion<Self> {\n\(raw: indent(build))\n}"]
        }
        return ["\(raw: access)static let taggedUnion: ModelKitCore.TaggedUnion<\(raw: name)> = \(raw: build)"]
    }

    private static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }

    private static func caseExpression(_ entry: CaseEntry) -> String {
        let tag = "\"" + entry.tag + "\""
        guard let payload = entry.payload else {
            let matches = "{ if case .\(entry.member) = $0 { true } else { false } }"
            return "ModelKitCore.TaggedCase(\(tag), value: { .\(entry.member) }, matches: \(matches)\(entry.isDefault ? ", isDefault: true" : ""))"
        }
        let extract = "{ if case .\(entry.member)(let payload) = $0 { payload } else { nil } }"
        return "ModelKitCore.TaggedCase(\(tag), \(payload).self, embed: { .\(entry.member)($0) }, extract: \(extract))"
    }

    /// The cases, or nil after diagnosing what makes the enum no tagged union.
    static func collectCases(of declaration: EnumDeclSyntax, report: (Diagnostic) -> Void) -> [CaseEntry]? {
        var entries: [CaseEntry] = []
        var valid = true
        for member in declaration.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            let attributes = caseDecl.attributes.plainAttributes
            let keyAttribute = attributes.first { $0.simpleName == "Key" }
            let defaultAttribute = attributes.first { $0.simpleName == "Default" }
            if caseDecl.elements.count > 1, keyAttribute != nil || defaultAttribute != nil {
                report(Diagnostic(node: caseDecl, message: ModelKitDiagnostic.markedCaseList))
                valid = false
                continue
            }
            for element in caseDecl.elements {
                let name = element.name.text.filter { $0 != "`" }
                var entry = CaseEntry(name: name, member: element.name.text, tag: key(of: keyAttribute) ?? name,
                                      payload: nil, isDefault: defaultAttribute != nil)
                if let parameters = element.parameterClause?.parameters {
                    guard parameters.count == 1, let parameter = parameters.first else {
                        report(Diagnostic(node: element, message: ModelKitDiagnostic.caseWithSeveralPayloads(
                            name: name, count: parameters.count)))
                        valid = false
                        continue
                    }
                    if let reason = notAModel(parameter.type) {
                        report(Diagnostic(node: parameter.type, message: ModelKitDiagnostic.payloadNotAModel(
                            name: name, type: parameter.type.trimmedDescription, reason: reason)))
                        valid = false
                        continue
                    }
                    entry.payload = parameter.type.trimmedDescription
                }
                if element.rawValue != nil {
                    report(Diagnostic(node: element, message: ModelKitDiagnostic.taggedCaseWithRawValue(name: name)))
                    valid = false
                }
                if entry.isDefault, entry.payload != nil, let defaultAttribute {
                    report(Diagnostic(node: defaultAttribute, message: ModelKitDiagnostic.defaultWithPayload(name: name)))
                    valid = false
                }
                if let previous = entries.first(where: { $0.tag == entry.tag }) {
                    report(Diagnostic(node: element, message: ModelKitDiagnostic.duplicateTag(
                        tag: entry.tag, first: previous.name, second: name)))
                    valid = false
                }
                entries.append(entry)
            }
        }
        let defaults = entries.filter(\.isDefault)
        if defaults.count > 1 {
            report(Diagnostic(node: declaration.name, message: ModelKitDiagnostic.severalDefaults(
                names: defaults.map(\.name))))
            valid = false
        }
        if valid, !entries.contains(where: { $0.payload != nil }) {
            report(Diagnostic(node: declaration.name, message: ModelKitDiagnostic.enumWithoutPayloads))
            valid = false
        }
        return valid ? entries : nil
    }

    /// The first string of `@Key("…")`, if any.
    private static func key(of attribute: AttributeSyntax?) -> String? {
        guard let attribute, case .argumentList(let arguments)? = attribute.arguments,
              let literal = arguments.first?.expression.as(StringLiteralExprSyntax.self) else { return nil }
        return literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined()
    }

    /// Why a payload type is certainly not a model (standard types, containers, tuples,
    /// functions); nil when only the compiler can tell.
    private static func notAModel(_ type: TypeSyntax) -> String? {
        if type.is(ArrayTypeSyntax.self) { return "an array" }
        if type.is(DictionaryTypeSyntax.self) { return "a dictionary" }
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return "an optional" }
        if type.is(TupleTypeSyntax.self) { return "a tuple" }
        if type.is(FunctionTypeSyntax.self) { return "a function" }
        let standard: Set<String> = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
                                     "Float", "Double", "Decimal", "Bool", "String", "Date", "URL", "UUID", "Data", "JSONValue"]
        if let name = type.as(IdentifierTypeSyntax.self)?.name.text, standard.contains(name) { return "a \(name) value" }
        return nil
    }

    /// Whether `@Model` has a `tag:` argument (internally or adjacently tagged).
    static func isTagged(_ attribute: AttributeSyntax) -> Bool {
        guard case .argumentList(let arguments)? = attribute.arguments else { return false }
        return arguments.contains { $0.label?.text == "tag" }
    }

    /// Whether the enum names `TaggedModel` (or `TaggedCodable`) among its inherited types: a
    /// plain `@Model` enum that does gets its requirements from `TaggedModel`'s defaults, and
    /// one that codes itself must (`Model(keys:)` cannot list `TaggedModel`, see there).
    static func declaresTaggedModel(_ declaration: EnumDeclSyntax) -> Bool {
        let inherited = declaration.inheritanceClause?.inheritedTypes ?? []
        return inherited.contains { type in
            let name = type.type.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
            return name == "TaggedModel" || name == "TaggedCodable"
        }
    }

    /// The fix-it that declares `TaggedModel` on a plain `@Model` enum that codes itself.
    static func addTaggedModel(to declaration: EnumDeclSyntax) -> FixIt {
        let change: FixIt.Change
        if let last = declaration.inheritanceClause?.inheritedTypes.last {
            let end = last.type.endPositionBeforeTrailingTrivia
            change = .replaceText(range: end..<end, with: ", TaggedModel", in: Syntax(declaration))
        } else {
            let end = (declaration.genericParameterClause.map { Syntax($0) } ?? Syntax(declaration.name)).endPositionBeforeTrailingTrivia
            change = .replaceText(range: end..<end, with: ": TaggedModel", in: Syntax(declaration))
        }
        return FixIt(message: ModelKitFixIt("add ': TaggedModel'"), changes: [change])
    }
}
