/// Decodes a JSON array (into `[E]` or `Set<E>`) or object (into `[String: V]`).
///
/// Not generic: the element work is done by closures built in `@inlinable` code, so it is
/// specialized for the element type in the caller's module (no generic dispatch per element).
/// The closures share a ``CollectionBox`` holding the elements; a finished frame is kept for
/// the next collection of the same type at the same depth.
@usableFromInline
final class CollectionFrame: DecodeFrame {
    @usableFromInline typealias Scalar = (ScalarToken, DecodeEngine) throws -> Void
    @usableFromInline typealias Begin = (ContainerKind, DecodeEngine) throws -> DecodeFrame?
    @usableFromInline typealias Finish = (DecodeFrame, DecodeEngine) throws -> Void

    @usableFromInline let box: CollectionBox
    private let onScalar: Scalar
    private let onBegin: Begin
    private let onFinish: Finish
    private var index = 0
    /// The current member's key was seen before in this object and its value is skipped
    /// (``DecodingOptions/DuplicateKeyPolicy/useFirst``).
    private var skipsValue = false

    @usableFromInline
    init(box: CollectionBox, scalar: @escaping Scalar, begin: @escaping Begin, finish: @escaping Finish) {
        self.box = box
        onScalar = scalar
        onBegin = begin
        onFinish = finish
    }

    @usableFromInline
    func restart() {
        index = 0
        skipsValue = false
        box.currentKey = ""
    }

    override func key(_ key: UnsafeRawBufferPointer, _ engine: DecodeEngine) throws {
        let text = String(decoding: key, as: UTF8.self)
        box.currentKey = text
        skipsValue = false
        guard engine.duplicateKeys != .useLast, box.hasKey(text) else { return }
        if engine.duplicateKeys == .reject { throw DecodeFailure(reason: .duplicateKey(ModelDecodingError.quoted(text))) }
        skipsValue = true
    }

    override func scalar(_ scalar: ScalarToken, _ engine: DecodeEngine) throws {
        // A container element counted itself when it opened; a scalar one counts by its size.
        if box.elementWeight > 0 { try engine.countElements(box.elementWeight) }
        if !skipsValue { try onScalar(scalar, engine) }
        index += 1
    }

    override func beginContainer(_ kind: ContainerKind, _ engine: DecodeEngine) throws {
        if !skipsValue, let frame = try onBegin(kind, engine) {
            engine.push(frame)
        } else {
            engine.pushSkip()
        }
    }

    override func childFinished(_ child: DecodeFrame, _ engine: DecodeEngine) throws {
        try onFinish(child, engine)
        index += 1
    }

    override func valueSkipped() { index += 1 }

    override func appendPath(to path: inout String) {
        if box.isKeyed {
            path.appendPathKey(box.currentKey)
        } else {
            path.appendPathIndex(index)
        }
    }
}

/// The elements a ``CollectionFrame`` collects (subclassed per element type).
@usableFromInline
class CollectionBox {
    /// Read per member by code inlined into the model's module (see UncheckedStorage).
    @inlinable var currentKey: String {
        get { currentKeyStorage.value }
        _modify { yield &currentKeyStorage.value }
    }
    @usableFromInline let currentKeyStorage = UncheckedStorage("")
    @usableFromInline let isKeyed: Bool
    /// What each scalar element counts against ``DecodingLimits/maxElements`` (by its size).
    @usableFromInline let elementWeight: Int
    @usableFromInline init(isKeyed: Bool, elementWeight: Int) {
        self.isKeyed = isKeyed
        self.elementWeight = elementWeight
    }
    /// Whether a member with this key was collected already (dictionaries only).
    func hasKey(_ key: String) -> Bool { false }
}

@usableFromInline
final class ArrayBox<Element>: CollectionBox {
    /// Appended to per element by code inlined into the model's module (see UncheckedStorage).
    @usableFromInline
    struct Collected {
        @usableFromInline var elements: [Element] = []
        /// The length of the previous array this box collected, up to `maxReserved`: reserved
        /// at its first element, since arrays at one place in a document tend to have one
        /// length (coordinate pairs), which saves the regrowth steps (a pair: one allocation, not two).
        @usableFromInline var expectedCount = 0
        @inlinable init() {}
    }

    @inlinable var elements: [Element] {
        get { storage.value.elements }
        _modify { yield &storage.value.elements }
    }
    @usableFromInline let storage = UncheckedStorage(Collected())
    @inlinable static var maxReserved: Int { 16 }
    @inlinable init() { super.init(isKeyed: false, elementWeight: DecodingLimits.elementWeight(of: Element.self)) }

    @inlinable
    func append(_ element: Element) {
        if storage.value.elements.capacity == 0, storage.value.expectedCount > 1 {
            storage.value.elements.reserveCapacity(storage.value.expectedCount)
        }
        storage.value.elements.append(element)
    }

    /// The finished array; the box is left empty for the next one.
    @inlinable
    func take() -> [Element] {
        var elements: [Element] = []
        swap(&elements, &storage.value.elements)
        storage.value.expectedCount = min(elements.count, Self.maxReserved)
        return elements
    }
}

