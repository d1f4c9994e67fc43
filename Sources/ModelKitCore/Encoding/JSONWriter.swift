#if canImport(FoundationEssentials) && !FullFoundation
import FoundationEssentials
#else
import Foundation
#endif

/// Writes JSON straight from the schema tables into one growing byte buffer: no intermediate
/// dictionary, no per-field allocation, keys pre-encoded per schema. Every value presents itself
/// through ``ValueVisitor``.
final class JSONWriter: ValueVisitor {
    private let options: EncodingOptions
    // Internal, not private, where JSONWriter+KeyPaths.swift uses them.
    let pretty: Bool
    private let omitsNils: Bool
    let escapesSlashes: Bool
    /// `JSONEncoder`'s pretty layout (see ``EncodingOptions/forCodableDoor``).
    let foundationLayout: Bool
    let output: ByteOutput

    /// An open array or object. Trivial, so the stack costs no reference counting.
    struct Container {
        let isArray: Bool
        var count = 0
        /// A key-path group (`"ext": {…}`) not written yet: it is, once a member is.
        var isPending = false
        /// The plan and node of the member being written (or of the pending group itself).
        var plan: Unmanaged<OutputPlan>?
        var node = -1
        /// Index into `textKeys` of the current dictionary / JSONValue key, for error paths.
        var textKey = -1
        /// Where the member that ``writeMemberKey(_:)`` wrote last begins (its comma, if any).
        var memberStart = -1
    }

    /// Trivial (no String payload), so setting it on every member costs no release of the old value.
    enum PendingKey {
        case none
        /// A member of the plan: an object member, or an element of a key-path array
        /// (`"images[2]"`, a node without key bytes) for which the elements before it are null.
        case planned(Unmanaged<OutputPlan>, Int)
        /// The dictionary / JSONValue key in `textKeys` at the top container's `textKey`.
        case text
    }
    private struct State: ~Copyable {
        var stack = HandStack<Container>()
        var pendingKey = PendingKey.none
        /// Keys of dictionaries and JSONValue objects being written (error paths only).
        var textKeys: [String] = []
        /// How many models are open: inside one, dates are the model's (``EncodingOptions/modelDates``).
        var modelDepth = 0
    }
    // Why out of line (UncheckedStorage): class-held `var`s cost a run-time exclusivity check on
    // every value written. Only this class touches the storage, and no access to it spans a call
    // out of the writer (visitors call back in, but between accesses, never inside one).
    private let state = UncheckedStorage(State())
    // Why always inlined: a `~Copyable` value is read through a `_read` coroutine, which release
    // builds otherwise leave as a call per token.
    var stack: HandStack<Container> {
        @inline(__always) _read { yield state.value.stack }
        @inline(__always) _modify { yield &state.value.stack }
    }
    var pendingKey: PendingKey {
        @inline(__always) _read { yield state.value.pendingKey }
        @inline(__always) _modify { yield &state.value.pendingKey }
    }
    var textKeys: [String] {
        @inline(__always) _read { yield state.value.textKeys }
        @inline(__always) _modify { yield &state.value.textKeys }
    }

    init(options: EncodingOptions, capacity: Int = 256) {
        self.options = options
        pretty = options.prettyPrinted
        omitsNils = options.nils == .omit
        escapesSlashes = options.escapeSlashes
        foundationLayout = options.prettyPrinted && options.foundationOutput
        output = ByteOutput(capacity: capacity)
    }

    /// A writer that writes into memory the caller lends (see ``ByteOutput/init(lending:)``).
    init(options: EncodingOptions, lending memory: UnsafeMutableRawBufferPointer) {
        self.options = options
        pretty = options.prettyPrinted
        omitsNils = options.nils == .omit
        escapesSlashes = options.escapeSlashes
        foundationLayout = options.prettyPrinted && options.foundationOutput
        output = ByteOutput(lending: memory)
    }

