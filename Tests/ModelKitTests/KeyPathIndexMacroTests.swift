import Foundation
import ModelKit
import Testing

// Key paths with array indexes through `@Key` and the Codable conformance `@Model` writes.

@Model
struct WPhotoPost: Equatable {
    var title = ""
    @Key("images[0].url") var coverURL: String?
    @Key("images[0].width") var coverWidth = 0
    @Key("images[2].url") var thirdURL: String?
    @Key("grid[1][0]") var corner: Double?
    @Key("names[1]", "name") var name: String?
    @Required @Key("owner.ids[0]") var ownerID = 0
}

struct WPhotoEnvelope: Codable, Equatable {
    var posts: [WPhotoPost]
}

struct KeyPathIndexMacroTests {
    let post = WPhotoPost(title: "t", coverURL: "a.png", coverWidth: 640, thirdURL: "c.png", corner: 1.5, name: "n", ownerID: 7)
    let wire = #"{"title":"t","images":[{"url":"a.png","width":640},null,{"url":"c.png"}],"grid":[null,[1.5]],"names":[null,"n"],"owner":{"ids":[7]}}"#

    @Test func theMacroSchemaWritesAndReadsIndexes() throws {
        #expect(try post.jsonString() == wire)
        #expect(try WPhotoPost(json: wire) == post)
        #expect(try WPhotoPost(json: #"{"owner":{"ids":[1]},"name":"plain","names":["x"]}"#).name == "plain")
    }

    @Test func foundationCodersUseTheSameWireFormat() throws {
        let foundation = try JSONEncoder().encode(post)
        #expect(try ModelDecoder().decode(JSONValue.self, from: foundation) == ModelDecoder().decode(JSONValue.self, from: Array(wire.utf8)))
        #expect(try JSONDecoder().decode(WPhotoPost.self, from: Data(wire.utf8)) == post)
        let envelope = WPhotoEnvelope(posts: [post, WPhotoPost(ownerID: 2)])
        let bytes = try ModelEncoder().encode(envelope)
        #expect(try ModelDecoder().decode(WPhotoEnvelope.self, from: bytes) == envelope)
        #expect(try JSONDecoder().decode(WPhotoEnvelope.self, from: Data(bytes)) == envelope)
    }

    @Test func errorsInsideElementsAreLocatedThroughTheBridge() throws {
        let strict = ModelDecoder(options: DecodingOptions(conversion: .strict))
        let json = #"{"posts":[{"owner":{"ids":[1]}},{"owner":{"ids":[1]},"images":[{},{},{"url":5}]}]}"#
        let error = try #require(throws: DecodingError.self) { try strict.decode(WPhotoEnvelope.self, from: json) }
        guard case .typeMismatch(_, let context) = error else { Issue.record("\(error)"); return }
        #expect((context.underlyingError as? ModelDecodingError)?.path == "$.posts[1].images[2].url")
        let missing = try #require(throws: DecodingError.self) { try strict.decode(WPhotoEnvelope.self, from: #"{"posts":[{"owner":{"ids":[]}}]}"#) }
        guard case .keyNotFound(_, let missingContext) = missing else { Issue.record("\(missing)"); return }
        #expect((missingContext.underlyingError as? ModelDecodingError)?.reason == .missingKey("owner.ids[0]"))
    }
}
