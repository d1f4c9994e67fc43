import ModelKitMacros
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosTestSupport
import XCTest

/// Specs for enums: the compiler passes every conformance the type lacks.
private func enumSpecs() -> [String: MacroSpec] {
    [
        "Model": MacroSpec(type: ModelMacro.self, conformances: ["Model", "SchemaCodable", "TaggedModel"]),
        "Key": MacroSpec(type: KeyMacro.self),
        "Default": MacroSpec(type: DefaultMacro.self),
    ]
}

/// `@Model` on enums: the generated `taggedUnion` and the diagnostics for enums that cannot be one.
final class TaggedEnumMacroTests: XCTestCase {
    func testInternallyTaggedWithKeyAndDefault() {
        assertMacroExpansion(
            """
            @Model(tag: "type")
            enum Shape {
                case circle(Circle)
                @Key("sq") case square(Square)
                @Default case unknown
            }
            """,
            expandedSource: """
            enum Shape {
                case circle(Circle)
                case square(Square)
                case unknown

                static let taggedUnion: ModelKitCore.TaggedUnion<Shape> = ModelKitCore.TaggedUnion(Shape.self, tag: "type") {
                    ModelKitCore.TaggedCase("circle", Circle.self, embed: {
                            .circle($0)
                        }, extract: {
                            if case .circle(let payload) = $0 {
                                payload
                            } else {
                                nil
                            }
                        })
                    ModelKitCore.TaggedCase("sq", Square.self, embed: {
                            .square($0)
                        }, extract: {
                            if case .square(let payload) = $0 {
                                payload
                            } else {
                                nil
                            }
                        })
                    ModelKitCore.TaggedCase("unknown", value: {
                            .unknown
                        }, matches: {
                            if case .unknown = $0 {
                                true
                            } else {
                                false
                            }
                        }, isDefault: true)
                }
            }

            extension Shape: TaggedModel, SchemaCodable {
            }
            """,
            macroSpecs: enumSpecs())
    }

