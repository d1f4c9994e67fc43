import ModelKitMacros
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosTestSupport
import XCTest

/// Macro specs as the compiler would pass them: `conformsAlready` is true for a type that already
/// conforms to `Model` (a subclass of a model class), so no conformance is missing.
func specs(conformsAlready: Bool = false) -> [String: MacroSpec] {
    [
        "Model": MacroSpec(type: ModelMacro.self, conformances: conformsAlready ? [] : ["Model"]),
        "Key": MacroSpec(type: KeyMacro.self),
        "Ignore": MacroSpec(type: IgnoreMacro.self),
        "NotArchived": MacroSpec(type: NotArchivedMacro.self),
        "NotDescribed": MacroSpec(type: NotDescribedMacro.self),
        "Required": MacroSpec(type: RequiredMacro.self),
        "Check": MacroSpec(type: CheckMacro.self),
    ]
}

final class ModelMacroTests: XCTestCase {
    func testStructWithEveryMarker() {
        assertMacroExpansion(
            """
            @Model
            struct Book {
                @Key("n") var name = ""
                @Key("p") var pages = 0
                @Key("ext.desc") var desc: String?
                @Key("id", "ID", "book_id") var bookID: String?
                @Ignore var cache: [String: Int] = [:]
                @NotArchived var sessionToken: String?
                @NotDescribed var password: String?
                @Required var owner = ""
                @Ignore @NotArchived @NotDescribed var scratch = 0
            }
            """,
            expandedSource: """
            struct Book {
                var name = ""
                var pages = 0
                var desc: String?
                var bookID: String?
                var cache: [String: Int] = [:]
                var sessionToken: String?
                var password: String?
                var owner = ""
                var scratch = 0

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Book.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        }, key: "n")
                    ModelKitCore.Field("pages", \\.pages, set: {
                            $0.pages = $1
                        }, key: "p")
                    ModelKitCore.Field("desc", \\.desc, set: {
                            $0.desc = $1
                        }, key: "ext.desc")
                    ModelKitCore.Field("bookID", \\.bookID, set: {
                            $0.bookID = $1
                        }, keys: ["id", "ID", "book_id"])
                    ModelKitCore.Field("cache", \\.cache, set: {
                            $0.cache = $1
                        }, options: .notMapped)
                    ModelKitCore.Field("sessionToken", \\.sessionToken, set: {
                            $0.sessionToken = $1
                        }, options: .notArchived)
                    ModelKitCore.Field("password", \\.password, set: {
                            $0.password = $1
                        }, options: .notDescribed)
                    ModelKitCore.Field("owner", \\.owner, set: {
                            $0.owner = $1
                        }, options: .required)
                    ModelKitCore.Field("scratch", \\.scratch, set: {
                            $0.scratch = $1
                        }, options: [.notMapped, .notArchived, .notDescribed])
                }
            }

            extension Book: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testFinalClass() {
        assertMacroExpansion(
            """
            @Model
            final class User {
                var name = ""
                var age: Int = 0
            }
            """,
            expandedSource: """
            final class User {
                var name = ""
                var age: Int = 0

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(User.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        })
                    ModelKitCore.Field("age", \\.age, set: {
                            $0.age = $1
                        })
                }
            }

            extension User: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testFinalClassWithOtherInitGetsInit() {
        assertMacroExpansion(
            """
            @Model
            final class User {
                var name = ""
                init(name: String) { self.name = name }
            }
            """,
            expandedSource: """
            final class User {
                var name = ""
                init(name: String) { self.name = name }

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(User.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        })
                }

                init() {
                }
            }

            extension User: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testNonFinalBaseClass() {
        assertMacroExpansion(
            """
            @Model
            class Animal {
                var name = ""
                var legs = 4
            }
            """,
            expandedSource: """
            class Animal {
                var name = ""
                var legs = 4

                class var schema: ModelKitCore.Schema {
                    Animal._modelSchemaStorage
                }

                private static let _modelSchemaStorage: ModelKitCore.Schema = ModelKitCore.Schema(Animal.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        })
                    ModelKitCore.Field("legs", \\.legs, set: {
                            $0.legs = $1
                        })
                }

                required init() {
                }
            }

