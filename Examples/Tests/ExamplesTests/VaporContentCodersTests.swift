import Foundation
import ModelKitCore
import ModelKitVapor
import Vapor
import XCTVapor

/// ModelKit installed as Vapor's JSON coders for the whole app
/// (`ContentConfiguration.global.use(decoder:for:)`), as the README tells users to switch: Vapor's
/// own features that reach the decoder through `userInfo` (`Validatable.validate(content:)`,
/// `req.content.get(_:at:)`) must work, and a failure only gets a line and column when the input
/// has one.
final class VaporContentCodersTests: XCTestCase {
    var app: Application!
    private var savedConfiguration: ContentConfiguration!

    override func setUp() async throws {
        savedConfiguration = ContentConfiguration.global
        ContentConfiguration.global.use(decoder: ModelDecoder(options: .server), for: .json)
        ContentConfiguration.global.use(encoder: ModelEncoder(), for: .json)
        app = try await Application.make(.testing)
        app.middleware = Middlewares()
        app.middleware.use(ErrorMiddleware.default(environment: app.environment))

        app.post("users") { req async throws -> CreateUser in
            try CreateUser.validate(content: req)
            return try req.content.decode(CreateUser.self)
        }
        app.post("users", "name") { req async throws -> String in
            try req.content.get(String.self, at: "name")
        }
        app.post("users", "tags", "second") { req async throws -> String in
            try req.content.get(String.self, at: "tags", 1)
        }
        app.post("even") { req async throws -> EvenCount in
            try req.content.decode(EvenCount.self)
        }
    }

    override func tearDown() async throws {
        try await app.asyncShutdown()
        app = nil
        ContentConfiguration.global = savedConfiguration
    }

    /// The `reason` of Vapor's error body.
    func reason(_ body: ByteBuffer) throws -> String {
        let object = try ModelDecoder().decode(JSONValue.self, from: Array(buffer: body))
        guard case .string(let reason)? = object["reason"] else { return "<no reason in \(String(buffer: body))>" }
        return reason
    }

    func post(_ path: String, _ body: String, _ check: (XCTHTTPResponse) async throws -> Void) async throws {
        try await app.test(.POST, path, headers: ["Content-Type": "application/json"], body: ByteBuffer(string: body), afterResponse: check)
    }

    func testValidBodyPassesValidation() async throws {
        try await post("users", #"{"name":"Mona","email":"mona@example.com","tags":["a","b"]}"#) { response async throws in
            XCTAssertEqual(response.status, .ok, String(buffer: response.body))
            XCTAssertEqual(try ModelDecoder().decode(CreateUser.self, from: Array(buffer: response.body)),
                           CreateUser(name: "Mona", email: "mona@example.com", tags: ["a", "b"]))
        }
    }

    func testInvalidBodyIsA400NamingTheFailedRules() async throws {
        try await post("users", #"{"name":"","email":"not an address"}"#) { response async throws in
            XCTAssertEqual(response.status, .badRequest)
            let reason = try self.reason(response.body)
            XCTAssertTrue(reason.contains("name is less than minimum of 1 character(s)"), reason)
            XCTAssertTrue(reason.contains("email is not a valid email address"), reason)
            XCTAssertFalse(reason.contains("broken Decoder"), reason)
            XCTAssertFalse(reason.contains("line 0"), reason)
        }
        try await post("users", #"{"name":7,"email":"mona@example.com"}"#) { response async throws in
            XCTAssertEqual(response.status, .badRequest)
            let reason = try self.reason(response.body)
            XCTAssertTrue(reason.contains("name is not a(n) String"), reason)
        }
        try await post("users", #"{"email":"mona@example.com"}"#) { response async throws in
            XCTAssertEqual(response.status, .badRequest)
            XCTAssertTrue(try self.reason(response.body).contains("name is required"))
        }
    }

    func testMalformedBodyIsA400NamingLineAndColumn() async throws {
        try await post("users", "{\"name\":\"Mona\",\n \"email\": tru}") { response async throws in
            XCTAssertEqual(response.status, .badRequest)
            let reason = try self.reason(response.body)
            XCTAssertTrue(reason.contains("line 2, column"), reason)
            XCTAssertTrue(reason.contains("invalid JSON"), reason)
        }
    }

