import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct ModelKitMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = []
}