    // Output size hints (see `reserveForFirstModel`).
    private var rootArrayCount = 0
    private var sizedSchema: Schema?
    private var sizedModels = 1

    /// The bytes written so far.
    var bytes: [UInt8] { output.bytes }
    var byteCount: Int { output.count }
    /// The bytes written so far, in place: valid until the next write.
    var written: UnsafeRawBufferPointer { output.written }
    /// Whether everything written is still in the memory lent to ``init(options:lending:)``.
    var isInLentMemory: Bool { output.isInLentMemory }
    /// Ends the use of lent memory (see ``ByteOutput/returnLentMemory()``): a visitor kept past
    /// the encode then writes into a buffer of the writer's own.
    func returnLentMemory() { output.returnLentMemory() }

    /// Forgets everything written (the Codable bridge writes its tree again from the start).
    func rewind() {
        output.removeAll()
        stack.truncate(to: 0)
        textKeys.removeAll()
        pendingKey = .none
    }

    /// Ready for another value with the same options, the buffer's room kept (a parked writer).
    func reset() {
        rewind()
        rootArrayCount = 0
        sizedSchema = nil
        sizedModels = 1
        leadingMember = nil
    }

    // MARK: Buffer

    @inline(__always) func put(_ byte: UInt8) { output.put(byte) }
    @inline(__always) func put(_ raw: UnsafeRawBufferPointer) { output.put(raw) }
    @inline(__always) func put(_ text: StaticString) { output.put(text) }

    // MARK: Structure

    @inline(__always)
    private func beforeValue() {
        let depth = stack.count
        if depth == 0 { return }
        if stack[depth - 1].isPending { openPendingGroups() }
        if stack[depth - 1].count > 0 { put(UInt8(ascii: ",")) }
        stack[depth - 1].count += 1
        if pretty { newline(depth: depth) }
        writePendingKey(into: depth - 1)
    }

    @inline(__always)
    private func writePendingKey(into index: Int) {
        switch pendingKey {
        case .none:
            return
        case .planned(let plan, let node):
            stack[index].plan = plan
            stack[index].node = node
            writeKey(plan, node, in: index)
        case .text:
            output.putQuoted(textKeys[stack[index].textKey], escapingSlashes: escapesSlashes)
            if foundationLayout { put(UInt8(ascii: " ")) }
            put(UInt8(ascii: ":"))
            if pretty { put(UInt8(ascii: " ")) }
        }
        pendingKey = .none
    }

    /// Writes member `node`'s key into container `index`; an element (no key bytes) is preceded
    /// by nulls up to its index instead.
    @inline(__always)
    func writeKey(_ plan: Unmanaged<OutputPlan>, _ node: Int, in index: Int) {
        let isKey = plan._withUnsafeGuaranteedRef { plan in
            let entry = plan.nodes[node]
            if entry.keyCount == 0 {
                padElements(index, upTo: entry.element)
                return false
            }
            // The key bytes end with the colon; JSONEncoder's layout puts a space before it.
            let end = entry.keyStart + entry.keyCount - (foundationLayout ? 1 : 0)
            plan.keyBytes.withUnsafeBytes { put(UnsafeRawBufferPointer(rebasing: $0[entry.keyStart..<end])) }
            return true
        }
        if foundationLayout && isKey { put(" :") }
        if pretty && isKey { put(UInt8(ascii: " ")) }
    }

    /// Closes a container with `count` members at nesting `depth`: JSONEncoder's layout writes
    /// an empty one on two lines (`[` blank line `]`).
    @inline(__always)
    private func close(_ bracket: UInt8, count: Int, depth: Int) {
        if pretty && (count > 0 || foundationLayout) {
            if count == 0 { put(UInt8(ascii: "\n")) }
            newline(depth: depth)
        }
        put(bracket)
    }

