import Foundation
import ModelKit
@testable import ModelKitCore
import Testing

// MARK: Models declared with @Model

@Model
struct MBook {
    @Key("n") var name = ""
    @Key("p") var pages = 0
    @Key("ext.desc") var desc: String?
    @Key("id", "ID", "book_id") var bookID: String?
    @Ignore var cache: [String: Int] = [:]
    @NotArchived var sessionToken: String?
    @NotDescribed var password: String?
    @Required var owner = ""
    let kind = "book"                      // skipped: a let with a value
    var summary: String { "\(name) (\(pages))" }   // skipped: computed
    static let shelf = "fiction"           // skipped: static
}

@Model(keys: .snakeCase)
struct MRepo {
    var fullName = ""
    var stargazersCount = 0
    var htmlURL: String?
    @Key("owner_login") var owner = ""
}

/// Observers run when decoding sets the property.
@Model
struct MObserved {
    var log: [String] = []
    var value = 0 {
        didSet { log.append("value \(oldValue)->\(value)") }
    }
}

@Model
final class MUser {
    var name = ""
    var age = 0
    var tags: [String] = []
}

@Model
class MAnimal {
    var name = ""
    var legs = 4
}

@Model
class MDog: MAnimal {
    var breed = ""
}

@Model
final class MPuppy: MDog {
    @Key("weeks") var ageInWeeks = 0
}

@Model
struct MZoo {
    var dogs: [MDog] = []
    var star: MPuppy?
}

@Model
struct MPage<Item: ModelValue> {
    var items: [Item] = []
    var total = 0
    var next: String?
}

@Model
class MBox<Value: ModelValue> {
    var value: Value?
}

@Model
final class MLabeledBox<Value: ModelValue>: MBox<Value> {
    var label = ""
}

/// The payload chooses the subclass (a hook protocol that refines Model: the macro must still
/// treat this class as a base class).
@Model
class MShape: PolymorphicModel {
    var kind = ""
    class func modelType(for object: JSONValue) -> (any Model.Type)? {
        object["radius"] != nil ? MCircle.self : nil
    }
}

@Model
final class MCircle: MShape {
    var radius = 0.0
}

@Model
public struct MPublic {
    public var id = 0
}

@Model
struct MWithInit {
    var name: String
    var extra = 0
    init() { name = "default" }
    init(name: String) { self.name = name }
}

// MARK: Tests

@Suite("@Model behaviour")
struct MacroBehaviourTests {
    @Test func structWithMarkersDecodes() throws {
        let json = #"{"n":"Dune","p":412,"ext":{"desc":"sand"},"ID":"b1","cache":{"x":1},"owner":"ann","sessionToken":"t","password":"pw","kind":"x"}"#
        let book = try MBook(json: json)
        #expect(book.name == "Dune")
        #expect(book.pages == 412)
        #expect(book.desc == "sand")
        #expect(book.bookID == "b1")
        #expect(book.cache.isEmpty)            // @Ignore: never read
        #expect(book.owner == "ann")
        #expect(book.sessionToken == "t")
        #expect(book.password == "pw")
        #expect(book.kind == "book")
        #expect(MBook.schema.fieldNames == ["name", "pages", "desc", "bookID", "cache", "sessionToken", "password", "owner"])
    }

