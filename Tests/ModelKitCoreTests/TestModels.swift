import Foundation
@testable import ModelKitCore

/// YYModel's `Book` mapping, by hand.
struct Book: Model, Equatable {
    var name = ""
    var pages = 0
    var desc: String?
    var bookID: String?
    var cache: [String: Int] = [:]

    static let schema = Schema(Book.self) {
        Field("name", \.name, key: "n")
        Field("pages", \.pages, key: "p")
        Field("desc", \.desc, key: "ext.desc")
        Field("bookID", \.bookID, keys: ["id", "ID", "book_id"])
        Field("cache", \.cache, options: .notMapped)
    }
}

struct User: Model, Equatable {
    var id: Int64 = 0
    var name = ""
    var email: String?
    var tags: [String] = []

    static let schema = Schema(User.self) {
        Field("id", \.id)
        Field("name", \.name)
        Field("email", \.email)
        Field("tags", \.tags)
    }
}

struct Status: Model, Equatable {
    var id: Int64 = 0
    var text = ""
    var user = User()
    var retweeted: [Status] = []

    static let schema = Schema(Status.self) {
        Field("id", \.id)
        Field("text", \.text)
        Field("user", \.user)
        Field("retweeted", \.retweeted)
    }
}

struct Timeline: Model, Equatable {
    var statuses: [Status] = []
    static let schema = Schema(Timeline.self) {
        Field("statuses", \.statuses)
    }
}
