import Foundation
import Testing
@testable import ModelKitCore

// RawRepresentable enums are field values as they are: a plain `enum State: String` field needs
// no ModelValue conformance of its own, and an unknown raw value is a located mismatch.

enum PlainState: String { case on, off }
enum PlainLevel: Int { case low = 1, high = 2 }
enum PlainByte: UInt8 { case zero = 0, max = 255 }
/// Conforms explicitly as well: must stay unambiguous.
enum ExplicitState: String, ModelValue { case up, down }

struct Device: Model, Equatable {
    var state = PlainState.off
    var level: PlainLevel?
    var byte = PlainByte.zero
    var explicit = ExplicitState.down
    var maybeExplicit: ExplicitState?
    static let schema = Schema(Device.self) {
        Field("state", \.state)
        Field("level", \.level, key: "lvl")
        Field("byte", \.byte, keys: ["byte", "b"])
        Field("explicit", \.explicit)
        Field("maybeExplicit", \.maybeExplicit)
    }
}

@Suite struct EnumValueTests {
    @Test func plainRawValueEnumsAreFields() throws {
        let device = try Device(json: #"{"state": "on", "lvl": 2, "b": 255, "explicit": "up", "maybeExplicit": "down"}"#)
        #expect(device == Device(state: .on, level: .high, byte: .max, explicit: .up, maybeExplicit: .down))
        let json = try String(decoding: device.jsonBytes(options: EncodingOptions(sortedKeys: true)), as: UTF8.self)
        #expect(json == #"{"byte":255,"explicit":"up","lvl":2,"maybeExplicit":"down","state":"on"}"#)
        #expect(try Device(json: json) == device)
        #expect(try Archive.decode(Device.self, from: Archive.encode(device)) == device)
        #expect(try Device(json: #"{"lvl": null}"#).level == nil)
        #expect(device.modelDescription.contains("on"))
    }

    @Test func unknownRawValuesAreLocatedMismatches() throws {
        let error = try #require(throws: ModelDecodingError.self) { try Device(json: #"{"state": "dim"}"#) }
        #expect(error.path == "$.state")
        #expect(error.byteOffset == 10)
        #expect(throws: ModelDecodingError.self) { try Device(json: #"{"lvl": 3}"#) }
        #expect(throws: ModelDecodingError.self) { try Device(json: #"{"state": {}}"#) }
        var skipping = DecodingOptions()
        skipping.mismatch = .skip
        #expect(try Device(json: #"{"state": "dim", "lvl": 1}"#, options: skipping) == Device(state: .off, level: .low))
    }
}