            extension Animal: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testBaseClassKeepsItsRequiredInit() {
        assertMacroExpansion(
            """
            @Model
            class Animal {
                var name: String
                required init() { name = "?" }
            }
            """,
            expandedSource: """
            class Animal {
                var name: String
                required init() { name = "?" }

                class var schema: ModelKitCore.Schema {
                    Animal._modelSchemaStorage
                }

                private static let _modelSchemaStorage: ModelKitCore.Schema = ModelKitCore.Schema(Animal.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        })
                }
            }

            extension Animal: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testSubclassOfModelClass() {
        assertMacroExpansion(
            """
            @Model
            class Dog: Animal {
                var breed = ""
            }
            """,
            expandedSource: """
            class Dog: Animal {
                var breed = ""

                override class var schema: ModelKitCore.Schema {
                    Dog._modelSchemaStorage
                }

                private static let _modelSchemaStorage: ModelKitCore.Schema = ModelKitCore.Schema(Dog.self, inheriting: Animal.schema) {
                    ModelKitCore.Field("breed", \\.breed, set: {
                            $0.breed = $1
                        })
                }

                required init() {
                    super.init()
                }

                required convenience init(from decoder: any Decoder) throws {
                    self.init()
                    try self.decodeSchemaFields(from: decoder)
                }
            }
            """,
            macroSpecs: specs(conformsAlready: true))
    }

    func testFinalSubclassOfModelClass() {
        assertMacroExpansion(
            """
            @Model
            final class Puppy: Dog, Sendable {
                @Key("age_weeks") var ageInWeeks = 0
            }
            """,
            expandedSource: """
            final class Puppy: Dog, Sendable {
                var ageInWeeks = 0

                override class var schema: ModelKitCore.Schema {
                    Puppy._modelSchemaStorage
                }

                private static let _modelSchemaStorage: ModelKitCore.Schema = ModelKitCore.Schema(Puppy.self, inheriting: Dog.schema) {
                    ModelKitCore.Field("ageInWeeks", \\.ageInWeeks, set: {
                            $0.ageInWeeks = $1
                        }, key: "age_weeks")
                }

                required init() {
                    super.init()
                }

                required convenience init(from decoder: any Decoder) throws {
                    self.init()
                    try self.decodeSchemaFields(from: decoder)
                }
            }
            """,
            macroSpecs: specs(conformsAlready: true))
    }

    func testSubclassKeepsItsOwnInit() {
        assertMacroExpansion(
            """
            @Model
            class Dog: Animal {
                var breed = ""
                required init() { super.init(); breed = "mixed" }
            }
            """,
            expandedSource: """
            class Dog: Animal {
                var breed = ""
                required init() { super.init(); breed = "mixed" }

                override class var schema: ModelKitCore.Schema {
                    Dog._modelSchemaStorage
                }

                private static let _modelSchemaStorage: ModelKitCore.Schema = ModelKitCore.Schema(Dog.self, inheriting: Animal.schema) {
                    ModelKitCore.Field("breed", \\.breed, set: {
                            $0.breed = $1
                        })
                }

                required convenience init(from decoder: any Decoder) throws {
                    self.init()
                    try self.decodeSchemaFields(from: decoder)
                }
            }
            """,
            macroSpecs: specs(conformsAlready: true))
    }

    func testClassAdoptingAModelProtocolIsABaseClass() {
        assertMacroExpansion(
            """
            @Model
            class Shape: PolymorphicModel {
                var kind = ""
                class func modelType(for object: JSONValue) -> (any Model.Type)? { nil }
            }
            """,
            expandedSource: """
            class Shape: PolymorphicModel {
                var kind = ""
                class func modelType(for object: JSONValue) -> (any Model.Type)? { nil }

                class var schema: ModelKitCore.Schema {
                    Shape._modelSchemaStorage
                }

                private static let _modelSchemaStorage: ModelKitCore.Schema = ModelKitCore.Schema(Shape.self) {
                    ModelKitCore.Field("kind", \\.kind, set: {
                            $0.kind = $1
                        })
                }

                required init() {
                }
            }
            """,
            macroSpecs: specs(conformsAlready: true))
    }

    func testClassWithProtocolsOnly() {
        assertMacroExpansion(
            """
            @Model
            class Node: CustomStringConvertible {
                var id = 0
                var description: String { "node \\(id)" }
            }
            """,
            expandedSource: """
            class Node: CustomStringConvertible {
                var id = 0
                var description: String { "node \\(id)" }

                class var schema: ModelKitCore.Schema {
                    Node._modelSchemaStorage
                }

                private static let _modelSchemaStorage: ModelKitCore.Schema = ModelKitCore.Schema(Node.self) {
                    ModelKitCore.Field("id", \\.id, set: {
                            $0.id = $1
                        })
                }

                required init() {
                }
            }

            extension Node: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testNSObjectSubclass() {
        assertMacroExpansion(
            """
            @Model
            class Legacy: NSObject {
                var id = 0
            }
            """,
            expandedSource: """
            class Legacy: NSObject {
                var id = 0

                class var schema: ModelKitCore.Schema {
                    Legacy._modelSchemaStorage
                }

                private static let _modelSchemaStorage: ModelKitCore.Schema = ModelKitCore.Schema(Legacy.self) {
                    ModelKitCore.Field("id", \\.id, set: {
                            $0.id = $1
                        })
                }

                required override init() {
                    super.init()
                }
            }

            extension Legacy: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testStructAlreadyConforming() {
        assertMacroExpansion(
            """
            @Model
            struct Tag: Model {
                var name = ""
            }
            """,
            expandedSource: """
            struct Tag: Model {
                var name = ""

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Tag.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        })
                }
            }
            """,
            macroSpecs: specs(conformsAlready: true))
    }

    func testGenericStruct() {
        assertMacroExpansion(
            """
            @Model
            struct Page<Item: ModelValue> {
                var items: [Item] = []
                var next: String?
            }
            """,
            expandedSource: """
            struct Page<Item: ModelValue> {
                var items: [Item] = []
                var next: String?

