import ModelKitMacros
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosTestSupport
import XCTest

/// Specs as the compiler passes them when neither `Model` nor `SchemaCodable` is conformed yet
/// (or only `SchemaCodable` is missing, for a subclass of a model class that declares its own coding).
private func codableSpecs(_ missing: [String] = ["Model", "SchemaCodable"]) -> [String: MacroSpec] {
    var result = specs()
    result["Model"] = MacroSpec(type: ModelMacro.self, conformances: missing.map { TypeSyntax(stringLiteral: $0) })
    return result
}

final class SchemaCodableMacroTests: XCTestCase {
    func testStructBecomesSchemaCodable() {
        assertMacroExpansion(
            """
            @Model
            struct Issue {
                var title = ""
            }
            """,
            expandedSource: """
            struct Issue {
                var title = ""

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Issue.self) {
                    ModelKitCore.Field("title", \\.title, set: {
                            $0.title = $1
                        })
                }
            }

            extension Issue: Model, SchemaCodable {
            }
            """,
            macroSpecs: codableSpecs())
    }

    func testOwnConformanceOrCodingMembersAreKept() {
        for source in [
            "@Model\nstruct Issue: Codable {\n    var title = \"\"\n}",
            "@Model\nstruct Issue: Swift.Decodable {\n    var title = \"\"\n}",
            "@Model\nstruct Issue {\n    var title = \"\"\n    func encode(to encoder: any Encoder) throws {\n    }\n}",
        ] {
            let expanded = expand(source)
            XCTAssertTrue(expanded.contains("extension Issue: Model {"), expanded)
            XCTAssertFalse(expanded.contains("SchemaCodable"), expanded)
        }
    }

    func testNonFinalClassGetsRequiredDecodingInit() {
        assertMacroExpansion(
            """
            @Model
            public class Animal {
                var name = ""
            }
            """,
            expandedSource: """
            public class Animal {
                var name = ""

                public class var schema: ModelKitCore.Schema {
                    Animal._modelSchemaStorage
                }

                private static let _modelSchemaStorage: ModelKitCore.Schema = ModelKitCore.Schema(Animal.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        })
                }

                public required init() {
                }

                public required convenience init(from decoder: any Decoder) throws {
                    self.init()
                    try self.decodeSchemaFields(from: decoder)
                }
            }

            extension Animal: Model, SchemaCodable {
            }
            """,
            macroSpecs: codableSpecs())
    }

    func testSubclassOfACodableButNotSchemaCodableClassGetsNothingMore() {
        let expanded = expand("@Model\nclass Dog: Animal {\n    var breed = \"\"\n}", missing: ["SchemaCodable"])
        XCTAssertFalse(expanded.contains("SchemaCodable"), expanded)
        XCTAssertFalse(expanded.contains("init(from"), expanded)
        XCTAssertTrue(expanded.contains("override class var schema"), expanded)
    }

    private func expand(_ source: String, missing: [String] = ["Model", "SchemaCodable"]) -> String {
        let file = Parser.parse(source: source)
        let context = BasicMacroExpansionContext()
        return file.expand(macroSpecs: codableSpecs(missing), contextGenerator: { _ in context }, indentationWidth: .spaces(4)).description
    }
}
