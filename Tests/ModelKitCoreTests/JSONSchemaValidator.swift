import Foundation
@testable import ModelKitCore

/// Runs Python's `jsonschema` (Draft 2020-12, formats checked) over many (schema, instance) pairs
/// in one process, and makes instances for and mutations of a schema.
enum SchemaValidator {
    struct Case {
        var name: String
        var schema: JSONValue
        var instance: JSONValue
    }

    struct Outcome {
        var name: String
        /// The schema passed `Draft202012Validator.check_schema`.
        var schemaIsValid: Bool
        /// Validation errors of the instance (their messages, at most 3), or the schema error.
        var errors: [String]
        var errorCount: Int
    }

    static let available: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import jsonschema, rfc3339_validator; jsonschema.Draft202012Validator"]
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    static let unavailableMessage =
        "python3 with jsonschema and rfc3339-validator not available (scripts/test.sh installs them): JSON Schema validation tests skipped"

    private static let script = """
    import json, sys
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import SchemaError
    cases = json.load(open(sys.argv[1]))
    checked = {}
    out = []
    for case in cases:
        key = json.dumps(case['schema'], sort_keys=True)
        if key not in checked:
            try:
                Draft202012Validator.check_schema(case['schema'])
                checked[key] = None
            except SchemaError as error:
                checked[key] = str(error).splitlines()[0]
        if checked[key] is not None:
            out.append({'name': case['name'], 'schemaIsValid': False, 'errors': [checked[key]], 'count': 1})
            continue
        validator = Draft202012Validator(case['schema'], format_checker=Draft202012Validator.FORMAT_CHECKER)
        errors = ['%s at %s' % (e.message[:200], list(e.absolute_path)) for e in validator.iter_errors(case['instance'])]
        out.append({'name': case['name'], 'schemaIsValid': True, 'errors': errors[:3], 'count': len(errors)})
    json.dump(out, open(sys.argv[2], 'w'))
    """

    /// Validates every case; throws when Python fails.
    static func run(_ cases: [Case]) throws -> [Outcome] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("cases.json"), output = directory.appendingPathComponent("out.json")
        let payload = JSONValue.array(cases.map { ["name": .string($0.name), "schema": $0.schema, "instance": $0.instance] })
        try Data(try ModelEncoder().encode(payload)).write(to: input)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, input.path, output.path]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw ModelValueError("python3 exited with \(process.terminationStatus)") }
        let results = try ModelDecoder().decode(JSONValue.self, from: [UInt8](try Data(contentsOf: output)))
        return (results.arrayValue ?? []).map { result in
            Outcome(name: result["name"]?.stringValue ?? "?", schemaIsValid: result["schemaIsValid"] == true,
                    errors: (result["errors"]?.arrayValue ?? []).compactMap(\.stringValue),
                    errorCount: Int(result["count"]?.int64Value ?? -1))
        }
    }

    // MARK: Walking a schema document

    /// Follows `$ref`s (`"#"` and `"#/$defs/Name"`) within `document`.
    static func resolve(_ schema: JSONValue, in document: JSONValue) -> JSONValue {
        var schema = schema
        var hops = 0
        while let ref = schema["$ref"]?.stringValue, hops < 32 {
            hops += 1
            if ref == "#" { schema = document; continue }
            guard ref.hasPrefix("#/$defs/"), let target = document["$defs"]?[String(ref.dropFirst(8))] else { break }
            schema = target
        }
        return schema
    }

    static func types(_ schema: JSONValue) -> [String] {
        switch schema["type"] {
        case .string(let type)?: return [type]
        case .array(let types)?: return types.compactMap(\.stringValue)
        default: return []
        }
    }

    /// A document `schema` accepts, every property filled until `depth` 3 (required ones after).
    static func example(_ schema: JSONValue, in document: JSONValue, depth: Int = 0, omittingAny: Bool = false) -> JSONValue? {
        guard depth < 10 else { return nil }
        let followed = schema["$ref"] != nil
        let s = resolve(schema, in: document)
        let depth = followed ? depth + 1 : depth
        if let values = s["enum"]?.arrayValue { return values.first }
        if let value = s["const"] { return value }
        for keyword in ["oneOf", "anyOf"] {
            if let first = s[keyword]?.arrayValue?.first { return example(first, in: document, depth: depth, omittingAny: omittingAny) }
        }
        if let parts = s["allOf"]?.arrayValue {
            var merged = JSONObject()
            for part in parts {
                if case .object(let members)? = example(part, in: document, depth: depth, omittingAny: omittingAny) {
                    for (key, value) in members { merged[key] = value }
                }
            }
            return .object(merged)
        }
        if types(s) == ["null"] { return .null }
        switch types(s).first(where: { $0 != "null" }) {
        case "boolean": return true
        case "integer": return 42
        case "number": return 2.5
        case "string":
            switch s["format"]?.stringValue {
            case "date-time": return "2024-02-29T12:34:56.25Z"
            case "uuid": return "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
            case "uri": return "https://example.com/a?b=c"
            default: return s["contentEncoding"] != nil ? "AAEC/w==" : "text"
            }
        case "array" where s["prefixItems"] != nil:
            // A key-path array (`"images[1].url"`): one example per index.
            return .array((s["prefixItems"]?.arrayValue ?? []).map { example($0, in: document, depth: depth + 1, omittingAny: omittingAny) ?? .null })
        case "array":
            guard depth < 3, let items = s["items"], let element = example(items, in: document, depth: depth + 1, omittingAny: omittingAny) else { return [] }
            return s["uniqueItems"] == true ? [element] : [element, element]
        case "object":
            let required = Set((s["required"]?.arrayValue ?? []).compactMap(\.stringValue))
            var object = JSONObject()
            for (key, sub) in s["properties"]?.objectValue ?? [:] where depth < 3 || required.contains(key) {
                if let value = example(sub, in: document, depth: depth + 1, omittingAny: omittingAny) { object[key] = value }
            }
            if depth < 3, let values = s["additionalProperties"], values != false,
               let value = example(values, in: document, depth: depth + 1, omittingAny: omittingAny) {
                object["k1"] = value
            }
            return .object(object)
        default:
            return omittingAny ? nil : ["any": [1, "two", nil, ["three": true]]]
        }
    }
}