    func beginArray(count: Int) throws {
        if stack.isEmpty { rootArrayCount = count }
        beforeValue()
        put(UInt8(ascii: "["))
        stack.append(Container(isArray: true))
    }

    func endArray() throws {
        let closed = stack.removeLast()
        close(UInt8(ascii: "]"), count: closed.count, depth: stack.count)
    }

    func beginObject(count: Int) throws {
        beforeValue()
        put(UInt8(ascii: "{"))
        stack.append(Container(isArray: false))
    }

    func visitKey(_ key: String) throws {
        pendingKey = .text
        let index = stack.count - 1
        if stack[index].textKey < 0 {
            stack[index].textKey = textKeys.count
            textKeys.append(key)
        } else {
            textKeys[stack[index].textKey] = key
        }
    }

    func endObject() throws {
        let closed = stack.removeLast()
        if closed.textKey >= 0 { textKeys.removeLast() }
        if closed.isPending { return }
        close(UInt8(ascii: "}"), count: closed.count, depth: stack.count)
    }

    var wantsSortedKeys: Bool { options.sortedKeys }
    var leadingMember: (key: String, value: String)?  // see ValueVisitor

    func visitModel(_ schema: Schema, _ root: UnsafeRawPointer, postprocess: ((inout JSONValue) throws -> Void)?) throws {
        state.value.modelDepth += 1
        defer { state.value.modelDepth -= 1 }
        let leading = leadingMember
        leadingMember = nil
        if postprocess != nil || (leading != nil && options.sortedKeys) {
            // Only PostprocessingModel types (and a tag among sorted keys) pay for a JSONValue.
            let inner = EncodingOptions(nils: options.nils, nonFiniteFloats: options.nonFiniteFloats, dates: options.modelDates ?? options.dates, data: options.data)
            var object = try JSONValueBuilder.build(options: inner) { try $0.visitModel(schema, root, postprocess: nil) }
            try postprocess?(&object)
            if let leading { object = object.withLeadingMember(leading) }
            try object._visit(self)
            return
        }
        if sizedSchema == nil { reserveForFirstModel(schema) }
        let plan = options.sortedKeys ? schema.sortedOutputPlan : schema.outputPlan
        try beginObject(count: plan.rootCount + (leading == nil ? 0 : 1))
        if let leading { try visitLeadingMember(leading) }
        // Why unretained: the schema holds its output plan for the whole write.
        try writeMembers(Unmanaged.passUnretained(plan), first: 0, count: plan.rootCount, root)
        try endObject()
    }

    /// The first model of the output, at the root or as the first element of a root array,
    /// reserves what its type needed last time (one allocation in the common case).
    private func reserveForFirstModel(_ schema: Schema) {
        switch stack.count {
        case 0: sizedModels = 1
        case 1 where stack[0].isArray && stack[0].count == 1: sizedModels = max(1, rootArrayCount)
        default: return
        }
        sizedSchema = schema
        // Lent memory is the room the caller chose: a larger hint would move a JSON that fits
        // out of it (the hint is still recorded for the next encode).
        if output.isInLentMemory { return }
        // A hint, so bounded: the size is the type's last one, maybe a single model holding a
        // megabyte string (anyone's request), times the elements of this array (100,000 of them
        // asked for 137 GB, and the process died). Beyond the bound the buffer grows as it fills.
        let (wanted, overflow) = schema.jsonOutput.lastEncodedSize.value.multipliedReportingOverflow(by: sizedModels)
        output.reserve(overflow ? Self.maximumReservation : min(wanted, Self.maximumReservation) + 16)
    }

    /// The most a first model reserves for the output ahead of writing it.
    static let maximumReservation = 16 << 20

    /// Remembers the size per model of this output for the next encode of its type.
    func recordSizeHint() {
        guard let sizedSchema else { return }
        sizedSchema.jsonOutput.lastEncodedSize.record(output.count / sizedModels)
    }

    // MARK: Scalars

