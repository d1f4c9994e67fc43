import Foundation
import Testing
@testable import ModelKitCore

final class Node: Model, DescribedModel, @unchecked Sendable {
    var name = ""
    var next: Node?
    var children: [Node] = []
    var token: String?
    required init() {}
    static let schema = Schema(Node.self) {
        Field("name", \.name)
        Field("next", \.next)
        Field("children", \.children)
        Field("token", \.token, options: .notDescribed)
    }
}

struct Profile: Model {
    var user = User()
    var tags: Set<String> = []
    var scores: [String: Int] = [:]
    var blob = Data()
    var bio = ""
    var password: String?
    static let schema = Schema(Profile.self) {
        Field("user", \.user)
        Field("tags", \.tags)
        Field("scores", \.scores)
        Field("blob", \.blob)
        Field("bio", \.bio)
        Field("password", \.password, options: .notDescribed)
    }
}

@Suite struct DescriptionAndEqualityTests {
    @Test func nestedDescriptionSnapshot() {
        var profile = Profile()
        profile.user = User(id: 7, name: "ann", email: nil, tags: ["a", "b"])
        profile.tags = ["x"]
        profile.scores = ["b": 2, "a": 1]
        profile.blob = Data([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
        profile.bio = String(repeating: "é", count: 120)
        profile.password = "secret"
        let expected = """
        Profile {
          user: User {
            id: 7
            name: "ann"
            email: nil
            tags: [
              "a",
              "b"
            ]
          }
          tags: [
            "x"
          ]
          scores: [
            "a": 1
            "b": 2
          ]
          blob: <10 bytes: 0001020304050607…>
          bio: "\(String(repeating: "é", count: 100))"…(120 characters)
        }
        """
        #expect(profile.modelDescription == expected)
        #expect(!profile.modelDescription.contains("secret"))
    }

    @Test func cyclesArePrintedOnceThenReferenced() {
        let a = Node()
        a.name = "a"
        let b = Node()
        b.name = "b"
        a.next = b
        b.next = a
        a.token = "hidden"
        let expected = """
        Node {
          name: "a"
          next: Node {
            name: "b"
            next: <cycle: Node>
            children: []
          }
          children: []
        }
        """
        #expect(a.modelDescription == expected)
        #expect("\(a)" == expected)
        b.next = nil  // break the cycle the test made (LeakSanitizer runs in CI)
    }

    @Test func equalityAndHashFollowTheSchema() {
        var p1 = Profile()
        p1.tags = Set((0..<50).map(String.init))
        p1.scores = Dictionary(uniqueKeysWithValues: (0..<50).map { ("k\($0)", $0) })
        var p2 = Profile()
        p2.scores = Dictionary(uniqueKeysWithValues: (0..<50).reversed().map { ("k\($0)", $0) })
        p2.tags = Set((0..<50).reversed().map(String.init))
        #expect(p1.modelIsEqual(p2))
        var h1 = Hasher(), h2 = Hasher()
        p1.modelHash(into: &h1)
        p2.modelHash(into: &h2)
        #expect(h1.finalize() == h2.finalize())
        p2.password = "x"   // not mapped to description, but part of equality
        #expect(!p1.modelIsEqual(p2))
    }

    @Test func copyIsDeepForModelClasses() {
        let root = Node()
        root.name = "root"
        let child = Node()
        child.name = "child"
        root.children = [child]
        root.next = child
        root.token = "t"
        let copy = root.modelCopy()
        #expect(copy !== root)
        #expect(copy.modelIsEqual(root))
        #expect(copy.next !== child)
        #expect(copy.children[0] !== child)
        #expect(copy.token == "t")
        copy.children[0].name = "changed"
        #expect(child.name == "child")
        let local = LocalUser()
        local.localName = "l"
        let localCopy = local.modelCopy()
        #expect(type(of: localCopy) == LocalUser.self)
        #expect(localCopy.localName == "l")
    }
}
