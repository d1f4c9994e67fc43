import Foundation
import Testing
@_spi(Benchmarks) @testable import ModelKitCore

// Tables of more than 64 keys on the tape (TapeSchemaReader+Members.swift): the general member
// loop keeps a bit per key in as many words as the table needs (the flat loop's one word holds
// 64), so a wide model, nested or not, reads on the tape with every duplicate-key policy.

/// 70 fields, 70 keys.
private struct TWWide: Model {
    var f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0, f9 = 0, f10 = 0, f11 = 0, f12 = 0, f13 = 0, f14 = 0, f15 = 0, f16 = 0, f17 = 0, f18 = 0, f19 = 0, f20 = 0, f21 = 0, f22 = 0, f23 = 0, f24 = 0, f25 = 0, f26 = 0, f27 = 0, f28 = 0, f29 = 0, f30 = 0, f31 = 0, f32 = 0, f33 = 0, f34 = 0, f35 = 0, f36 = 0, f37 = 0, f38 = 0, f39 = 0, f40 = 0, f41 = 0, f42 = 0, f43 = 0, f44 = 0, f45 = 0, f46 = 0, f47 = 0, f48 = 0, f49 = 0, f50 = 0, f51 = 0, f52 = 0, f53 = 0, f54 = 0, f55 = 0, f56 = 0, f57 = 0, f58 = 0, f59 = 0, f60 = 0, f61 = 0, f62 = 0, f63 = 0, f64 = 0, f65 = 0, f66 = 0, f67 = 0, f68 = 0, f69 = 0
    var more: [String: Int] = [:]
    static let schema = Schema(TWWide.self) {
        Field("f0", \.f0)
        Field("f1", \.f1)
        Field("f2", \.f2)
        Field("f3", \.f3)
        Field("f4", \.f4)
        Field("f5", \.f5)
        Field("f6", \.f6)
        Field("f7", \.f7)
        Field("f8", \.f8)
        Field("f9", \.f9)
        Field("f10", \.f10)
        Field("f11", \.f11)
        Field("f12", \.f12)
        Field("f13", \.f13)
        Field("f14", \.f14)
        Field("f15", \.f15)
        Field("f16", \.f16)
        Field("f17", \.f17)
        Field("f18", \.f18)
        Field("f19", \.f19)
        Field("f20", \.f20)
        Field("f21", \.f21)
        Field("f22", \.f22)
        Field("f23", \.f23)
        Field("f24", \.f24)
        Field("f25", \.f25)
        Field("f26", \.f26)
        Field("f27", \.f27)
        Field("f28", \.f28)
        Field("f29", \.f29)
        Field("f30", \.f30)
        Field("f31", \.f31)
        Field("f32", \.f32)
        Field("f33", \.f33)
        Field("f34", \.f34)
        Field("f35", \.f35)
        Field("f36", \.f36)
        Field("f37", \.f37)
        Field("f38", \.f38)
        Field("f39", \.f39)
        Field("f40", \.f40)
        Field("f41", \.f41)
        Field("f42", \.f42)
        Field("f43", \.f43)
        Field("f44", \.f44)
        Field("f45", \.f45)
        Field("f46", \.f46)
        Field("f47", \.f47)
        Field("f48", \.f48)
        Field("f49", \.f49)
        Field("f50", \.f50)
        Field("f51", \.f51)
        Field("f52", \.f52)
        Field("f53", \.f53)
        Field("f54", \.f54)
        Field("f55", \.f55)
        Field("f56", \.f56)
        Field("f57", \.f57)
        Field("f58", \.f58)
        Field("f59", \.f59)
        Field("f60", \.f60)
        Field("f61", \.f61)
        Field("f62", \.f62)
        Field("f63", \.f63)
        Field("f64", \.f64)
        Field("f65", \.f65)
        Field("f66", \.f66)
        Field("f67", \.f67)
        Field("f68", \.f68)
        Field("f69", \.f69)
        Field("more", \.more)
    }
}

/// One field on 65 keys (the first present key in this list wins), and a required one.
private struct TWManyKeys: Model {
    var value = 0
    var id = 0
    static let schema = Schema(TWManyKeys.self) {
        Field("value", \.value, keys: (0..<65).map { "k\($0)" })
        Field("id", \.id, options: .required)
    }
}

private struct TWHolder: Model {
    var wide: TWWide?
    var many: [TWManyKeys] = []
    var name = ""
    static let schema = Schema(TWHolder.self) {
        Field("wide", \.wide)
        Field("many", \.many)
        Field("name", \.name)
    }
}

@Suite struct TapeWideTableTests {
    static let documents = [
        #"{"wide":{"f0":1,"f63":2,"f64":3,"f69":4,"f65":5},"name":"n"}"#,
        #"{"wide":{"f69":1,"f69":2,"f64":3,"f64":4,"f0":5,"f0":6}}"#,
        #"{"wide":{"f66":"x"}}"#,
        #"{"wide":{"f67":1,"unknown":2}}"#,
        #"{"many":[{"k64":7,"id":1},{"k0":1,"k64":2,"id":2},{"k64":3,"k63":4,"id":3},{"k64":1,"k64":2,"id":4}]}"#,
        #"{"many":[{"k64":7}]}"#,
    ]

    @Test func wideTablesMatchThePushEngine() throws {
        for document in Self.documents {
            for options in [DecodingOptions(), DecodingOptions(conversion: .strict), DecodingOptions(duplicateKeys: .useLast),
                            DecodingOptions(duplicateKeys: .reject), DecodingOptions(unknownKeys: .fail)] {
                try expectSamePaths(TWHolder.self, document, options: options)
            }
        }
        let wide = try DecodePaths.tape(TWWide.self, from: Array(#"{"f69":9,"f64":8,"f1":1}"#.utf8))
        #expect(wide.f69 == 9 && wide.f64 == 8 && wide.f1 == 1)
    }
}
