import ModelKitMacros
import SwiftSyntaxMacrosTestSupport
import XCTest

/// `@Check`: `@Model` writes its arguments into the property's `Field(…, checks: […])`; a check
/// the property's spelled type cannot take is a diagnostic naming both.
final class CheckMacroExpansionTests: XCTestCase {
    func testChecksGoIntoTheFieldInOrder() {
        assertMacroExpansion(
            """
            @Model
            struct User {
                @Key("a") @Check(.range(13...150)) var age = 0
                @Check(.length(3...32)) @Check(.pattern("^[a-z]+$"), .custom("x") { (s: String) in true }) var name = ""
            }
            """,
            expandedSource: """
            struct User {
                var age = 0
                var name = ""

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(User.self) {
                    ModelKitCore.Field("age", \\.age, set: {
                            $0.age = $1
                        }, key: "a", checks: [.range(13 ... 150)])
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        }, checks: [.length(3 ... 32), .pattern("^[a-z]+$"), .custom("x") { (s: String) in
                                true
                            }])
                }
            }

            extension User: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testACheckOnAnIgnoredPropertyIsAnErrorAndLeftOut() {
        assertMacroExpansion(
            """
            @Model
            struct User {
                @Ignore @Check(.range(1...2)) var age = 0
            }
            """,
            expandedSource: """
            struct User {
                var age = 0

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(User.self) {
                    ModelKitCore.Field("age", \\.age, set: {
                            $0.age = $1
                        }, options: .notMapped)
                }
            }

            extension User: Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "@Check has no effect on an @Ignore property: it is never decoded", line: 3, column: 13,
                               fixIts: [FixItSpec(message: "remove '@Check'")]),
            ],
            macroSpecs: specs())
    }

    func testACheckTheSpelledTypeCannotTakeNamesBoth() {
        assertMacroExpansion(
            """
            @Model
            struct User {
                @Check(.pattern("^a$")) var age = 0
                @Check(.range(1...2), .oneOf(["a"])) var name: String?
                @Check var tags: [String] = []
            }
            """,
            expandedSource: """
            struct User {
                var age = 0
                var name: String?
                var tags: [String] = []

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(User.self) {
                    ModelKitCore.Field("age", \\.age, set: {
                            $0.age = $1
                        }, checks: [.pattern("^a$")])
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        }, checks: [.range(1 ... 2), .oneOf(["a"])])
                    ModelKitCore.Field("tags", \\.tags, set: {
                            $0.tags = $1
                        })
                }
            }

            extension User: Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "check '.pattern' cannot apply to 'age' of type 'Int': it checks a String", line: 3, column: 12),
                DiagnosticSpec(message: "check '.range' cannot apply to 'name' of type 'String?': it checks a number", line: 4, column: 12),
                DiagnosticSpec(message: "@Check needs at least one check, e.g. @Check(.range(1...10))", line: 5, column: 5),
            ],
            macroSpecs: specs())
    }
}
