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

    func testAdjacentlyTaggedAndPlainThatCodesItself() {
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
        // A plain enum that codes itself cannot take SchemaCodable, which brings its members.
        assertMacroExpansion(
            """
            @Model
            enum Either: Codable {
                case a(A)
            }
            """,
            expandedSource: """
            enum Either: Codable {
                case a(A)
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "@Model on enum 'Either' makes it externally tagged ({\"case\": {…}}) and SchemaCodable, which its own Codable conformance rules out; declare 'enum Either: TaggedModel' to keep your coding; or name a tag: @Model(tag: \"type\")",
                               line: 1, column: 1, fixIts: [FixItSpec(message: "add ': TaggedModel'")]),
            ],
            macroSpecs: enumSpecs(),
            fixedSource: """
            @Model
            enum Either: Codable, TaggedModel {
                case a(A)
            }
            """)
    }

    /// Plain `@Model` on an enum, as API.md writes it: `SchemaCodable` (the compiler passes `Model`
    /// and `SchemaCodable` as missing), its requirements and conveniences forwarding to the union,
    /// with the enum's access; members the enum declares itself are left out.
    func testPlainEnumForwardsToItsUnion() {
        assertMacroExpansion(
            """
            @Model
            public enum Either {
                case circle(Circle)
                var modelDescription: String { "either" }
            }
            """,
            expandedSource: """
            public enum Either {
                case circle(Circle)
                var modelDescription: String { "either" }

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
                }
            }

            extension Either: SchemaCodable {
                public static var modelTypeName: String {
                    taggedUnion.typeName
                }
                public static func decodeEngineScalar(_ scalar: ModelKitCore.ModelEngine.Scalar, in context: ModelKitCore.ModelEngine.Context) throws -> Self? {
                    try taggedUnion.decodeEngineScalar(scalar, in: context)
                }
                public func presentModelValue(to visitor: ModelKitCore.ModelEngine.Visitor) throws {
                    try Self.taggedUnion.present(self, to: visitor)
                }
                public static func decodeModelValue(from json: ModelKitCore.JSONValue, options: ModelKitCore.DecodingOptions) throws -> Self {
                    try taggedUnion.decode(json: json, options: options)
                }
                public func encodeModelValue(options: ModelKitCore.EncodingOptions) throws -> ModelKitCore.JSONValue {
                    try Self.taggedUnion.jsonValue(of: self, options: options)
                }
                public func modelDeepCopy() -> Self {
                    Self.taggedUnion.deepCopy(of: self)
                }
                public static func jsonSchema(in context: ModelKitCore.JSONSchemaContext) -> ModelKitCore.JSONValue {
                    taggedUnion.jsonSchema(in: context)
                }
                public init<Bytes: Collection<UInt8>>(json: Bytes, options: ModelKitCore.DecodingOptions = .init()) throws {
                    self = try Self.taggedUnion.decode(json: json, options: options)
                }
                public init(json: String, options: ModelKitCore.DecodingOptions = .init()) throws {
                    self = try Self.taggedUnion.decode(json: json, options: options)
                }
                public func jsonBytes(options: ModelKitCore.EncodingOptions = .init()) throws -> [UInt8] {
                    try Self.taggedUnion.jsonBytes(of: self, options: options)
                }
                public func jsonString(options: ModelKitCore.EncodingOptions = .init()) throws -> String {
                    try Self.taggedUnion.jsonString(of: self, options: options)
                }
                public func jsonValue(options: ModelKitCore.EncodingOptions = .init()) throws -> ModelKitCore.JSONValue {
                    try Self.taggedUnion.jsonValue(of: self, options: options)
                }
                public func modelIsEqual(_ other: Self) -> Bool {
                    Self.taggedUnion.isEqual(self, other)
                }
                public func modelHash(into hasher: inout Hasher) {
                    Self.taggedUnion.hash(self, into: &hasher)
                }
            }
            """,
            macroSpecs: [
                "Model": MacroSpec(type: ModelMacro.self, conformances: ["Model", "SchemaCodable"]),
                "Key": MacroSpec(type: KeyMacro.self),
                "Default": MacroSpec(type: DefaultMacro.self),
            ])
        // Declared SchemaCodable: the members alone.
        assertMacroExpansion(
            """
            @Model
            enum Either: SchemaCodable {
                case a(A)
            }
            """,
            expandedSource: """
            enum Either: SchemaCodable {
                case a(A)

                static let taggedUnion: ModelKitCore.TaggedUnion<Either> = ModelKitCore.TaggedUnion(Either.self) {
                    ModelKitCore.TaggedCase("a", A.self, embed: {
                            .a($0)
                        }, extract: {
                            if case .a(let payload) = $0 {
                                payload
                            } else {
                                nil
                            }
                        })
                }
            }

            extension Either {
                static var modelTypeName: String {
                    taggedUnion.typeName
                }
                static func decodeEngineScalar(_ scalar: ModelKitCore.ModelEngine.Scalar, in context: ModelKitCore.ModelEngine.Context) throws -> Self? {
                    try taggedUnion.decodeEngineScalar(scalar, in: context)
                }
                func presentModelValue(to visitor: ModelKitCore.ModelEngine.Visitor) throws {
                    try Self.taggedUnion.present(self, to: visitor)
                }
                static func decodeModelValue(from json: ModelKitCore.JSONValue, options: ModelKitCore.DecodingOptions) throws -> Self {
                    try taggedUnion.decode(json: json, options: options)
                }
                func encodeModelValue(options: ModelKitCore.EncodingOptions) throws -> ModelKitCore.JSONValue {
                    try Self.taggedUnion.jsonValue(of: self, options: options)
                }
                func modelDeepCopy() -> Self {
                    Self.taggedUnion.deepCopy(of: self)
                }
                static func jsonSchema(in context: ModelKitCore.JSONSchemaContext) -> ModelKitCore.JSONValue {
                    taggedUnion.jsonSchema(in: context)
                }
                init<Bytes: Collection<UInt8>>(json: Bytes, options: ModelKitCore.DecodingOptions = .init()) throws {
                    self = try Self.taggedUnion.decode(json: json, options: options)
                }
                init(json: String, options: ModelKitCore.DecodingOptions = .init()) throws {
                    self = try Self.taggedUnion.decode(json: json, options: options)
                }
                func jsonBytes(options: ModelKitCore.EncodingOptions = .init()) throws -> [UInt8] {
                    try Self.taggedUnion.jsonBytes(of: self, options: options)
                }
                func jsonString(options: ModelKitCore.EncodingOptions = .init()) throws -> String {
                    try Self.taggedUnion.jsonString(of: self, options: options)
                }
                func jsonValue(options: ModelKitCore.EncodingOptions = .init()) throws -> ModelKitCore.JSONValue {
                    try Self.taggedUnion.jsonValue(of: self, options: options)
                }
                var modelDescription: String {
                    Self.taggedUnion.description(of: self)
                }
                func modelIsEqual(_ other: Self) -> Bool {
                    Self.taggedUnion.isEqual(self, other)
                }
                func modelHash(into hasher: inout Hasher) {
                    Self.taggedUnion.hash(self, into: &hasher)
                }
            }
            """,
            macroSpecs: [
                "Model": MacroSpec(type: ModelMacro.self, conformances: ["Model"]),
                "Key": MacroSpec(type: KeyMacro.self),
                "Default": MacroSpec(type: DefaultMacro.self),
            ])
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
