import Foundation
@testable import ModelKitCore

// Models for the JSON Schema tests: every kind of field value, key paths, alternative keys,
// required and unmapped fields, recursion, and polymorphic classes with and without a discriminator.

enum SchemaGenre: String, ModelValue, CaseIterable { case fiction, poetry, science }
enum SchemaLevel: Int, ModelValue, CaseIterable { case low = 1, mid = 5, high = 9 }
enum SchemaCode: String, ModelValue { case alpha, beta }          // not CaseIterable: any string
enum SchemaSwitch: String, CaseIterable { case on, off }          // not a ModelValue: the RawRepresentable Field overloads

/// A value of its own that describes itself.
struct SchemaHex: ModelValue, Equatable {
    var value: UInt32
    static func decodeModelValue(from json: JSONValue, options: DecodingOptions) throws -> SchemaHex {
        guard let text = json.stringValue, text.count == 7, text.first == "#", let value = UInt32(text.dropFirst(), radix: 16) else {
            throw ModelValueError("expected #rrggbb")
        }
        return SchemaHex(value: value)
    }
    func encodeModelValue(options: EncodingOptions) throws -> JSONValue {
        let digits = String(value, radix: 16)
        return .string("#" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits)
    }
    static func jsonSchema(in context: JSONSchemaContext) -> JSONValue {
        ["type": "string", "pattern": "^#[0-9a-f]{6}$"]
    }
}

struct SchemaAuthor: Model, Equatable {
    var name = ""
    var born: Date?
    var aliases: Set<String> = []
    static let schema = Schema(SchemaAuthor.self) {
        Field("name", \.name, options: .required)
        Field("born", \.born)
        Field("aliases", \.aliases)
    }
}

/// Every standard field value type, with key paths, alternative keys, a transform, a description.
struct SchemaKitchen: Model {
    var int8: Int8 = 0; var int16: Int16 = 0; var int32: Int32 = 0; var int64: Int64 = 0; var int = 0
    var uint8: UInt8 = 0; var uint16: UInt16 = 0; var uint32: UInt32 = 0; var uint64: UInt64 = 0; var uint: UInt = 0
    var float: Float = 0; var double = 0.0; var decimal: Decimal = 0
    var bool = false; var string = ""
    var date = Date(timeIntervalSince1970: 0)
    var url = URL(string: "https://example.com")!
    var uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    var data = Data()
    var any: JSONValue = .null
    var maybeInt: Int?
    var maybeAuthor: SchemaAuthor?
    var tags: [String] = []
    var ids: Set<Int> = []
    var scores: [String: Double] = [:]
    var matrix: [[Int16]] = []
    var genre = SchemaGenre.fiction
    var level = SchemaLevel.low
    var code = SchemaCode.alpha
    var power = SchemaSwitch.off
    var maybePower: SchemaSwitch?
    var color = SchemaHex(value: 0)
    var authors: [SchemaAuthor] = []
    var byName: [String: SchemaAuthor] = [:]
    var summary = ""
    var language: String?
    var isbn = ""
    var cache: [String: Int] = [:]
    var stamp = Date(timeIntervalSince1970: 0)

    static let schema = Schema(SchemaKitchen.self) {
        Field("int8", \.int8); Field("int16", \.int16); Field("int32", \.int32); Field("int64", \.int64); Field("int", \.int)
        Field("uint8", \.uint8); Field("uint16", \.uint16); Field("uint32", \.uint32); Field("uint64", \.uint64); Field("uint", \.uint)
        Field("float", \.float); Field("double", \.double); Field("decimal", \.decimal)
        Field("bool", \.bool); Field("string", \.string)
        Field("date", \.date); Field("url", \.url); Field("uuid", \.uuid); Field("data", \.data); Field("any", \.any)
        Field("maybeInt", \.maybeInt); Field("maybeAuthor", \.maybeAuthor)
        Field("tags", \.tags); Field("ids", \.ids); Field("scores", \.scores); Field("matrix", \.matrix)
        Field("genre", \.genre); Field("level", \.level); Field("code", \.code)
        Field("power", \.power); Field("maybePower", \.maybePower)
        Field("color", \.color); Field("authors", \.authors); Field("byName", \.byName)
        Field("summary", \.summary, key: "meta.summary", description: "One line about the book")
        Field("language", \.language, keys: ["meta.lang", "lang"])
        Field("isbn", \.isbn, keys: ["isbn", "ISBN"], options: .required)
        Field("cache", \.cache, options: .notMapped)
        Field("stamp", \.stamp, transform: ValueTransform<Date, Int64>(
            decode: { Date(timeIntervalSince1970: TimeInterval($0)) }, encode: { Int64($0.timeIntervalSince1970) }))
    }
}

