import Foundation
import Testing
import ModelKitCore

/// Integers are written two digits per step after counting their length: every length, both ends
/// of each, and the extremes must print as `String(value)` does.
@Suite struct IntegerWritingTests {
    private struct Numbers: Model {
        var signed: Int64 = 0
        var unsigned: UInt64 = 0
        static let schema = Schema(Numbers.self) {
            Field("s", \.signed)
            Field("u", \.unsigned)
        }
    }

    private func check(_ signed: Int64, _ unsigned: UInt64) throws {
        let json = try Numbers(signed: signed, unsigned: unsigned).jsonString()
        #expect(json == "{\"s\":\(signed),\"u\":\(unsigned)}")
    }

    @Test func everyLengthAndItsEnds() throws {
        var power: UInt64 = 1
        for _ in 0..<20 {
            for candidate in [power, power &+ 1, power &- 1, power &* 9 / 10 &+ power / 10, power &* 5] where candidate != 0 || power == 1 {
                try check(Int64(truncatingIfNeeded: candidate), candidate)
                try check(-Int64(truncatingIfNeeded: candidate & 0x7FFF_FFFF_FFFF_FFFF), candidate)
            }
            power = power &* 10
        }
        for value: UInt64 in [0, 9, 10, 11, 99, 100, 101, 999, 1_000, 1_234_567, 208_045_946, 9_999_999_999] {
            try check(Int64(value), value)
        }
        try check(.max, .max)
        try check(.min, UInt64(Int64.max) + 1)
    }
}
