import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The shared behaviour of the property markers: they expand to nothing (`@Model` reads them)
/// and only check that they are used where `@Model` will see them.
protocol MarkerMacro: PeerMacro {
    static var marker: Marker { get }
}

extension MarkerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        diagnoseUse(of: node, on: declaration, in: context)
        if marker == .key { diagnoseKeyArguments(of: node, in: context) }
        if marker == .check, case .argumentList(let arguments)? = node.arguments, !arguments.isEmpty {
            if let variable = declaration.as(VariableDeclSyntax.self) { CheckSyntax.diagnose(arguments, on: variable, in: context) }
        } else if marker == .check {
            context.diagnose(Diagnostic(node: node, message: ModelKitDiagnostic.checkWithoutChecks))
        }
        return []
    }

    private static func diagnoseUse(
        of node: AttributeSyntax,
        on declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) {
        let name = marker.rawValue
        let removeFixIt = FixIt(message: ModelKitFixIt("remove '@\(name)'"), changes: [removal(of: node)])
        if marker == .key, declaration.is(EnumCaseDeclSyntax.self) {
            // The tag of a case of a @Model enum (the enum's expansion checks the rest).
            let enclosing = context.lexicalContext.lazy.compactMap { $0.asProtocol(DeclGroupSyntax.self) }.first
            if enclosing.map({ !$0.attributes.hasModelAttribute }) ?? true {
                context.diagnose(Diagnostic(node: node, message: ModelKitDiagnostic.markerOutsideModel(marker: name)))
            }
            return
        }
        guard let variable = declaration.as(VariableDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: ModelKitDiagnostic.markerOnNonProperty(marker: name),
                                        fixIts: [removeFixIt]))
            return
        }
        if variable.isStatic {
            context.diagnose(Diagnostic(node: node, message: ModelKitDiagnostic.markerOnStatic(marker: name),
                                        fixIts: [removeFixIt]))
            return
        }
        if variable.isLazy {
            context.diagnose(Diagnostic(node: node, message: ModelKitDiagnostic.markerOnLazy(marker: name),
                                        fixIts: [removeFixIt]))
            return
        }
        if variable.bindings.contains(where: { $0.propertyKind == .computed }) {
            context.diagnose(Diagnostic(node: node, message: ModelKitDiagnostic.markerOnComputed(marker: name),
                                        fixIts: [removeFixIt]))
            return
        }
        if variable.isLet && variable.bindings.allSatisfy({ $0.initializer != nil }) {
            let toVar = FixIt(message: ModelKitFixIt("replace 'let' with 'var'"), changes: [
                .replace(oldNode: Syntax(variable.bindingSpecifier),
                         newNode: Syntax(variable.bindingSpecifier.with(\.tokenKind, .keyword(.var)))),
            ])
            context.diagnose(Diagnostic(node: node, message: ModelKitDiagnostic.markerOnLetWithValue(marker: name),
                                        fixIts: [toVar, removeFixIt]))
            return
        }
        // The innermost type around the property must be a @Model type.
        let enclosing = context.lexicalContext.lazy.compactMap { $0.asProtocol(DeclGroupSyntax.self) }.first
        if enclosing.map({ !$0.attributes.hasModelAttribute }) ?? true {
            context.diagnose(Diagnostic(node: node, message: ModelKitDiagnostic.markerOutsideModel(marker: name)))
        }
    }

    private static func diagnoseKeyArguments(of node: AttributeSyntax, in context: some MacroExpansionContext) {
        guard case .argumentList(let arguments)? = node.arguments, !arguments.isEmpty else {
            context.diagnose(Diagnostic(node: node, message: ModelKitDiagnostic.keyWithoutKeys))
            return
        }
        for argument in arguments {
            guard let literal = argument.expression.as(StringLiteralExprSyntax.self),
                  literal.segments.allSatisfy({ $0.as(StringSegmentSyntax.self)?.content.text.isEmpty ?? false })
            else { continue }
            var fixIts: [FixIt] = []
            if arguments.count > 1 {
                fixIts.append(FixIt(message: ModelKitFixIt("remove the empty key"), changes: [removal(of: argument)]))
            }
            context.diagnose(Diagnostic(node: argument, message: ModelKitDiagnostic.emptyKey, fixIts: fixIts))
        }
    }
}

/// Removes `node` and its trailing trivia, keeping the leading trivia (indentation) in place.
func removal(of node: some SyntaxProtocol) -> FixIt.Change {
    // The last argument of a list takes the comma before it along, so the list stays well formed.
    if let argument = node.as(LabeledExprSyntax.self), argument.trailingComma == nil,
       let list = argument.parent?.as(LabeledExprListSyntax.self), list.count > 1,
       let index = list.index(of: argument), index != list.startIndex {
        let previous = list[list.index(before: index)]
        let start = previous.trailingComma?.positionAfterSkippingLeadingTrivia ?? previous.endPosition
        return .replaceText(range: start..<argument.endPositionBeforeTrailingTrivia, with: "", in: Syntax(node))
    }
    return .replaceText(range: node.positionAfterSkippingLeadingTrivia..<node.endPosition, with: "", in: Syntax(node))
}

/// `@Key("a", "b")`: the JSON key(s) of a property; the first key present in the input wins.
public struct KeyMacro: MarkerMacro { static let marker = Marker.key }
/// `@Ignore`: the property is never read from or written to JSON (`.notMapped`).
public struct IgnoreMacro: MarkerMacro { static let marker = Marker.ignore }
/// `@NotArchived`: the property is left out of archives.
public struct NotArchivedMacro: MarkerMacro { static let marker = Marker.notArchived }
/// `@NotDescribed`: the property is hidden from `modelDescription`.
public struct NotDescribedMacro: MarkerMacro { static let marker = Marker.notDescribed }
/// `@Required`: decoding fails when none of the property's keys is present.
public struct RequiredMacro: MarkerMacro { static let marker = Marker.required }

/// `@Check(.range(1...10), …)`: rules the property's decoded value must satisfy.
public struct CheckMacro: MarkerMacro { static let marker = Marker.check }

/// `@Default`: the case (without payload) of a `@Model` enum that an unknown tag decodes as.
/// `@Model` reads it; here it only checks where it is used.
public struct DefaultMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let enclosing = context.lexicalContext.lazy.compactMap { $0.asProtocol(DeclGroupSyntax.self) }.first
        if !declaration.is(EnumCaseDeclSyntax.self) || !(enclosing.map { $0.attributes.hasModelAttribute } ?? false) {
            context.diagnose(Diagnostic(node: node, message: ModelKitDiagnostic.defaultOutsideTaggedEnum))
        }
        return []
    }
}