/// Recursive through an array, a dictionary and an optional.
struct SchemaTree: Model {
    var label = ""
    var children: [SchemaTree] = []
    var named: [String: SchemaTree] = [:]
    var partner: SchemaForest?
    static let schema = Schema(SchemaTree.self) {
        Field("label", \.label); Field("children", \.children); Field("named", \.named); Field("partner", \.partner)
    }
}

/// Mutually recursive with ``SchemaTree``.
struct SchemaForest: Model {
    var trees: [SchemaTree] = []
    static let schema = Schema(SchemaForest.self) { Field("trees", \.trees) }
}

/// A polymorphic base told apart by `kind` (a oneOf with a discriminator).
class SchemaAnimal: PolymorphicModel, @unchecked Sendable {
    var kind = "animal"
    var name = ""
    required init() {}
    class var schema: Schema { schemaAnimalSchema }
    static func modelType(for object: JSONValue) -> (any Model.Type)? {
        switch object["kind"]?.stringValue {
        case "dog": return SchemaDog.self
        case "cat": return SchemaCat.self
        default: return nil
        }
    }
    static var modelVariants: ModelVariants {
        ModelVariants(discriminator: "kind", ["animal": SchemaAnimal.self, "dog": SchemaDog.self, "cat": SchemaCat.self])
    }
}
private let schemaAnimalSchema = Schema(SchemaAnimal.self) { Field("kind", \.kind); Field("name", \.name) }

final class SchemaDog: SchemaAnimal, @unchecked Sendable {
    var breed = ""
    required init() { super.init(); kind = "dog" }
    override class var schema: Schema { schemaDogSchema }
}
private let schemaDogSchema = Schema(SchemaDog.self, inheriting: schemaAnimalSchema) { Field("breed", \.breed) }

final class SchemaCat: SchemaAnimal, @unchecked Sendable {
    var lives = 9
    required init() { super.init(); kind = "cat" }
    override class var schema: Schema { schemaCatSchema }
}
private let schemaCatSchema = Schema(SchemaCat.self, inheriting: schemaAnimalSchema) { Field("lives", \.lives) }

/// A polymorphic base told apart by fields alone (anyOf).
class SchemaShape: PolymorphicModel, @unchecked Sendable {
    required init() {}
    class var schema: Schema { schemaShapeSchema }
    static func modelType(for object: JSONValue) -> (any Model.Type)? {
        object["radius"] != nil ? SchemaCircle.self : object["side"] != nil ? SchemaSquare.self : nil
    }
    static var modelVariants: ModelVariants { ModelVariants([SchemaCircle.self, SchemaSquare.self]) }
}
private let schemaShapeSchema = Schema(SchemaShape.self) {}

final class SchemaCircle: SchemaShape, @unchecked Sendable {
    var radius = 0.0
    override class var schema: Schema { schemaCircleSchema }
}
private let schemaCircleSchema = Schema(SchemaCircle.self, inheriting: schemaShapeSchema) { Field("radius", \.radius, options: .required) }

final class SchemaSquare: SchemaShape, @unchecked Sendable {
    var side = 0
    override class var schema: Schema { schemaSquareSchema }
}
private let schemaSquareSchema = Schema(SchemaSquare.self, inheriting: schemaShapeSchema) { Field("side", \.side, options: .required) }

struct SchemaZoo: Model {
    var animals: [SchemaAnimal] = []
    var star: SchemaAnimal?
    var dogs: [SchemaDog] = []
    var shapes: [SchemaShape] = []
    static let schema = Schema(SchemaZoo.self) {
        Field("animals", \.animals); Field("star", \.star); Field("dogs", \.dogs); Field("shapes", \.shapes)
    }
}