                static var schema: ModelKitCore.Schema {
                    ModelKitCore.Schema.cached(for: Page<Item>.self) {
                        ModelKitCore.Schema(Page<Item>.self) {
                            ModelKitCore.Field("items", \\.items, set: {
                                    $0.items = $1
                                })
                            ModelKitCore.Field("next", \\.next, set: {
                                    $0.next = $1
                                })
                        }
                    }
                }
            }

            extension Page: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testGenericNonFinalClass() {
        assertMacroExpansion(
            """
            @Model
            class Box<Value: ModelValue, Extra> {
                var value: Value?
            }
            """,
            expandedSource: """
            class Box<Value: ModelValue, Extra> {
                var value: Value?

                class var schema: ModelKitCore.Schema {
                    ModelKitCore.Schema.cached(for: Box<Value, Extra>.self) {
                        ModelKitCore.Schema(Box<Value, Extra>.self) {
                            ModelKitCore.Field("value", \\.value, set: {
                                    $0.value = $1
                                })
                        }
                    }
                }

                required init() {
                }
            }

            extension Box: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testGenericSubclass() {
        assertMacroExpansion(
            """
            @Model
            class TaggedBox<Value: ModelValue>: Box<Value, Int> {
                var tag = ""
            }
            """,
            expandedSource: """
            class TaggedBox<Value: ModelValue>: Box<Value, Int> {
                var tag = ""

                override class var schema: ModelKitCore.Schema {
                    ModelKitCore.Schema.cached(for: TaggedBox<Value>.self) {
                        ModelKitCore.Schema(TaggedBox<Value>.self, inheriting: Box<Value, Int>.schema) {
                            ModelKitCore.Field("tag", \\.tag, set: {
                                    $0.tag = $1
                                })
                        }
                    }
                }

                required init() {
                    super.init()
                }

                required convenience init(from decoder: any Decoder) throws {
                    self.init()
                    try self.decodeSchemaFields(from: decoder)
                }
            }
            """,
            macroSpecs: specs(conformsAlready: true))
    }

    func testNonGenericSubclassOfGenericClass() {
        assertMacroExpansion(
            """
            @Model
            class IntBox: Box<Int, Int> {
                var label = ""
            }
            """,
            expandedSource: """
            class IntBox: Box<Int, Int> {
                var label = ""

                override class var schema: ModelKitCore.Schema {
                    IntBox._modelSchemaStorage
                }

                private static let _modelSchemaStorage: ModelKitCore.Schema = ModelKitCore.Schema(IntBox.self, inheriting: Box<Int, Int>.schema) {
                    ModelKitCore.Field("label", \\.label, set: {
                            $0.label = $1
                        })
                }

                required init() {
                    super.init()
                }

                required convenience init(from decoder: any Decoder) throws {
                    self.init()
                    try self.decodeSchemaFields(from: decoder)
                }
            }
            """,
            macroSpecs: specs(conformsAlready: true))
    }

    func testTypeNestedInGenericTypeCachesItsSchema() {
        assertMacroExpansion(
            """
            struct Outer<T> {
                @Model
                struct Inner {
                    var x = 0
                }
            }
            """,
            expandedSource: """
            struct Outer<T> {
                struct Inner {
                    var x = 0

                    static var schema: ModelKitCore.Schema {
                        ModelKitCore.Schema.cached(for: Inner.self) {
                            ModelKitCore.Schema(Inner.self) {
                                ModelKitCore.Field("x", \\.x, set: {
                                        $0.x = $1
                                    })
                            }
                        }
                    }
                }
            }

            extension Outer.Inner: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testSnakeCase() {
        assertMacroExpansion(
            """
            @Model(keys: .snakeCase)
            struct Repo {
                var fullName = ""
                @Key("stars") var stargazersCount = 0
            }
            """,
            expandedSource: """
            struct Repo {
                var fullName = ""
                var stargazersCount = 0

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Repo.self, keys: .snakeCase) {
                    ModelKitCore.Field("fullName", \\.fullName, set: {
                            $0.fullName = $1
                        })
                    ModelKitCore.Field("stargazersCount", \\.stargazersCount, set: {
                            $0.stargazersCount = $1
                        }, key: "stars")
                }
            }

            extension Repo: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testDefaultNamingIsOmitted() {
        assertMacroExpansion(
            """
            @Model(keys: .fieldNames)
            struct Repo {
                var fullName = ""
            }
            """,
            expandedSource: """
            struct Repo {
                var fullName = ""

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Repo.self) {
                    ModelKitCore.Field("fullName", \\.fullName, set: {
                            $0.fullName = $1
                        })
                }
            }

            extension Repo: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testCustomNaming() {
        assertMacroExpansion(
            """
            @Model(keys: .custom { $0.uppercased() })
            struct Repo {
                var id = 0
            }
            """,
            expandedSource: """
            struct Repo {
                var id = 0

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Repo.self, keys: .custom {
                        $0.uppercased()
                    }) {
                    ModelKitCore.Field("id", \\.id, set: {
                            $0.id = $1
                        })
                }
            }

            extension Repo: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testGenericSnakeCase() {
        assertMacroExpansion(
            """
            @Model(keys: .snakeCase)
            struct Page<Item: ModelValue> {
                var totalCount = 0
            }
            """,
            expandedSource: """
            struct Page<Item: ModelValue> {
                var totalCount = 0

                static var schema: ModelKitCore.Schema {
                    ModelKitCore.Schema.cached(for: Page<Item>.self) {
                        ModelKitCore.Schema(Page<Item>.self, keys: .snakeCase) {
                            ModelKitCore.Field("totalCount", \\.totalCount, set: {
                                    $0.totalCount = $1
                                })
                        }
                    }
                }
            }

            extension Page: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testObserversAndImplicitTypes() {
        assertMacroExpansion(
            """
            @Model
            struct Counter {
                var count = 0 {
                    didSet { print(count) }
                }
                var label: String = "" {
                    willSet { print(newValue) }
                    didSet { print(oldValue) }
                }
                var ratio = 1.5, flag = false
                var a, b: Int?
                var `default` = ""
            }
            """,
            expandedSource: """
            struct Counter {
                var count = 0 {
                    didSet { print(count) }
                }
                var label: String = "" {
                    willSet { print(newValue) }
                    didSet { print(oldValue) }
                }
                var ratio = 1.5, flag = false
                var a, b: Int?
                var `default` = ""

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Counter.self) {
                    ModelKitCore.Field("count", \\.count, set: {
                            $0.count = $1
                        })
                    ModelKitCore.Field("label", \\.label, set: {
                            $0.label = $1
                        })
                    ModelKitCore.Field("ratio", \\.ratio, set: {
                            $0.ratio = $1
                        })
                    ModelKitCore.Field("flag", \\.flag, set: {
                            $0.flag = $1
                        })
                    ModelKitCore.Field("a", \\.a, set: {
                            $0.a = $1
                        })
                    ModelKitCore.Field("b", \\.b, set: {
                            $0.b = $1
                        })
                    ModelKitCore.Field("default", \\.`default`, set: {
                            $0.`default` = $1
                        })
                }
            }

            extension Counter: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testSkippedMembers() {
        assertMacroExpansion(
            """
            @Model
            struct Mixed {
                let id = 1
                static var shared = Mixed()
                static let version = 2
                lazy var expensive = [Int]()
                var computed: Int { 42 }
                var withAccessors: Int {
                    get { 1 }
                    set { }
                }
                var stored = 0
                func f() {}
                struct Nested {
                    var y = 0
                }
                init(stored: Int) { self.stored = stored }
            }
            """,
            expandedSource: """
            struct Mixed {
                let id = 1
                static var shared = Mixed()
                static let version = 2
                lazy var expensive = [Int]()
                var computed: Int { 42 }
                var withAccessors: Int {
                    get { 1 }
                    set { }
                }
                var stored = 0
                func f() {}
                struct Nested {
                    var y = 0
                }
                init(stored: Int) { self.stored = stored }

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Mixed.self) {
                    ModelKitCore.Field("stored", \\.stored, set: {
                            $0.stored = $1
                        })
                }

                init() {
                }
            }

            extension Mixed: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testStructWithOwnInitGetsNone() {
        assertMacroExpansion(
            """
            @Model
            struct Book {
                var name: String
                init() { name = "untitled" }
            }
            """,
            expandedSource: """
            struct Book {
                var name: String
                init() { name = "untitled" }

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Book.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        })
                }
            }

            extension Book: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testPublicStruct() {
        assertMacroExpansion(
            """
            @Model
            public struct Book {
                public var name = ""
            }
            """,
            expandedSource: """
            public struct Book {
                public var name = ""

                public static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Book.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        })
                }

                public init() {
                }
            }

            extension Book: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testPublicFinalClass() {
        assertMacroExpansion(
            """
            @Model
            public final class Book {
                public var name = ""
            }
            """,
            expandedSource: """
            public final class Book {
                public var name = ""

                public static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Book.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        })
                }

                public init() {
                }
            }

            extension Book: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testOpenClass() {
        assertMacroExpansion(
            """
            @Model
            open class Base {
                open var id = 0
            }
            """,
            expandedSource: """
            open class Base {
                open var id = 0

                open class var schema: ModelKitCore.Schema {
                    Base._modelSchemaStorage
                }

                private static let _modelSchemaStorage: ModelKitCore.Schema = ModelKitCore.Schema(Base.self) {
                    ModelKitCore.Field("id", \\.id, set: {
                            $0.id = $1
                        })
                }

                public required init() {
                }
            }

            extension Base: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testPackageStruct() {
        assertMacroExpansion(
            """
            @Model
            package struct Book {
                var name = ""
            }
            """,
            expandedSource: """
            package struct Book {
                var name = ""

                package static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Book.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        })
                }

                package init() {
                }
            }

            extension Book: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testEmptyModel() {
        assertMacroExpansion(
            """
            @Model
            struct Empty {
            }
            """,
            expandedSource: """
            struct Empty {

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Empty.self) {
                }
            }

            extension Empty: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testPropertyWrapperWithoutValueIsNotDiagnosed() {
        assertMacroExpansion(
            """
            @Model
            final class Settings {
                @Clamped var volume: Int
            }
            """,
            expandedSource: """
            final class Settings {
                @Clamped var volume: Int

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Settings.self) {
                    ModelKitCore.Field("volume", \\.volume, set: {
                            $0.volume = $1
                        })
                }
            }

            extension Settings: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testQualifiedMarkers() {
        assertMacroExpansion(
            """
            @Model
            struct Book {
                @ModelKit.Key("n") var name = ""
            }
            """,
            expandedSource: """
            struct Book {
                @ModelKit.Key("n") var name = ""

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Book.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        }, key: "n")
                }
            }

            extension Book: Model {
            }
            """,
            macroSpecs: specs())
    }

    func testKeyFromAConstant() {
        assertMacroExpansion(
            """
            @Model
            struct Book {
                @Key(Keys.name, "title") var name = ""
            }
            """,
            expandedSource: """
            struct Book {
                var name = ""

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Book.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        }, keys: [Keys.name, "title"])
                }
            }

            extension Book: Model {
            }
            """,
            macroSpecs: specs())
    }

    // MARK: Diagnostics

    func testModelOnEnum() {
        assertMacroExpansion(
            """
            @Model
            enum Kind {
                case a
            }
            """,
            expandedSource: """
            enum Kind {
                case a
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Model on an enum describes a tagged union, and no case carries a model; an enum with String or integer raw values is a ModelValue already",
                    line: 2, column: 6),
            ],
            macroSpecs: specs())
    }