@usableFromInline
final class DictionaryBox<Value>: CollectionBox {
    @inlinable var dictionary: [String: Value] {
        get { storage.value }
        _modify { yield &storage.value }
    }
    @usableFromInline let storage = UncheckedStorage<[String: Value]>([:])
    @inlinable init() { super.init(isKeyed: true, elementWeight: DecodingLimits.elementWeight(of: Value.self)) }
    override func hasKey(_ key: String) -> Bool { dictionary[key] != nil }
}

extension DecodeEngine {
    /// The frame for an array of `Element`: a spare one from this depth, or a new one.
    @inlinable
    func arrayFrame<Element: ModelValue>(of type: Element.Type) -> CollectionFrame {
        let reuseKey = ObjectIdentifier(ArrayBox<Element>.self)
        if let spare = spareCollectionFrame(reuseKey) { return spare }
        let box = ArrayBox<Element>()
        return CollectionFrame(
            box: box,
            scalar: { scalar, engine in
                if let value = try Element._decodeScalar(scalar, engine) { box.append(value) }
            },
            begin: { kind, engine in try Element._beginContainer(kind, engine, merging: nil) },
            finish: { child, engine in
                if let value = try Element._finishContainer(child, engine) { box.append(value) }
            })
    }

    /// The frame for a `[String: Value]`.
    @inlinable
    func dictionaryFrame<Value: ModelValue>(of type: Value.Type) -> CollectionFrame {
        let reuseKey = ObjectIdentifier(DictionaryBox<Value>.self)
        if let spare = spareCollectionFrame(reuseKey) { return spare }
        let box = DictionaryBox<Value>()
        return CollectionFrame(
            box: box,
            scalar: { scalar, engine in
                if let value = try Value._decodeScalar(scalar, engine) { box.dictionary[box.currentKey] = value }
            },
            begin: { kind, engine in try Value._beginContainer(kind, engine, merging: nil) },
            finish: { child, engine in
                if let value = try Value._finishContainer(child, engine) { box.dictionary[box.currentKey] = value }
            })
    }

    /// Takes the finished array out of its frame and keeps the frame for reuse.
    @inlinable
    func takeArray<Element>(_ frame: DecodeFrame, of type: Element.Type) -> [Element] {
        let frame = unsafeDowncast(frame, to: CollectionFrame.self)
        let box = unsafeDowncast(frame.box, to: ArrayBox<Element>.self)
        let elements = box.take()
        recycleCollectionFrame(frame, key: ObjectIdentifier(ArrayBox<Element>.self))
        return elements
    }

    @inlinable
    func takeDictionary<Value>(_ frame: DecodeFrame, of type: Value.Type) -> [String: Value] {
        // Why `unsafeDowncast`: the frame and its box were made for `[String: Value]` by `dictionaryFrame`, the slot's own begin.
        let frame = unsafeDowncast(frame, to: CollectionFrame.self)
        let box = unsafeDowncast(frame.box, to: DictionaryBox<Value>.self)
        let dictionary = box.dictionary
        box.dictionary = [:]
        recycleCollectionFrame(frame, key: ObjectIdentifier(DictionaryBox<Value>.self))
        return dictionary
    }
}

/// Builds a ``JSONValue`` for the whole container, nested levels included (no frame per level).
@usableFromInline
class JSONValueFrame: DecodeFrame {
    private enum Partial {
        case array([JSONValue])
        case object(JSONObject, key: String)
    }

    private var stack: [Partial] = []
    private var finished: JSONValue = .null

    init(kind: ContainerKind) {
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

    override func key(_ key: UnsafeRawBufferPointer, _ engine: DecodeEngine) throws {
        if case .object(let object, _) = stack.removeLast() {
            stack.append(.object(object, key: String(decoding: key, as: UTF8.self)))
        }
    }

    override func scalar(_ scalar: ScalarToken, _ engine: DecodeEngine) throws {
        add(scalar.jsonValue)
    }

    override func beginContainer(_ kind: ContainerKind, _ engine: DecodeEngine) throws {
        stack.append(kind == .array ? .array([]) : .object(JSONObject(), key: ""))
    }

    override func end(_ engine: DecodeEngine) throws {
        if stack.isEmpty {
            // An adopted value (see `adopt`): already whole.
            try engine.popAndDeliver()
            return
        }
        let value: JSONValue
        switch stack.removeLast() {
        case .array(let elements): value = .array(elements)
        case .object(let object, _): value = .object(object)
        }
        if stack.isEmpty {
            finished = value
            try engine.popAndDeliver()
        } else {
            add(value)
        }
    }

    override func appendPath(to path: inout String) {
        for partial in stack {
            switch partial {
            case .array(let elements): path.appendPathIndex(elements.count)
            case .object(_, let key): path.appendPathKey(key)
            }
        }
    }

    /// Takes a whole value that is already built (replay), as if its tokens had arrived.
    func adopt(_ value: JSONValue) {
        stack.removeAll()
        finished = value
    }

    func takeValue() -> JSONValue {
        defer { finished = .null }
        return finished
    }

    /// Nothing has arrived since the container opened.
    var isFresh: Bool {
        guard stack.count == 1 else { return false }
        switch stack[0] {
        case .array(let elements): return elements.isEmpty
        case .object(let object, _): return object.isEmpty
        }
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