    func testAdjacentlyTaggedAndPlainWithoutConformance() {
        assertMacroExpansion(
            """
            @Model(tag: "kind", content: "data")
            public enum Event: Codable {
                case opened(Issue)
            }
            """,
            expandedSource: """
            public enum Event: Codable {
                case opened(Issue)

                public static let taggedUnion: ModelKitCore.TaggedUnion<Event> = ModelKitCore.TaggedUnion(Event.self, tag: "kind", content: "data") {
                    ModelKitCore.TaggedCase("opened", Issue.self, embed: {
                            .opened($0)
                        }, extract: {
                            if case .opened(let payload) = $0 {
                                payload
                            } else {
                                nil
                            }
                        })
                }
            }

            extension Event: TaggedModel {
            }
            """,
            macroSpecs: enumSpecs())
        assertMacroExpansion(
            """
            @Model
            enum Either {
                case a(A), b(B)
            }
            """,
            expandedSource: """
            enum Either {
                case a(A), b(B)
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "@Model on enum 'Either' makes it externally tagged ({\"case\": {…}}) and needs 'TaggedModel' declared: 'enum Either: TaggedModel' (Swift 6.3 cannot take that conformance from the macro); or name a tag: @Model(tag: \"type\")",
                               line: 1, column: 1, fixIts: [FixItSpec(message: "add ': TaggedModel'")]),
            ],
            macroSpecs: enumSpecs(),
            fixedSource: """
            @Model
            enum Either: TaggedModel {
                case a(A), b(B)
            }
            """)
        assertMacroExpansion(
            """
            @Model
            enum Either: Equatable {
                case a(A)
            }
            """,
            expandedSource: """
            enum Either: Equatable {
                case a(A)
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "@Model on enum 'Either' makes it externally tagged ({\"case\": {…}}) and needs 'TaggedModel' declared: 'enum Either: TaggedModel' (Swift 6.3 cannot take that conformance from the macro); or name a tag: @Model(tag: \"type\")",
                               line: 1, column: 1, fixIts: [FixItSpec(message: "add ': TaggedModel'")]),
            ],
            macroSpecs: enumSpecs(),
            fixedSource: """
            @Model
            enum Either: Equatable, TaggedModel {
                case a(A)
            }
            """)
    }

    /// Plain `@Model` on an enum that declares `TaggedModel`: externally tagged, with `@Key` and
    /// `@Default` as for the other styles; only `SchemaCodable` is added (the compiler passes
    /// `Model` and `SchemaCodable` as missing: `Model(keys:)` lists no more).
    func testExternallyTaggedWithKeyAndDefault() {
        assertMacroExpansion(
            """
            @Model
            public enum Either: TaggedModel {
                case circle(Circle)
                @Key("sq") case square(Square)
                @Default case other
            }
            """,
            expandedSource: """
            public enum Either: TaggedModel {
                case circle(Circle)
                case square(Square)
                case other

                public static let taggedUnion: ModelKitCore.TaggedUnion<Either> = ModelKitCore.TaggedUnion(Either.self) {
                    ModelKitCore.TaggedCase("circle", Circle.self, embed: {
                            .circle($0)
                        }, extract: {
                            if case .circle(let payload) = $0 {
                                payload
                            } else {
                                nil
                            }
                        })
                    ModelKitCore.TaggedCase("sq", Square.self, embed: {
                            .square($0)
                        }, extract: {
                            if case .square(let payload) = $0 {
                                payload
                            } else {
                                nil
                            }
                        })
                    ModelKitCore.TaggedCase("other", value: {
                            .other
                        }, matches: {
                            if case .other = $0 {
                                true
                            } else {
                                false
                            }
                        }, isDefault: true)
                }
            }

            extension Either: SchemaCodable {
            }
            """,
            macroSpecs: [
                "Model": MacroSpec(type: ModelMacro.self, conformances: ["Model", "SchemaCodable"]),
                "Key": MacroSpec(type: KeyMacro.self),
                "Default": MacroSpec(type: DefaultMacro.self),
            ])
    }

    func testInvalidEnums() {
        assertMacroExpansion(
            """
            @Model(tag: "type")
            enum Bad {
                case pair(A, B)
                case number(Int)
                case list([A])
                @Default case other(A)
            }
            """,
            expandedSource: """
            enum Bad {
                case pair(A, B)
                case number(Int)
                case list([A])
                case other(A)
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "case 'pair' carries 2 values; a case of a @Model enum carries one model or nothing (wrap the values in a @Model struct)", line: 3, column: 10),
                DiagnosticSpec(message: "case 'number' carries 'Int', a Int value, not a model; a case of a @Model enum carries one Model type (wrap it in a @Model struct)", line: 4, column: 17),
                DiagnosticSpec(message: "case 'list' carries '[A]', an array, not a model; a case of a @Model enum carries one Model type (wrap it in a @Model struct)", line: 5, column: 15),
                DiagnosticSpec(message: "@Default marks a case without payload, and case 'other' carries one; an unknown tag cannot build a payload", line: 6, column: 5),
            ],
            macroSpecs: enumSpecs())
    }

    func testDuplicateTagsAndDefaults() {
        assertMacroExpansion(
            """
            @Model(tag: "t")
            enum Bad {
                case a(A)
                @Key("a") case b(B)
                @Default case c
                @Default case d
            }
            """,
            expandedSource: """
            enum Bad {
                case a(A)
                case b(B)
                case c
                case d
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "cases 'a' and 'b' share the tag \"a\"; give one of them another @Key", line: 4, column: 20),
                DiagnosticSpec(message: "only one case may be @Default; found 'c', 'd'", line: 2, column: 6),
            ],
            macroSpecs: enumSpecs())
    }

    func testDefaultOutsideAModelEnum() {
        assertMacroExpansion(
            """
            enum Plain {
                @Default case a
            }
            """,
            expandedSource: """
            enum Plain {
                case a
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "@Default marks a case without payload of a @Model enum", line: 2, column: 5),
            ],
            macroSpecs: enumSpecs())
    }
}
