import Foundation
import ModelKitCore
import ModelKitOpenAPI
import OpenAPIKit
import Testing

/// The conversion reshapes schemas for OpenAPIKit (combinators split into `allOf`, untyped
/// key-path levels, `null` branches, boolean schemas): Python's `jsonschema` (draft 2020-12)
/// must give every instance the same verdict under ModelKit's document and under the component
/// schema as written in an OpenAPI document.
@Suite struct OpenAPIEquivalenceTests {
    private static let strict = JSONSchemaOptions(view: .strictDecoder)

    /// Instances of `OpenAPIKitchen` in the strict-decoder view, valid and not.
    private static let kitchenInstances: [(String, JSONValue)] = [
        ("alternative key", ["ISBN": "1"]),
        ("first key", ["isbn": "1", "meta": ["summary": "s"]]),
        ("no isbn", ["meta": ["summary": "s"]]),
        ("key-path level not an object", ["isbn": "1", "meta": 5]),
        ("key-path value of the wrong type", ["isbn": "1", "meta": ["summary": 5]]),
        ("null author", ["isbn": "1", "maybeAuthor": nil]),
        ("author", ["isbn": "1", "maybeAuthor": ["name": "A"]]),
        ("author of the wrong type", ["isbn": "1", "maybeAuthor": 5]),
        ("author without a name", ["isbn": "1", "maybeAuthor": [:]]),
        ("null int", ["isbn": "1", "maybeInt": nil]),
        ("int8 out of range", ["isbn": "1", "int8": 300]),
        ("unknown genre", ["isbn": "1", "genre": "drama"]),
        ("uint64 maximum", ["isbn": "1", "uint64": JSONValue(UInt64.max)]),
    ]

    private static let customInstances: [(String, JSONValue)] = [
        ("anything", ["anything": ["x": [1, 2]], "commented": "a"]),
        ("something where nothing goes", ["nothing": 1, "commented": "a"]),
        ("comment is no constraint", ["commented": 5]),
    ]

    @Test func reshapedSchemasAcceptWhatModelKitsSchemaAccepts() throws {
        guard Self.pythonAvailable else {
            print("python3 with jsonschema not available (scripts/test.sh installs it): OpenAPI equivalence test skipped")
            return
        }
        var cases: [JSONValue] = []
        for (model, options, instances) in [
            (OpenAPIKitchen.self as any Model.Type, Self.strict, Self.kitchenInstances),
            (OpenAPIKitchen.self, JSONSchemaOptions(), Self.kitchenInstances),
            (OpenAPICustomValues.self, JSONSchemaOptions(), Self.customInstances),
        ] {
            let original = model.jsonSchema(options: options)
            let converted = try Self.openAPIRoot(for: model, options: options)
            for (name, instance) in instances {
                cases.append(["name": .string("\(model.schema.typeName) \(name)"), "a": original, "b": converted, "instance": instance])
            }
        }
        let verdicts = try Self.verdicts(cases)
        #expect(verdicts.count == cases.count)
        for verdict in verdicts {
            #expect(verdict["a"] == verdict["b"], "\(verdict["name"] ?? nil): ModelKit \(verdict["a"] ?? nil), OpenAPI \(verdict["b"] ?? nil)")
        }
        // The instances tell the schemas apart: some valid, some not.
        #expect(Set(verdicts.compactMap { $0["a"] }).count == 2)
    }

    /// A schema document `$ref`-ing `model`'s component next to the components as OpenAPIKit writes them.
    private static func openAPIRoot(for model: any Model.Type, options: JSONSchemaOptions) throws -> JSONValue {
        let components = try OpenAPI.Components(schemasFor: [model], options: options)
        return [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$ref": .string("#/components/schemas/" + model.openAPIComponentName),
            "components": ["schemas": .object(try OpenAPIExpectations.json(of: components))],
        ]
    }

    private static let pythonAvailable: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import jsonschema; jsonschema.Draft202012Validator"]
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    private static let script = """
    import json, sys
    from jsonschema import Draft202012Validator
    out = []
    for case in json.load(open(sys.argv[1])):
        verdict = lambda schema: Draft202012Validator(schema).is_valid(case['instance'])
        out.append({'name': case['name'], 'a': verdict(case['a']), 'b': verdict(case['b'])})
    json.dump(out, open(sys.argv[2], 'w'))
    """

    /// Each case's name and whether its instance is valid under schema `a` and under schema `b`.
    private static func verdicts(_ cases: [JSONValue]) throws -> [JSONValue] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-openapi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("cases.json"), output = directory.appendingPathComponent("out.json")
        try Data(ModelEncoder().encode(JSONValue.array(cases))).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, input.path, output.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ModelValueError("python3 exited with \(process.terminationStatus)") }
        return try ModelDecoder().decode(JSONValue.self, from: [UInt8](Data(contentsOf: output))).arrayValue ?? []
    }
}
