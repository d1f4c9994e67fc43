import Foundation
import Hummingbird
import HummingbirdTesting
import ModelKitCore
import ModelKitHummingbird
import NIOCore
import Testing

/// Hummingbird 2's `RequestDecoder` and `ResponseEncoder` each have one requirement and no
/// `userInfo` parameter: what a request adds to decoding travels in the context, whose
/// `requestDecoder` is built per request. It must reach the type's `Decoder`, and a failure with
/// no place in the input must not be given one.
@Suite struct HummingbirdCodersTests {
    /// A context that hands the request's tenant (set by a middleware from the query) to every `Decoder`.
    struct TenantContext: RequestContext {
        static let tenantKey = CodingUserInfoKey(rawValue: "tenant")!
        var coreContext: CoreRequestContextStorage
        var tenant = "none"
        var requestDecoder: ModelDecoder {
            let decoder = ModelDecoder(options: .server)
            decoder.userInfo = [Self.tenantKey: tenant]
            return decoder
        }
        var responseEncoder: ModelEncoder { ModelEncoder() }

        init(source: Source) {
            coreContext = .init(source: source)
        }
    }

    struct TenantMiddleware: RouterMiddleware {
        func handle(_ request: Request, context: TenantContext, next: (Request, TenantContext) async throws -> Response) async throws -> Response {
            var context = context
            if let tenant = request.uri.queryParameters.get("tenant") { context.tenant = tenant }
            return try await next(request, context)
        }
    }

    struct TaggedNote: Codable, ResponseEncodable, Equatable {
        var text: String
        var tenant: String

        enum CodingKeys: String, CodingKey { case text, tenant }

        init(text: String, tenant: String) {
            self.text = text
            self.tenant = tenant
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            text = try container.decode(String.self, forKey: .text)
            tenant = decoder.userInfo[TenantContext.tenantKey] as? String ?? "<no userInfo>"
        }
    }

    struct Even: Decodable {
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

    var app: some ApplicationProtocol {
        let router = Router(context: TenantContext.self)
        router.add(middleware: TenantMiddleware())
        router.post("notes") { request, context -> TaggedNote in
            try await request.decode(as: TaggedNote.self, context: context)
        }
        router.post("even") { request, context -> String in
            String(try await request.decode(as: Even.self, context: context).count)
        }
        return Application(router: router)
    }

    func errorMessage(_ body: ByteBuffer) throws -> String {
        let object = try ModelDecoder().decode(JSONValue.self, from: Array(buffer: body))
        guard case .string(let message)? = object["error"]?["message"] else { return "<no error.message in \(String(buffer: body))>" }
        return message
    }

    @Test func contextDecoderUserInfoReachesTheDecoder() async throws {
        try await app.test(.router) { client in
            try await client.execute(uri: "/notes?tenant=acme", method: .post, body: ByteBuffer(string: #"{"text":"hi"}"#)) { response async throws in
                #expect(response.status == .ok)
                let echoed = try ModelDecoder().decode(JSONValue.self, from: Array(buffer: response.body))
                #expect(echoed["tenant"] == .string("acme"))
            }
        }
    }

    @Test func errorWithoutAPlaceGetsNoPosition() async throws {
        try await app.test(.router) { client in
            try await client.execute(uri: "/even", method: .post, body: ByteBuffer(string: #"{"count":3}"#)) { response async throws in
                #expect(response.status == .badRequest)
                #expect(try errorMessage(response.body) == "$.count: must be even")
            }
            try await client.execute(uri: "/even", method: .post, body: ByteBuffer(string: "{\"count\":\n4,}")) { response async throws in
                #expect(response.status == .badRequest)
                let message = try errorMessage(response.body)
                #expect(message.contains("line 2, column"), "\(message)")
            }
            try await client.execute(uri: "/even", method: .post, body: ByteBuffer(string: #"{"count":4}"#)) { response async throws in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "4")
            }
        }
    }
}