    func testModelOnProtocol() {
        assertMacroExpansion(
            """
            @Model
            protocol P {
            }
            """,
            expandedSource: """
            protocol P {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Model applies to a struct, a class or an enum, not to a protocol; write the conformance and its schema by hand instead",
                    line: 1, column: 1),
            ],
            macroSpecs: specs())
    }

    func testModelOnActor() {
        assertMacroExpansion(
            """
            @Model
            actor Store {
                var count = 0
            }
            """,
            expandedSource: """
            actor Store {
                var count = 0
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Model applies to a struct, a class or an enum, not to an actor; write the conformance and its schema by hand instead",
                    line: 1, column: 1),
            ],
            macroSpecs: specs())
    }

    func testKeyWithoutKeys() {
        assertMacroExpansion(
            """
            @Model
            struct Book {
                @Key() var name = ""
            }
            """,
            expandedSource: """
            struct Book {
                var name = ""

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Book.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        })
                }
            }

            extension Book: Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Key needs at least one JSON key, e.g. @Key(\"id\")",
                    line: 3, column: 5),
            ],
            macroSpecs: specs())
    }

    func testEmptyKey() {
        assertMacroExpansion(
            """
            @Model
            struct Book {
                @Key("") var name = ""
            }
            """,
            expandedSource: """
            struct Book {
                var name = ""

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Book.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        }, key: "")
                }
            }

