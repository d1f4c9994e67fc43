import SwiftSyntax

/// The marker attributes `@Model` reads from stored properties.
enum Marker: String, CaseIterable {
    case key = "Key"
    case ignore = "Ignore"
    case notArchived = "NotArchived"
    case notDescribed = "NotDescribed"
    case required = "Required"
    case check = "Check"

    /// The `FieldOptions` member this marker sets (`nil` for `@Key`).
    var option: String? {
        switch self {
        case .key, .check: return nil
        case .ignore: return ".notMapped"
        case .notArchived: return ".notArchived"
        case .notDescribed: return ".notDescribed"
        case .required: return ".required"
        }
    }

    /// The marker an attribute spells, accepting a module-qualified name (`@ModelKit.Key`).
    init?(attribute: AttributeSyntax) {
        guard let name = attribute.simpleName else { return nil }
        self.init(rawValue: name)
    }
}

extension AttributeSyntax {
    /// The last component of the attribute's name: `Key` for both `@Key` and `@ModelKit.Key`.
    var simpleName: String? {
        if let id = attributeName.as(IdentifierTypeSyntax.self) { return id.name.text }
        if let member = attributeName.as(MemberTypeSyntax.self) { return member.name.text }
        return nil
    }

    /// The module qualifier of the attribute's name, if any (`ModelKit` in `@ModelKit.Model`).
    var moduleQualifier: String? {
        attributeName.as(MemberTypeSyntax.self)?.baseType.as(IdentifierTypeSyntax.self)?.name.text
    }
}

extension AttributeListSyntax {
    /// The plain attributes (not `#if` clauses).
    var plainAttributes: [AttributeSyntax] {
        compactMap { $0.as(AttributeSyntax.self) }
    }

    /// Whether one of the attributes is a `@Model` macro.
    var hasModelAttribute: Bool {
        plainAttributes.contains { attribute in
            attribute.simpleName == "Model" && (attribute.moduleQualifier == nil || attribute.moduleQualifier == "ModelKit")
        }
    }
}

extension DeclModifierListSyntax {
    func contains(_ keyword: Keyword) -> Bool {
        contains { $0.name.tokenKind == .keyword(keyword) }
    }
}

/// What kind of property a `var`/`let` binding declares, as far as syntax tells.
enum PropertyKind {
    /// A stored property (possibly with `willSet`/`didSet` observers).
    case stored
    /// A property with a getter (`var x: Int { … }`, `get`/`set`, `_read`, init accessors…).
    case computed
}

extension PatternBindingSyntax {
    /// Stored (observers allowed) or computed.
    var propertyKind: PropertyKind {
        guard let accessorBlock else { return .stored }
        switch accessorBlock.accessors {
        case .getter:
            return .computed
        case .accessors(let accessors):
            let observersOnly = accessors.allSatisfy { accessor in
                switch accessor.accessorSpecifier.tokenKind {
                case .keyword(.willSet), .keyword(.didSet): return true
                default: return false
                }
            }
            return observersOnly ? .stored : .computed
        }
    }
}

extension VariableDeclSyntax {
    var isStatic: Bool { modifiers.contains(.static) || modifiers.contains(.class) }
    var isLazy: Bool { modifiers.contains(.lazy) }
    var isLet: Bool { bindingSpecifier.tokenKind == .keyword(.let) }

    /// The type annotation that applies to binding `index`: its own, or that of the next binding
    /// that has one (`var a, b: Int?` gives both `Int?`).
    func typeAnnotation(forBindingAt index: Int) -> TypeSyntax? {
        let all = Array(bindings)
        guard index < all.count else { return nil }
        if all[index].initializer != nil { return all[index].typeAnnotation?.type }
        for binding in all[index...] {
            if let type = binding.typeAnnotation?.type { return type }
            if binding.initializer != nil { return nil }
        }
        return nil
    }

    /// Whether the declaration carries an attribute that is not a ModelKit marker (it may be a
    /// property wrapper, which can supply the initial value itself).
    var hasForeignAttribute: Bool {
        attributes.contains { element in
            guard let attribute = element.as(AttributeSyntax.self) else { return true }
            return Marker(attribute: attribute) == nil
        }
    }
}

extension TypeSyntax {
    /// `T?`, `T!`, `Optional<T>` or `Swift.Optional<T>`.
    var isOptional: Bool {
        if self.is(OptionalTypeSyntax.self) || self.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        if let id = self.as(IdentifierTypeSyntax.self) { return id.name.text == "Optional" && id.genericArgumentClause != nil }
        if let member = self.as(MemberTypeSyntax.self) {
            return member.name.text == "Optional" && member.genericArgumentClause != nil
                && member.baseType.as(IdentifierTypeSyntax.self)?.name.text == "Swift"
        }
        if let attributed = self.as(AttributedTypeSyntax.self) { return attributed.baseType.isOptional }
        return false
    }

    /// A default value for common types (`0`, `""`, `false`, `[]`, `[:]`), or nil when there is no obvious one.
    var obviousDefaultValue: String? {
        if self.is(ArrayTypeSyntax.self) { return "[]" }
        if self.is(DictionaryTypeSyntax.self) { return "[:]" }
        guard let id = self.as(IdentifierTypeSyntax.self) else { return nil }
        switch id.name.text {
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
             "Double", "Float", "Decimal":
            return id.genericArgumentClause == nil ? "0" : nil
        case "String": return id.genericArgumentClause == nil ? "\"\"" : nil
        case "Bool": return id.genericArgumentClause == nil ? "false" : nil
        case "Array", "Set": return id.genericArgumentClause == nil ? nil : "[]"
        case "Dictionary": return id.genericArgumentClause == nil ? nil : "[:]"
        default: return nil
        }
    }
}

extension DeclGroupSyntax {
    /// The declared initializers with no parameters (`init()`), if any.
    var parameterlessInits: [InitializerDeclSyntax] {
        memberBlock.members.compactMap { member in
            guard let initializer = member.decl.as(InitializerDeclSyntax.self),
                  initializer.signature.parameterClause.parameters.isEmpty else { return nil }
            return initializer
        }
    }

    /// Whether the body declares any initializer.
    var declaresInitializers: Bool {
        memberBlock.members.contains { $0.decl.is(InitializerDeclSyntax.self) }
    }

    /// Whether the type codes itself: `Codable`, `Decodable` or `Encodable` in its inheritance
    /// clause, or an `init(from:)` / `encode(to:)` member.
    var declaresOwnCoding: Bool {
        let inherited = inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        if inherited.contains(where: { name in
            ["Codable", "Decodable", "Encodable"].contains(name.split(separator: ".").last.map(String.init) ?? name)
        }) { return true }
        return memberBlock.members.contains { member in
            if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                return initializer.signature.parameterClause.parameters.first?.firstName.text == "from"
                    && initializer.signature.parameterClause.parameters.count == 1
            }
            if let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "encode" {
                return function.signature.parameterClause.parameters.first?.firstName.text == "to"
                    && function.signature.parameterClause.parameters.count == 1
            }
            return false
        }
    }
}