    func visitNull() throws {
        if omitsNils, case .planned = pendingKey {
            // A nil field: its key is left out.
            pendingKey = .none
            return
        }
        beforeValue()
        put("null")
    }

    func visitBool(_ value: Bool) throws {
        beforeValue()
        put(value ? "true" : "false")
    }

    func visitSigned(_ value: Int64) throws {
        beforeValue()
        if value < 0 { put(UInt8(ascii: "-")) }
        writeDigits(value.magnitude)
    }

    func visitUnsigned(_ value: UInt64) throws {
        beforeValue()
        writeDigits(value)
    }

    /// Integers never go through `Double` or `String`.
    @inline(__always)
    private func writeDigits(_ value: UInt64) { output.putDigits(value) }

    func visitFloat(_ value: Float) throws {
        guard value.isFinite else { return try nonFinite(Double(value)) }
        beforeValue()
        output.putJSONNumber(value)
    }

    func visitDouble(_ value: Double) throws {
        guard value.isFinite else { return try nonFinite(value) }
        beforeValue()
        output.putJSONNumber(value)
    }

    private func nonFinite(_ value: Double) throws {
        switch options.nonFiniteFloats {
        case .throw:
            throw ModelEncodingError(path: currentPath(), message: "\(value) cannot be written as JSON (set nonFiniteFloats to .null or .string)")
        case .null:
            beforeValue()
            put("null")
        case .string(let positive, let negative, let nan):
            try visitString(value.isNaN ? nan : (value > 0 ? positive : negative))
        }
    }

    func visitDecimal(_ value: Decimal) throws {
        guard !value.isNaN else { return try nonFinite(.nan) }
        beforeValue()
        output.putJSONNumber(value)
    }

    func visitNumberText(_ text: String) throws {
        beforeValue()
        writeASCII(text)
    }

    func visitString(_ value: String) throws {
        beforeValue()
        output.putQuoted(value, escapingSlashes: escapesSlashes)
    }

    func visitData(_ value: Data) throws {
        switch options.data {
        case .base64: break
        case .byteArray: return try value.map { JSONValue($0) }.presentModelValue(to: ModelEngine.Visitor(self))
        case .custom(let convert): return try convert(value)._visit(self)
        }
        beforeValue()
        put(UInt8(ascii: "\""))
        writeASCII(value.base64EncodedString())
        put(UInt8(ascii: "\""))
    }

    func visitDate(_ value: Date) throws {
        // A model written by the Codable door keeps its own dates, as through its Codable conformance;
        // the door's own dates are JSONEncoder's: ISO 8601 in whole seconds (toward the past, as its
        // calendar counts), milliseconds with their fraction.
        let foundationDate = options.foundationOutput && state.value.modelDepth == 0
        switch (state.value.modelDepth > 0 ? options.modelDates : nil) ?? options.dates {
        case .iso8601:
            guard DateFormatting.isWritable(value) else {
                throw ModelEncodingError(path: currentPath(), message: "\(value.timeIntervalSince1970) seconds since 1970 is outside years 0…9999, which ISO 8601 dates can hold (use dates: .secondsSince1970)")
            }
            beforeValue()
            output.putQuotedISO8601(foundationDate ? Date(timeIntervalSince1970: value.timeIntervalSince1970.rounded(.down)) : value)
        case .secondsSince1970:
            try visitDouble(value.timeIntervalSince1970)
        case .millisecondsSince1970:
            try visitDouble(foundationDate ? value.timeIntervalSince1970 * 1000 : (value.timeIntervalSince1970 * 1000).rounded())
        case .deferredToDate:
            try visitDouble(value.timeIntervalSinceReferenceDate)
        #if FullFoundation || !canImport(FoundationEssentials)
        case .formatted(let formatter):
            try visitString(formatter.string(from: value))
        #endif
        case .custom(let convert):
            try convert(value)._visit(self)
        }
    }
}
