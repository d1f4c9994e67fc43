import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// What `@Model` reads from `@Check(…)` attributes, and the type errors it can see in them.
enum CheckSyntax {
    /// The check expressions of every `@Check` on `variable`, in order, as written.
    static func expressions(of variable: VariableDeclSyntax) -> [String] {
        variable.attributes.plainAttributes.filter { Marker(attribute: $0) == .check }.flatMap { attribute -> [String] in
            guard case .argumentList(let arguments)? = attribute.arguments else { return [] }
            return arguments.map { $0.expression.trimmedDescription }
        }
    }

    /// A check the property's type cannot take, when syntax tells the type (an annotation, or a
    /// literal initial value): a diagnostic naming both. Other mismatches are the compiler's
    /// errors in the generated `Field(…, checks: […])`, which name both as well.
    static func diagnose(_ arguments: LabeledExprListSyntax, on variable: VariableDeclSyntax,
                         in context: some MacroExpansionContext) {
        guard let binding = variable.bindings.first, let kind = ValueKind(of: binding, in: variable) else { return }
        let property = binding.pattern.trimmedDescription
        for argument in arguments {
            guard let name = checkName(argument.expression), let needed = ValueKind.needed(by: name), needed != kind.kind else { continue }
            context.diagnose(Diagnostic(node: argument, message: ModelKitDiagnostic.checkCannotApply(
                check: name, property: property, type: kind.spelling, applies: needed.description)))
        }
    }

    /// `range` in `.range(1...10)`.
    private static func checkName(_ expression: ExprSyntax) -> String? {
        guard let call = expression.as(FunctionCallExprSyntax.self),
              let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        return member.declName.baseName.text
    }
}

/// The kind of value a property holds, as far as its syntax says.
struct ValueKind {
    enum Kind: Equatable, CustomStringConvertible {
        case number, text, collection, other
        var description: String {
            switch self {
            case .number: return "a number"
            case .text: return "a String"
            case .collection: return "an array, a set or a dictionary"
            case .other: return "a value"
            }
        }
    }

    let kind: Kind
    let spelling: String

    /// What a built-in check applies to; nil for those that apply to anything (`oneOf`, `custom`).
    static func needed(by check: String) -> Kind? {
        switch check {
        case "range", "greaterThan", "lessThan": return .number
        case "length", "pattern": return .text
        case "count": return .collection
        default: return nil
        }
    }

    init?(of binding: PatternBindingSyntax, in variable: VariableDeclSyntax) {
        if let type = variable.typeAnnotation(forBindingAt: 0) {
            spelling = type.trimmedDescription
            guard let kind = Self.kind(of: type) else { return nil }
            self.kind = kind
            return
        }
        guard let value = binding.initializer?.value else { return nil }
        switch value.kind {
        case .integerLiteralExpr: (kind, spelling) = (.number, "Int")
        case .floatLiteralExpr: (kind, spelling) = (.number, "Double")
        case .stringLiteralExpr: (kind, spelling) = (.text, "String")
        case .booleanLiteralExpr: (kind, spelling) = (.other, "Bool")
        case .arrayExpr: (kind, spelling) = (.collection, "Array")
        case .dictionaryExpr: (kind, spelling) = (.collection, "Dictionary")
        default: return nil
        }
    }

    /// The kind a spelled type has; nil for a name syntax cannot see through (a type alias, a type of your own).
    private static func kind(of type: TypeSyntax) -> Kind? {
        if let optional = type.as(OptionalTypeSyntax.self) { return kind(of: optional.wrappedType) }
        if type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self) { return .collection }
        guard let id = type.as(IdentifierTypeSyntax.self) else { return nil }
        switch id.name.text {
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
             "Double", "Float", "Decimal": return .number
        case "String": return .text
        case "Array", "Set", "Dictionary": return .collection
        case "Bool", "Date", "URL", "UUID", "Data": return .other
        default: return nil
        }
    }
}
