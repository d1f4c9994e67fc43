import Foundation
import Testing
@testable import ModelKitCore

// Recursive tagged unions of each style: a payload that holds the union again.

struct RLeaf: Model, Equatable {
    var value = 0
    static let schema = Schema(RLeaf.self) { Field("value", \.value, options: .required) }
}

struct RInternalNode: Model, Equatable {
    var operands: [RInternal] = []
    static let schema = Schema(RInternalNode.self) { Field("operands", \.operands) }
}

enum RInternal: TaggedModel, Equatable {
    case leaf(RLeaf), node(RInternalNode)
    static let taggedUnion = TaggedUnion(RInternal.self, tag: "type") {
        TaggedCase("leaf", RLeaf.self, embed: { .leaf($0) }, extract: { if case .leaf(let v) = $0 { v } else { nil } })
        TaggedCase("node", RInternalNode.self, embed: { .node($0) }, extract: { if case .node(let v) = $0 { v } else { nil } })
    }
}

struct RAdjacentNode: Model, Equatable {
    var operands: [RAdjacent] = []
    static let schema = Schema(RAdjacentNode.self) { Field("operands", \.operands) }
}

enum RAdjacent: TaggedModel, Equatable {
    case leaf(RLeaf), node(RAdjacentNode)
    static let taggedUnion = TaggedUnion(RAdjacent.self, tag: "kind", content: "data") {
        TaggedCase("leaf", RLeaf.self, embed: { .leaf($0) }, extract: { if case .leaf(let v) = $0 { v } else { nil } })
        TaggedCase("node", RAdjacentNode.self, embed: { .node($0) }, extract: { if case .node(let v) = $0 { v } else { nil } })
    }
}

struct RExternalNode: Model, Equatable {
    var operands: [RExternal] = []
    static let schema = Schema(RExternalNode.self) { Field("operands", \.operands) }
}

enum RExternal: TaggedModel, Equatable {
    case leaf(RLeaf), node(RExternalNode)
    static let taggedUnion = TaggedUnion(RExternal.self) {
        TaggedCase("leaf", RLeaf.self, embed: { .leaf($0) }, extract: { if case .leaf(let v) = $0 { v } else { nil } })
        TaggedCase("node", RExternalNode.self, embed: { .node($0) }, extract: { if case .node(let v) = $0 { v } else { nil } })
    }
}

/// A model holding a recursive internally tagged union (the union below a model's `$defs`).
struct RHolder: Model, Equatable {
    var tree: RInternal = .leaf(RLeaf())
    static let schema = Schema(RHolder.self) { Field("tree", \.tree) }
}

@Suite struct TaggedUnionSchemaTests {
    /// An internally tagged payload is described inline, so a payload holding its union again
    /// never terminated (stack overflow); every style now ends in a `$ref`.
    @Test func recursiveUnionsOfEveryStyleTerminate() throws {
        let options = [JSONSchemaOptions(), JSONSchemaOptions(view: .strictDecoder),
                       JSONSchemaOptions(view: .strictDecoder, decoding: DecodingOptions(unknownKeys: .fail))]
        for option in options {
            for schema in [RInternal.jsonSchema(options: option), RAdjacent.jsonSchema(options: option),
                           RExternal.jsonSchema(options: option), RHolder.jsonSchema(options: option)] {
                #expect(schema.description.contains("$ref"), "\(schema)")
            }
        }
    }

    /// The recursive schemas are valid and accept what the encoder writes, nested three deep;
    /// a wrong tag deep inside is rejected.
    @Test(.enabled(if: SchemaValidator.available, Comment(rawValue: SchemaValidator.unavailableMessage)))
    func recursiveUnionSchemasValidate() throws {
        let internalTree = RInternal.node(RInternalNode(operands: [.leaf(RLeaf(value: 1)), .node(RInternalNode(operands: [.leaf(RLeaf(value: 2))]))]))
        let adjacentTree = RAdjacent.node(RAdjacentNode(operands: [.leaf(RLeaf(value: 1)), .node(RAdjacentNode(operands: [.leaf(RLeaf())]))]))
        let externalTree = RExternal.node(RExternalNode(operands: [.leaf(RLeaf(value: 1)), .node(RExternalNode(operands: [.leaf(RLeaf())]))]))
        var badInternal = try internalTree.jsonValue()
        badInternal["operands"] = [["type": "node", "operands": [["type": "twig"]]]]
        var cases: [SchemaValidator.Case] = []
        for (name, view) in [("encoder", JSONSchemaOptions()), ("decoder", JSONSchemaOptions(view: .strictDecoder))] {
            cases += [
                .init(name: "internal \(name)", schema: RInternal.jsonSchema(options: view), instance: try internalTree.jsonValue()),
                .init(name: "adjacent \(name)", schema: RAdjacent.jsonSchema(options: view), instance: try adjacentTree.jsonValue()),
                .init(name: "external \(name)", schema: RExternal.jsonSchema(options: view), instance: try externalTree.jsonValue()),
                .init(name: "holder \(name)", schema: RHolder.jsonSchema(options: view), instance: try RHolder(tree: internalTree).jsonValue()),
                .init(name: "bad \(name)", schema: RInternal.jsonSchema(options: view), instance: badInternal),
            ]
        }
        let outcomes = try SchemaValidator.run(cases)
        #expect(outcomes.count == cases.count)
        for outcome in outcomes {
            #expect(outcome.schemaIsValid, "\(outcome.name): \(outcome.errors)")
            #expect((outcome.errorCount == 0) == !outcome.name.hasPrefix("bad"), "\(outcome.name): \(outcome.errors)")
        }
    }
}
