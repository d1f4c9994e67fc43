import Foundation
import Testing
@testable import ModelKitCore

// Int128 and UInt128 through the bridge's containers, against JSONDecoder.
private struct Wide: Codable, Equatable {
    var a: Int128
    var b: UInt128
    var list: [Int128]
}

struct CodableWideIntegerTests {
    @Test(arguments: [
        #"{"a":170141183460469231731687303715884105727,"b":340282366920938463463374607431768211455,"list":[-170141183460469231731687303715884105728]}"#,
        #"{"a":1.0,"b":2e3,"list":[0,-1]}"#,
    ])
    func wideIntegersDecodeLikeJSONDecoder(json: String) throws {
        let expected = try JSONDecoder().decode(Wide.self, from: Data(json.utf8))
        #expect(try ModelDecoder(options: DecodingOptions(conversion: .strict)).decode(Wide.self, from: json) == expected)
    }

    @Test(arguments: [
        #"{"a":170141183460469231731687303715884105728,"b":1,"list":[]}"#, #"{"a":1.5,"b":1,"list":[]}"#,
        #"{"a":"1","b":1,"list":[]}"#, #"{"a":null,"b":1,"list":[]}"#, #"{"a":1,"b":-1,"list":[]}"#,
    ])
    func wideIntegerFailuresMatchJSONDecoder(json: String) {
        func failureCase(_ decode: () throws -> Wide) -> String {
            do { _ = try decode(); return "decoded" } catch let error as DecodingError {
                switch error {
                case .typeMismatch: return "typeMismatch"
                case .valueNotFound: return "valueNotFound"
                case .keyNotFound: return "keyNotFound"
                case .dataCorrupted: return "dataCorrupted"
                @unknown default: return "unknown"
                }
            } catch { return "other" }
        }
        let ours = failureCase { try ModelDecoder(options: DecodingOptions(conversion: .strict)).decode(Wide.self, from: json) }
        let theirs = failureCase { try JSONDecoder().decode(Wide.self, from: Data(json.utf8)) }
        #expect(ours != "decoded")
        #expect(ours == theirs, "\(json): \(ours) vs \(theirs)")
    }
}
