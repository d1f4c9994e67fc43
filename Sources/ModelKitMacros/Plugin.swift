import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct ModelKitMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [
        ModelMacro.self,
        KeyMacro.self,
        IgnoreMacro.self,
        NotArchivedMacro.self,
        NotDescribedMacro.self,
        RequiredMacro.self,
        CheckMacro.self,
        DefaultMacro.self,
    ]
}
