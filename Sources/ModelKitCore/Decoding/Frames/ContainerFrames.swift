/// Decodes a JSON array into `[E]`, element by element.
final class ArrayFrame<E: ModelValue>: _DecodeFrame {
    var elements: [E] = []
    private var index = 0

    override func scalar(_ scalar: _Scalar, _ decoder: _DecodeEngine) throws {
        if let value = try E._decodeScalar(scalar, decoder) { elements.append(value) }
        index += 1
    }

    override func beginContainer(_ kind: _ContainerKind, _ decoder: _DecodeEngine) throws {
        decoder.push(try E._beginContainer(kind, decoder, merging: nil) ?? SkipFrame())
    }

    override func childFinished(_ child: _DecodeFrame, _ decoder: _DecodeEngine) throws {
        if let value = try E._finishContainer(child, decoder) { elements.append(value) }
        index += 1
    }

    override func valueSkipped() { index += 1 }

    override func appendPath(to path: inout String) {
        path.append("[\(index)]")
    }

    func takeValue() -> [E] {
        defer { elements = [] }
        return elements
    }
}

/// Decodes a JSON object into `[String: V]`.
final class DictionaryFrame<V: ModelValue>: _DecodeFrame {
    var dictionary: [String: V] = [:]
    private var currentKey = ""

    override func key(_ key: UnsafeRawBufferPointer, _ decoder: _DecodeEngine) throws {
        currentKey = String(decoding: key, as: UTF8.self)
    }

    override func scalar(_ scalar: _Scalar, _ decoder: _DecodeEngine) throws {
        if let value = try V._decodeScalar(scalar, decoder) { dictionary[currentKey] = value }
    }

    override func beginContainer(_ kind: _ContainerKind, _ decoder: _DecodeEngine) throws {
        decoder.push(try V._beginContainer(kind, decoder, merging: nil) ?? SkipFrame())
    }

    override func childFinished(_ child: _DecodeFrame, _ decoder: _DecodeEngine) throws {
        if let value = try V._finishContainer(child, decoder) { dictionary[currentKey] = value }
    }

    override func appendPath(to path: inout String) {
        path.appendPathKey(currentKey)
    }

    func takeValue() -> [String: V] {
        defer { dictionary = [:] }
        return dictionary
    }
}

/// Builds a ``JSONValue`` for the whole container, nested levels included (no frame per level).
@usableFromInline
class JSONValueFrame: _DecodeFrame {
    private enum Partial {
        case array([JSONValue])
        case object(JSONObject, key: String)
    }

    private var stack: [Partial] = []
    private var finished: JSONValue = .null

    init(kind: _ContainerKind) {
        stack.append(kind == .array ? .array([]) : .object(JSONObject(), key: ""))
    }

    private func add(_ value: JSONValue) {
        switch stack.removeLast() {
        case .array(var elements):
            elements.append(value)
            stack.append(.array(elements))
        case .object(var object, let key):
            object.append(key: key, value: value)
            stack.append(.object(object, key: key))
        }
    }

    override func key(_ key: UnsafeRawBufferPointer, _ decoder: _DecodeEngine) throws {
        if case .object(let object, _) = stack.removeLast() {
            stack.append(.object(object, key: String(decoding: key, as: UTF8.self)))
        }
    }

    override func scalar(_ scalar: _Scalar, _ decoder: _DecodeEngine) throws {
        add(scalar.jsonValue)
    }

    override func beginContainer(_ kind: _ContainerKind, _ decoder: _DecodeEngine) throws {
        stack.append(kind == .array ? .array([]) : .object(JSONObject(), key: ""))
    }

    override func end(_ decoder: _DecodeEngine) throws {
        let value: JSONValue
        switch stack.removeLast() {
        case .array(let elements): value = .array(elements)
        case .object(let object, _): value = .object(object)
        }
        if stack.isEmpty {
            finished = value
            try decoder.popAndDeliver()
        } else {
            add(value)
        }
    }

    override func appendPath(to path: inout String) {
        for partial in stack {
            switch partial {
            case .array(let elements): path.append("[\(elements.count)]")
            case .object(_, let key): path.appendPathKey(key)
            }
        }
    }

    func takeValue() -> JSONValue {
        defer { finished = .null }
        return finished
    }
}

/// Buffers the object of a model whose hooks must see it whole (polymorphic, preprocessing),
/// remembering the instance an `update` merges into.
@usableFromInline
final class BufferedModelFrame<M: Model>: JSONValueFrame {
    let existing: M?

    @usableFromInline
    init(mergingInto existing: M?) {
        self.existing = existing
        super.init(kind: .object)
    }
}
