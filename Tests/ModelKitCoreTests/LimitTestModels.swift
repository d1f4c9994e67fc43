import Foundation
@testable import ModelKitCore

/// Counts decodes of `SharedKeyNode` (each `didDecode` is one model built).
let sharedKeyNodeDecodes = Lock<Int>(0)

/// Two fields on one key, recursively: replaying the value per field made the work exponential in depth.
struct SharedKeyNode: Model, ValidatingModel, Equatable {
    var left: [SharedKeyNode] = []
    var right: [SharedKeyNode] = []
    var tag = 0
    static let schema = Schema(SharedKeyNode.self) {
        Field("left", \.left, key: "k")
        Field("right", \.right, key: "k")
        Field("tag", \.tag, key: "t")
    }
    mutating func didDecode() throws { sharedKeyNodeDecodes.withLock { $0 += 1 } }

    /// `{"k":[{"k":[ … {"t":1} … ]}]}`, `depth` levels.
    static func nested(_ depth: Int) -> [UInt8] {
        Array((String(repeating: #"{"k":["#, count: depth) + #"{"t":1}"# + String(repeating: "]}", count: depth)).utf8)
    }
}

/// A list of integers, for `.skip` runs.
struct IntList: Model {
    var ints: [Int] = []
    static let schema = Schema(IntList.self) { Field("ints", \.ints) }
}

/// A recursive polymorphic model (replayed at every level).
final class ReplayPolyNode: PolymorphicModel, @unchecked Sendable {
    var child: ReplayPolyNode?
    var leaf = 0
    required init() {}
    static var schema: Schema { polyNodeSchema }
    static func modelType(for object: JSONValue) -> (any Model.Type)? { ReplayPolyNode.self }

    static func nested(_ depth: Int) -> [UInt8] {
        Array((String(repeating: #"{"child":"#, count: depth) + #"{"leaf":1}"# + String(repeating: "}", count: depth)).utf8)
    }
}
private let polyNodeSchema = Schema(ReplayPolyNode.self) {
    Field("child", \.child)
    Field("leaf", \.leaf)
}

/// Any JSON, archived.
struct AnyHolder: Model, Equatable {
    var any: JSONValue = .null
    static let schema = Schema(AnyHolder.self) { Field("any", \.any) }
}

struct DateHolder: Model, Equatable {
    var when = Date(timeIntervalSince1970: 0)
    static let schema = Schema(DateHolder.self) { Field("when", \.when) }
}

struct LongHolder: Model {
    var text = ""
    var number: JSONValue = .null
    static let schema = Schema(LongHolder.self) {
        Field("text", \.text, key: "s")
        Field("number", \.number, key: "n")
    }
}

/// A CBOR archive of `AnyHolder` whose `any` is a bignum (tag 2) of `magnitude` bytes.
func archiveHoldingBignum(_ magnitude: [UInt8]) -> [UInt8] {
    var payload: [UInt8] = [0xA1, 0x63] + Array("any".utf8) + [0xC2, 0x5A]
    let count = UInt32(magnitude.count)
    payload += [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
    payload += magnitude
    var archive: [UInt8] = [0xD9, 0xD9, 0xF7, 0x85, 0x68] + Array("ModelKit".utf8) + [0x01]
    let name = Array(AnyHolder.schema.typeName.utf8)
    archive += [0x78, UInt8(name.count)] + name
    archive += payload
    let crc = archive.withUnsafeBytes { CRC32C.checksum($0) }
    archive += [0x1A, UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    return archive
}
