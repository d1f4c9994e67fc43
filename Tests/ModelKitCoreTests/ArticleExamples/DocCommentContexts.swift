import Foundation
import ModelKitCore

// What the doc comments' examples use without declaring it (the symbol they document assumes
// it): one namespace per source file, as for the articles (ArticleContexts.swift). The generated
// *DocExamples.swift files add the examples to the same namespaces.

/// The models most doc comments speak of.
enum DocCommentFixtures {
    struct Book: Model, Equatable {
        var name = ""
        var pages = 0
        static let schema = Schema(Book.self) { Field("name", \.name); Field("pages", \.pages) }
    }
    struct Circle: Model, Equatable {
        var radius = 0.0
        static let schema = Schema(Circle.self) { Field("radius", \.radius) }
    }
    struct Square: Model, Equatable {
        var side = 0.0
        static let schema = Schema(Square.self) { Field("side", \.side) }
    }
    static let books = [Book(name: "Dune", pages: 412), Book(name: "Emma", pages: 474)]
    static let booksJSON = Array(#"[{"name":"Dune","pages":412},{"name":"Emma","pages":474}]"#.utf8)
    /// The books' JSON in pieces, as a socket would hand it over.
    static var chunks: [[UInt8]] { stride(from: 0, to: booksJSON.count, by: 7).map { Array(booksJSON[$0..<min($0 + 7, booksJSON.count)]) } }
}

extension ModelDecoderDocArticle {
    typealias Book = DocCommentFixtures.Book
    static let bytes = DocCommentFixtures.booksJSON
}

extension ArchiveDocArticle {
    typealias Book = DocCommentFixtures.Book
    static let book = DocCommentFixtures.books[0]
    static let fileURL = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-doc-\(UUID().uuidString).archive")
}

extension SchemaCodableDocArticle {
    // Declared here, not aliased: the example extends them (a conformance on a shared fixture
    // would leak into every other example).
    struct Book: Model {
        var name = ""
        static let schema = Schema(Book.self) { Field("name", \.name) }
    }
    enum Shape: TaggedModel {
        case circle(DocCommentFixtures.Circle)
        static let taggedUnion = TaggedUnion(Shape.self, tag: "type") {
            TaggedCase("circle", DocCommentFixtures.Circle.self, embed: { .circle($0) }, extract: { if case .circle(let c) = $0 { c } else { nil } })
        }
    }
}

extension AsyncModelSequenceDocArticle {
    typealias Book = DocCommentFixtures.Book
    static var chunks: AsyncStream<[UInt8]> {
        AsyncStream { continuation in
            for chunk in DocCommentFixtures.chunks { continuation.yield(chunk) }
            continuation.finish()
        }
    }
}

extension ModelStreamDecoderDocArticle {
    typealias Book = DocCommentFixtures.Book
    static var chunks: [[UInt8]] { DocCommentFixtures.chunks }
}

extension ModelStreamEncoderDocArticle {
    typealias Book = DocCommentFixtures.Book
    static let books = DocCommentFixtures.books
    /// Where the encoded pieces go (a response body, a socket).
    static func send(_ bytes: [UInt8]) { precondition(!bytes.isEmpty) }
}

extension FieldDocArticle {
    /// The fields the example's schema maps (the schema is the example).
    struct Book: Model {
        var name = ""
        var bookID: String?
        var desc: String?
        var color = Color(hex: "#000000")
        var isbn = ""
        // The example's schema is compiled in `extension FieldDocArticle.Book`, which does not
        // see the namespace's members (and would find other tests' `Book` first).
        typealias Book = FieldDocArticle.Book
        typealias Color = FieldDocArticle.Color
    }
    struct Color: Sendable {
        var hex: String
    }
}

extension SchemaCacheDocArticle {
    /// A generic model: one schema per `T`, built once.
    struct Node<T: ModelValue & Sendable>: Model {
        var value: T?
        // The example is compiled in `extension SchemaCacheDocArticle.Node`, where `Node` would
        // be another test's.
        typealias Node = SchemaCacheDocArticle.Node
    }
}

extension TaggedModelDocArticle {
    typealias Circle = DocCommentFixtures.Circle
    typealias Square = DocCommentFixtures.Square
}

extension TaggedUnionDocArticle {
    typealias Circle = DocCommentFixtures.Circle
    typealias Square = DocCommentFixtures.Square
}

extension EncodingOptionsDocArticle {
    static let book = DocCommentFixtures.books[0]
}

extension ModelEncoderMemoryDocArticle {
    static let encoder = ModelEncoder()
    static let issue = DocCommentFixtures.books[0]
}

extension ModelEncoderDocArticle {
    static let books = DocCommentFixtures.books
}

extension JSONSchemaOptionsDocArticle {
    typealias Book = DocCommentFixtures.Book
}

extension ModelValueJSONSchemaDocumentDocArticle {
    typealias Book = DocCommentFixtures.Book
}

extension CheckDocArticle {
    /// The fields the example's checks apply to (the schema is the example).
    struct User: Model {
        var age = 0
        var username = ""
        var tags: [String] = []
        var role = "member"
        var score = 0
        // The example's schema is compiled in `extension CheckDocArticle.User`.
        typealias User = CheckDocArticle.User
    }
}