    /// `req.content.get(_:at:)` hands the key path to the decoder in `userInfo` too.
    func testContentGetAtKeyPath() async throws {
        try await post("users/name", #"{"name":"Mona","email":"mona@example.com"}"#) { response async throws in
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(String(buffer: response.body), "Mona")
        }
        try await post("users/tags/second", #"{"name":"Mona","tags":["a","b"]}"#) { response async throws in
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(String(buffer: response.body), "b")
        }
    }

    /// Per-call `userInfo` reaches the type's `Decoder`, over the decoder's own (the call wins),
    /// and leaves the shared decoder as it was.
    func testUserInfoIsForThatCallOnly() throws {
        let decoder = ModelDecoder()
        decoder.userInfo = [Greeting.key: "hello", Greeting.other: "kept"]
        let body = ByteBuffer(string: "{}")
        let greeting = try decoder.decode(Greeting.self, from: body, headers: [:], userInfo: [Greeting.key: "hi"])
        XCTAssertEqual(greeting.text, "hi")
        XCTAssertEqual(greeting.other, "kept")
        XCTAssertEqual(try decoder.decode(Greeting.self, from: body, headers: [:]).text, "hello")
        XCTAssertEqual(decoder.userInfo[Greeting.key] as? String, "hello")
    }

    /// The `userInfo` overload of `ContentEncoder` writes the same JSON as the older one.
    func testEncoderUserInfoOverload() throws {
        var body = ByteBufferAllocator().buffer(capacity: 0)
        var headers = HTTPHeaders()
        try ModelEncoder().encode(CreateUser(name: "Mona", email: "m@example.com", tags: nil), to: &body, headers: &headers,
                                  userInfo: [Greeting.key: "hi"])
        XCTAssertEqual(headers.contentType, .json)
        XCTAssertEqual(try ModelDecoder().decode(CreateUser.self, from: Array(buffer: body)), CreateUser(name: "Mona", email: "m@example.com", tags: nil))
    }

    /// The call's `userInfo` reaches the type's `Encoder`, over the encoder's own, for that call only.
    func testEncoderUserInfoReachesTheEncoder() throws {
        let encoder = ModelEncoder()
        encoder.userInfo = [Greeting.key: "hello", Greeting.other: "kept"]
        var body = ByteBufferAllocator().buffer(capacity: 0)
        var headers = HTTPHeaders()
        try encoder.encode(Salute(), to: &body, headers: &headers, userInfo: [Greeting.key: "hi"])
        XCTAssertEqual(String(buffer: body), #"{"text":"hi","other":"kept"}"#)
        XCTAssertEqual(encoder.userInfo[Greeting.key] as? String, "hello")
    }

    /// A `DecodingError` a type throws itself has a coding path but no place in the input: the
    /// 400 names the path and the message, with no made-up line 0, column 0.
    func testErrorWithoutAPlaceGetsNoPosition() async throws {
        try await post("even", #"{"count":3}"#) { response async throws in
            XCTAssertEqual(response.status, .badRequest)
            XCTAssertEqual(try self.reason(response.body), "$.count: must be even")
        }
        let unlocated = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Validation executor couldn't find any validations to run (broken Decoder?)"))
        XCTAssertEqual(Abort(decodeFailure: unlocated)?.reason, "$: Validation executor couldn't find any validations to run (broken Decoder?)")
    }
}

struct CreateUser: Content, Validatable, Equatable {
    var name: String
    var email: String
    var tags: [String]?

    static func validations(_ validations: inout Validations) {
        validations.add("name", as: String.self, is: .count(1...))
        validations.add("email", as: String.self, is: .email)
    }
}

struct EvenCount: Content {
    var count: Int

    enum CodingKeys: String, CodingKey { case count }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        count = try container.decode(Int.self, forKey: .count)
        guard count.isMultiple(of: 2) else {
            throw DecodingError.dataCorruptedError(forKey: .count, in: container, debugDescription: "must be even")
        }
    }
}

private struct Greeting: Decodable {
    static let key = CodingUserInfoKey(rawValue: "greeting")!
    static let other = CodingUserInfoKey(rawValue: "other")!
    var text: String?
    var other: String?

    init(from decoder: any Decoder) throws {
        text = decoder.userInfo[Self.key] as? String
        other = decoder.userInfo[Self.other] as? String
    }
}

/// Writes what its `Encoder`'s `userInfo` holds.
private struct Salute: Encodable {
    enum Keys: String, CodingKey { case text, other }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(encoder.userInfo[Greeting.key] as? String, forKey: .text)
        try container.encode(encoder.userInfo[Greeting.other] as? String, forKey: .other)
    }
}