    @Test func firstPresentKeyWins() throws {
        let book = try MBook(json: #"{"book_id":"c","id":"a","owner":"o"}"#)
        #expect(book.bookID == "a")
    }

    @Test func requiredMarkerRejectsMissingKey() {
        #expect(throws: ModelDecodingError.self) { try MBook(json: #"{"n":"x"}"#) }
        do {
            _ = try MBook(json: #"{"n":"x"}"#)
        } catch let error as ModelDecodingError {
            #expect(error.reason == .missingKey("owner"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func markerOptionsReachTheSchema() {
        let options = Dictionary(uniqueKeysWithValues: MBook.schema.slots.map { ($0.name, $0.options) })
        #expect(options["name"] == [])
        #expect(options["cache"] == .notMapped)
        #expect(options["sessionToken"] == .notArchived)
        #expect(options["password"] == .notDescribed)
        #expect(options["owner"] == .required)
    }

    @Test func encodingUsesFirstKeyAndLeavesIgnoredOut() throws {
        var book = MBook()
        book.name = "A"
        book.pages = 1
        book.desc = "d"
        book.bookID = "i"
        book.cache = ["k": 1]
        book.owner = "o"
        let value = try book.jsonValue()
        #expect(value["n"] == "A")
        #expect(value["p"] == 1)
        #expect(value["ext"]?["desc"] == "d")
        #expect(value["id"] == "i")
        #expect(value["cache"] == nil)
        #expect(value["owner"] == "o")
        let back = try MBook(json: try book.jsonBytes())
        #expect(back.name == "A" && back.pages == 1 && back.desc == "d" && back.bookID == "i" && back.owner == "o")
    }

    @Test func snakeCaseNaming() throws {
        let repo = try MRepo(json: #"{"full_name":"a/b","stargazers_count":7,"html_url":"u","owner_login":"me"}"#)
        #expect(repo.fullName == "a/b")
        #expect(repo.stargazersCount == 7)
        #expect(repo.htmlURL == "u")
        #expect(repo.owner == "me")
        let value = try repo.jsonValue()
        #expect(value["full_name"] == "a/b")
        #expect(value["owner_login"] == "me")
    }

    @Test func observersRun() throws {
        let observed = try MObserved(json: #"{"value":3}"#)
        #expect(observed.value == 3)
        #expect(observed.log == ["value 0->3"])
    }

    @Test func finalClass() throws {
        let user = try MUser(json: #"{"name":"Ann","age":"41","tags":["a","b"]}"#)
        #expect(user.name == "Ann")
        #expect(user.age == 41)
        #expect(user.tags == ["a", "b"])
        try user.update(json: #"{"age":42}"#)
        #expect(user.age == 42 && user.name == "Ann")
    }

    @Test func subclassDecodesAndEncodesItsSuperclassFields() throws {
        #expect(MAnimal.schema.fieldNames == ["name", "legs"])
        #expect(MDog.schema.fieldNames == ["name", "legs", "breed"])
        #expect(MPuppy.schema.fieldNames == ["name", "legs", "breed", "ageInWeeks"])

        let dog = try MDog(json: #"{"name":"Rex","legs":3,"breed":"collie"}"#)
        #expect(dog.name == "Rex" && dog.legs == 3 && dog.breed == "collie")

        let puppy = try MPuppy(json: #"{"name":"Bit","breed":"pug","weeks":9}"#)
        #expect(puppy.name == "Bit" && puppy.legs == 4 && puppy.breed == "pug" && puppy.ageInWeeks == 9)

        let value = try puppy.jsonValue()
        #expect(value == ["name": "Bit", "legs": 4, "breed": "pug", "weeks": 9])
        let animal: MAnimal = puppy
        #expect(type(of: animal).schema.fieldNames.count == 4)
    }

    @Test func nestedModelClasses() throws {
        let zoo = try MZoo(json: #"{"dogs":[{"name":"a","breed":"x"},{"name":"b"}],"star":{"name":"s","weeks":2}}"#)
        #expect(zoo.dogs.map(\.name) == ["a", "b"])
        #expect(zoo.dogs.first?.breed == "x")
        #expect(zoo.star?.ageInWeeks == 2)
    }

    @Test func polymorphicBaseClass() throws {
        let decoder = ModelDecoder()
        let shape = try decoder.decode(MShape.self, from: #"{"kind":"c","radius":2.5}"#)
        let circle = try #require(shape as? MCircle)
        #expect(circle.kind == "c" && circle.radius == 2.5)
        let plain = try decoder.decode(MShape.self, from: #"{"kind":"p"}"#)
        #expect(type(of: plain) == MShape.self)
    }

    @Test func genericStruct() throws {
        let users = try MPage<MUser>(json: #"{"items":[{"name":"a"},{"name":"b"}],"total":2,"next":"n"}"#)
        #expect(users.items.map(\.name) == ["a", "b"])
        #expect(users.total == 2 && users.next == "n")
        let ints = try MPage<Int>(json: #"{"items":[1,2,3]}"#)
        #expect(ints.items == [1, 2, 3])
        // One schema per concrete type, built once.
        #expect(MPage<Int>.schema === MPage<Int>.schema)
        #expect(MPage<Int>.schema !== MPage<String>.schema)
    }

    @Test func genericClassHierarchy() throws {
        let box = try MLabeledBox<Int>(json: #"{"value":5,"label":"five"}"#)
        #expect(box.value == 5 && box.label == "five")
        #expect(MLabeledBox<Int>.schema.fieldNames == ["value", "label"])
        let plain = try MBox<String>(json: #"{"value":"s"}"#)
        #expect(plain.value == "s")
    }

    @Test func genericModelDecodedConcurrently() async throws {
        let json = Array(#"{"items":[{"name":"a","age":1},{"name":"b","age":2}],"total":2}"#.utf8)
        let decoder = ModelDecoder()
        let totals = try await withThrowingTaskGroup(of: Int.self) { group in
            for i in 0..<64 {
                group.addTask {
                    var sum = 0
                    for _ in 0..<50 {
                        if i.isMultiple(of: 2) {
                            let page = try decoder.decode(MPage<MUser>.self, from: json)
                            sum += page.items.reduce(0) { $0 + $1.age }
                        } else {
                            let page = try MPage<[String: Int]>(json: #"{"items":[{"x":1},{"y":2}]}"#)
                            sum += page.items.reduce(0) { $0 + $1.values.reduce(0, +) }
                        }
                    }
                    return sum
                }
            }
            var all: [Int] = []
            for try await total in group { all.append(total) }
            return all
        }
        #expect(totals.count == 64)
        #expect(totals.allSatisfy { $0 == 150 })
    }

    @Test func publicStructAndOwnInit() throws {
        #expect(try MPublic(json: #"{"id":3}"#).id == 3)
        #expect(MWithInit().name == "default")
        let decoded = try MWithInit(json: #"{"extra":2}"#)
        #expect(decoded.name == "default" && decoded.extra == 2)
    }
}
