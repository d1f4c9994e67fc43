import Foundation
import Testing
@testable import ModelKitCore

@Suite struct JSONSchemaTests {
    @Test func explore() throws {
        for s in [Book.jsonSchema(), Book.jsonSchema(options: .init(view: .strictDecoder)), SchemaZoo.jsonSchema(), SchemaKitchen.jsonSchema()] {
            print(String(decoding: try ModelEncoder(options: .prettyPrinted).encode(s), as: UTF8.self))
        }
    }
}
