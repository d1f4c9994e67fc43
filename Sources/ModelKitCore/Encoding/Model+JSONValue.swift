// A model's JSON form as a JSONValue tree: the reverse of the schema mapping (first key of each
// field, key paths build nested objects, `.notMapped` and nil fields left out).

extension Model {
    public func encodeModelValue(options: EncodingOptions) throws -> JSONValue {
        let schema = type(of: self).schema
        var object = JSONObject()
        var storage = self
        try withUnsafePointer(to: &storage) { root in
            for slot in schema.slots where !slot.options.contains(.notMapped) {
                let value = try slot.access.wireValue(UnsafeRawPointer(root)).encodeModelValue(options: options)
                if case .null = value { continue }
                object.insert(value, atKeyPath: KeyTable.keyPathParts(slot.resolvedKeys[0]))
            }
        }
        var result = JSONValue.object(object)
        if let post = self as? any PostprocessingModel { try post.didEncode(&result) }
        return result
    }
}

extension JSONObject {
    /// Sets `value` at `path`, creating (or reusing) nested objects along the way.
    mutating func insert(_ value: JSONValue, atKeyPath path: [String]) {
        guard path.count > 1 else {
            self[path[0]] = value
            return
        }
        var nested: JSONObject
        if case .object(let existing)? = self[path[0]] { nested = existing } else { nested = JSONObject() }
        nested.insert(value, atKeyPath: Array(path.dropFirst()))
        self[path[0]] = .object(nested)
    }
}
