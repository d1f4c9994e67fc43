@testable import ModelKitCore

/// Documents a schema must reject: each changes one place of a valid instance (a wrong type, a
/// missing required key, a bad format, an out-of-range integer, an unknown case or key, a repeat
/// in a set), found by walking the instance along its schema.
struct SchemaMutations {
    enum Step { case key(String), index(Int) }
    struct Mutation {
        var label: String
        var document: JSONValue
    }

    let document: JSONValue
    let root: JSONValue
    private(set) var found: [Mutation] = []

    init(schema: JSONValue, instance: JSONValue) {
        document = schema
        root = instance
        walk(instance, schema, path: [])
    }

    private mutating func walk(_ value: JSONValue, _ schema: JSONValue, path: [Step]) {
        let s = SchemaValidator.resolve(schema, in: document)
        // Unions and shared keys: which branch applies is not this walker's business.
        if s["anyOf"] != nil || s["oneOf"] != nil || s["allOf"] != nil || s["not"] != nil { return }
        let types = SchemaValidator.types(s)
        if !types.isEmpty, let wrong = wrongType(for: types) { add("wrong type", path, wrong) }
        if let values = s["enum"]?.arrayValue, !values.contains("no-such-case") { add("unknown case", path, "no-such-case") }
        if case .string = value {
            switch s["format"]?.stringValue {
            case "uuid": add("bad uuid", path, "E621E1F8-C36C-495A-93FC")
            case "date-time": add("bad date-time", path, "2024-02-30 noon")
            default: break
            }
            if s["pattern"] != nil { add("pattern", path, "#not matching at all!") }
            if s["minLength"] == 1 { add("empty", path, "") }
        }
        if case .number = value, let maximum = s["maximum"]?.numberValue?.decimalValue { add("above maximum", path, JSONValue(maximum + 1)) }
        if case .number = value, let minimum = s["minimum"]?.numberValue?.decimalValue { add("below minimum", path, JSONValue(minimum - 1)) }
        switch value {
        case .object(let members):
            for key in (s["required"]?.arrayValue ?? []).compactMap(\.stringValue) where members[key] != nil {
                found.append(Mutation(label: "missing \(describe(path + [.key(key)]))", document: removing(path + [.key(key)], from: root)))
            }
            if s["additionalProperties"] == false { add("unknown key", path + [.key("unknown_key_")], "x") }
            for (key, sub) in s["properties"]?.objectValue ?? [:] {
                if let member = members[key] { walk(member, sub, path: path + [.key(key)]) }
            }
            if let values = s["additionalProperties"], case .object = values, let (key, member) = members.first(where: { _ in true }) {
                walk(member, values, path: path + [.key(key)])
            }
        case .array(let elements) where s["prefixItems"] != nil:
            // A key-path array: each element against its own schema, and nothing after the last.
            for (i, (element, sub)) in zip(elements, s["prefixItems"]?.arrayValue ?? []).enumerated() {
                walk(element, sub, path: path + [.index(i)])
            }
            if s["items"] == false { add("extra element", path, .array(elements + Array(repeating: JSONValue.null, count: (s["prefixItems"]?.arrayValue?.count ?? 0) + 1 - elements.count))) }
        case .array(let elements):
            if let first = elements.first, let items = s["items"] {
                walk(first, items, path: path + [.index(0)])
                if s["uniqueItems"] == true { add("repeated item", path, .array(elements + [first])) }
            }
        default: break
        }
    }

    /// A value none of `types` allows.
    private func wrongType(for types: [String]) -> JSONValue? {
        let candidates: [(JSONValue, Set<String>)] = [
            ("mutated", ["string"]), (true, ["boolean"]), (0.5, ["number"]), ([], ["array"]), ([:], ["object"]), (nil, ["null"]),
        ]
        return candidates.first { !$0.1.contains(where: types.contains) }?.0
    }

    private mutating func add(_ label: String, _ path: [Step], _ replacement: JSONValue) {
        found.append(Mutation(label: "\(label) at \(describe(path))", document: replacing(path[...], in: root, with: replacement)))
    }

    private func describe(_ path: [Step]) -> String {
        "$" + path.map { step -> String in
            switch step {
            case .key(let key): return ".\(key)"
            case .index(let i): return "[\(i)]"
            }
        }.joined()
    }

    private func replacing(_ path: ArraySlice<Step>, in value: JSONValue, with replacement: JSONValue?) -> JSONValue {
        guard let step = path.first else { return replacement ?? .null }
        var value = value
        switch step {
        case .key(let key):
            if path.count == 1 && replacement == nil {
                value[key] = nil
            } else {
                value[key] = replacing(path.dropFirst(), in: value[key] ?? .null, with: replacement)
            }
        case .index(let i):
            value[i] = replacing(path.dropFirst(), in: value[i] ?? .null, with: replacement)
        }
        return value
    }

    private func removing(_ path: [Step], from value: JSONValue) -> JSONValue {
        replacing(path[...], in: value, with: nil)
    }
}