            extension Book: Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "an empty key never matches a JSON key",
                    line: 3, column: 10),
            ],
            macroSpecs: specs())
    }

    func testEmptyKeyAmongOthers() {
        assertMacroExpansion(
            """
            @Model
            struct Book {
                @Key("n", "") var name = ""
            }
            """,
            expandedSource: """
            struct Book {
                var name = ""

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Book.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        }, keys: ["n", ""])
                }
            }

            extension Book: Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "an empty key never matches a JSON key",
                    line: 3, column: 15,
                    fixIts: [FixItSpec(message: "remove the empty key")]),
            ],
            macroSpecs: specs(),
            applyFixIts: ["remove the empty key"],
            fixedSource: """
            @Model
            struct Book {
                @Key("n") var name = ""
            }
            """)
    }

    func testMarkerOnComputedProperty() {
        assertMacroExpansion(
            """
            @Model
            struct Book {
                var name = ""
                @Key("t") var title: String { name }
            }
            """,
            expandedSource: """
            struct Book {
                var name = ""
                var title: String { name }

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Book.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        })
                }
            }

            extension Book: Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Key applies to stored properties only; a computed property is never mapped",
                    line: 4, column: 5,
                    fixIts: [FixItSpec(message: "remove '@Key'")]),
            ],
            macroSpecs: specs(),
            applyFixIts: ["remove '@Key'"],
            fixedSource: """
            @Model
            struct Book {
                var name = ""
                var title: String { name }
            }
            """)
    }

    func testMarkerOnPropertyWithGetterAndSetter() {
        assertMacroExpansion(
            """
            @Model
            struct Book {
                var name = ""
                @Ignore var title: String {
                    get { name }
                    set { name = newValue }
                }
            }
            """,
            expandedSource: """
            struct Book {
                var name = ""
                var title: String {
                    get { name }
                    set { name = newValue }
                }

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Book.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        })
                }
            }

            extension Book: Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Ignore applies to stored properties only; a computed property is never mapped",
                    line: 4, column: 5,
                    fixIts: [FixItSpec(message: "remove '@Ignore'")]),
            ],
            macroSpecs: specs())
    }

    func testMarkerOnStaticProperty() {
        assertMacroExpansion(
            """
            @Model
            struct Book {
                @NotArchived static var count = 0
            }
            """,
            expandedSource: """
            struct Book {
                static var count = 0

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Book.self) {
                }
            }

            extension Book: Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@NotArchived applies to instance properties only; static and class properties are never mapped",
                    line: 3, column: 5,
                    fixIts: [FixItSpec(message: "remove '@NotArchived'")]),
            ],
            macroSpecs: specs())
    }

    func testMarkerOnLazyProperty() {
        assertMacroExpansion(
            """
            @Model
            struct Book {
                @NotDescribed lazy var cache = [Int]()
            }
            """,
            expandedSource: """
            struct Book {
                lazy var cache = [Int]()

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Book.self) {
                }
            }

            extension Book: Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@NotDescribed has no effect on a 'lazy' property: lazy properties are never mapped",
                    line: 3, column: 5,
                    fixIts: [FixItSpec(message: "remove '@NotDescribed'")]),
            ],
            macroSpecs: specs())
    }

    func testMarkerOnLetWithValue() {
        assertMacroExpansion(
            """
            @Model
            struct Book {
                @Required let kind = "book"
            }
            """,
            expandedSource: """
            struct Book {
                let kind = "book"

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Book.self) {
                }
            }

            extension Book: Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Required has no effect on a 'let' with an initial value: it cannot be set, so it is never mapped; declare it 'var'",
                    line: 3, column: 5,
                    fixIts: [FixItSpec(message: "replace 'let' with 'var'"), FixItSpec(message: "remove '@Required'")]),
            ],
            macroSpecs: specs(),
            applyFixIts: ["replace 'let' with 'var'"],
            fixedSource: """
            @Model
            struct Book {
                @Required var kind = "book"
            }
            """)
    }

    func testMarkerOnFunction() {
        assertMacroExpansion(
            """
            @Model
            struct Book {
                @Ignore func f() {}
            }
            """,
            expandedSource: """
            struct Book {
                func f() {}

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Book.self) {
                }
            }

            extension Book: Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Ignore applies only to stored properties of a @Model type",
                    line: 3, column: 5,
                    fixIts: [FixItSpec(message: "remove '@Ignore'")]),
            ],
            macroSpecs: specs())
    }

    func testMarkerOutsideModel() {
        assertMacroExpansion(
            """
            struct Plain {
                @Key("n") var name = ""
            }
            """,
            expandedSource: """
            struct Plain {
                var name = ""
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Key has no effect outside a @Model type",
                    line: 2, column: 5, severity: .warning),
            ],
            macroSpecs: specs())
    }

    func testLetWithoutValue() {
        assertMacroExpansion(
            """
            @Model
            struct Book {
                let id: Int
            }
            """,
            expandedSource: """
            struct Book {
                let id: Int

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Book.self) {
                }
            }

            extension Book: Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'let id' has no initial value and cannot be set after init(); declare it 'var' so decoding can set it",
                    line: 3, column: 9,
                    fixIts: [FixItSpec(message: "replace 'let' with 'var'")]),
            ],
            macroSpecs: specs(),
            applyFixIts: ["replace 'let' with 'var'"],
            fixedSource: """
            @Model
            struct Book {
                var id: Int
            }
            """)
    }

    func testVarWithoutValue() {
        assertMacroExpansion(
            """
            @Model
            struct Book {
                var pages: Int
            }
            """,
            expandedSource: """
            struct Book {
                var pages: Int

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Book.self) {
                    ModelKitCore.Field("pages", \\.pages, set: {
                            $0.pages = $1
                        })
                }
            }

            extension Book: Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'pages' needs an initial value or an Optional type: @Model types are created with init() and then filled from JSON",
                    line: 3, column: 9,
                    fixIts: [FixItSpec(message: "add '= 0'")]),
            ],
            macroSpecs: specs(),
            applyFixIts: ["add '= 0'"],
            fixedSource: """
            @Model
            struct Book {
                var pages: Int = 0
            }
            """)
    }

    func testVarWithoutValueOfCustomType() {
        assertMacroExpansion(
            """
            @Model
            final class Shelf {
                var book: Book
            }
            """,
            expandedSource: """
            final class Shelf {
                var book: Book

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Shelf.self) {
                    ModelKitCore.Field("book", \\.book, set: {
                            $0.book = $1
                        })
                }
            }

            extension Shelf: Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'book' needs an initial value or an Optional type: @Model types are created with init() and then filled from JSON",
                    line: 3, column: 9,
                    fixIts: [FixItSpec(message: "make it Optional ('Book?')")]),
            ],
            macroSpecs: specs(),
            applyFixIts: ["make it Optional ('Book?')"],
            fixedSource: """
            @Model
            final class Shelf {
                var book: Book?
            }
            """)
    }

    func testVarWithoutValueIsFineWithOwnInit() {
        assertMacroExpansion(
            """
            @Model
            final class Shelf {
                var book: Book
                init() { book = Book() }
            }
            """,
            expandedSource: """
            final class Shelf {
                var book: Book
                init() { book = Book() }

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Shelf.self) {
                    ModelKitCore.Field("book", \\.book, set: {
                            $0.book = $1
                        })
                }
            }

            extension Shelf: Model {
            }
            """,
            diagnostics: [],
            macroSpecs: specs())
    }

    func testNonRequiredInitInBaseClass() {
        assertMacroExpansion(
            """
            @Model
            class Animal {
                var name = ""
                init() {}
            }
            """,
            expandedSource: """
            class Animal {
                var name = ""
                init() {}

                class var schema: ModelKitCore.Schema {
                    Animal._modelSchemaStorage
                }

                private static let _modelSchemaStorage: ModelKitCore.Schema = ModelKitCore.Schema(Animal.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        })
                }
            }

            extension Animal: Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'init()' of the non-final model class 'Animal' must be 'required' so that subclasses and decoding can use it",
                    line: 4, column: 5,
                    fixIts: [FixItSpec(message: "add 'required'")]),
            ],
            macroSpecs: specs(),
            applyFixIts: ["add 'required'"],
            fixedSource: """
            @Model
            class Animal {
                var name = ""
                required init() {}
            }
            """)
    }

    func testHandWrittenSchema() {
        assertMacroExpansion(
            """
            @Model
            struct Book {
                var name = ""
                static let schema = Schema(Book.self) {}
            }
            """,
            expandedSource: """
            struct Book {
                var name = ""
                static let schema = Schema(Book.self) {}
            }

            extension Book: Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Model generates 'schema'; remove this declaration or remove @Model and write the whole schema by hand",
                    line: 4, column: 5),
            ],
            macroSpecs: specs())
    }

    func testDuplicateKey() {
        assertMacroExpansion(
            """
            @Model
            struct Book {
                @Key("a") @Key("b") var name = ""
            }
            """,
            expandedSource: """
            struct Book {
                var name = ""

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Book.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        }, key: "a")
                }
            }

            extension Book: Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Key appears more than once on this property; list every key in one @Key(\"a\", \"b\")",
                    line: 3, column: 15,
                    fixIts: [FixItSpec(message: "remove the duplicate '@Key'")]),
            ],
            macroSpecs: specs(),
            applyFixIts: ["remove the duplicate '@Key'"],
            fixedSource: """
            @Model
            struct Book {
                @Key("a") var name = ""
            }
            """)
    }

    func testRequiredOnIgnored() {
        assertMacroExpansion(
            """
            @Model
            struct Book {
                @Ignore @Required var name = ""
            }
            """,
            expandedSource: """
            struct Book {
                var name = ""

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Book.self) {
                    ModelKitCore.Field("name", \\.name, set: {
                            $0.name = $1
                        }, options: [.notMapped, .required])
                }
            }

            extension Book: Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Required has no effect on an @Ignore property: it is never read from JSON",
                    line: 3, column: 13, severity: .warning,
                    fixIts: [FixItSpec(message: "remove '@Required'")]),
            ],
            macroSpecs: specs())
    }

    func testTuplePattern() {
        assertMacroExpansion(
            """
            @Model
            struct Point {
                var (x, y) = (0, 0)
            }
            """,
            expandedSource: """
            struct Point {
                var (x, y) = (0, 0)

                static let schema: ModelKitCore.Schema = ModelKitCore.Schema(Point.self) {
                }
            }

            extension Point: Model {
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Model cannot map a tuple pattern; declare each property separately",
                    line: 3, column: 9),
            ],
            macroSpecs: specs())
    }
}
