#if canImport(FoundationEssentials) && !FullFoundation
import FoundationEssentials
#else
import Foundation
#endif

/// Builds the ``JSONValue`` that ``JSONWriter`` would write, straight from the schema tables:
/// `jsonValue()` and the `didEncode` hook of ``PostprocessingModel`` get their value without
/// writing text and parsing it back.
///
/// It follows the writer's rules (first key of each field, key paths as nested objects and arrays, nil
/// fields left out under `nils: .omit`, sorted plans and dictionaries under `sortedKeys`) and
/// prints numbers with the writer's own formatting, so a number's text is what the writer
/// would have written. Where the writer would throw (a non-finite float under `.throw`, a date
/// ISO 8601 cannot hold), the builder stops and `build` lets the writer raise the error with
/// its located path.
final class JSONValueBuilder: ValueVisitor {
    /// Thrown where the writer would throw: the caller reruns the writer for its error.
    struct NeedsWriter: Error {}

    private let options: EncodingOptions
    private let omitsNils: Bool
    /// Number text is formatted here, then taken as the number's exact text.
    private let scratch = ByteOutput(capacity: 64)

    private enum Container {
        case array([JSONValue])
        case object(JSONObject)
    }
    private var stack: [(container: Container, key: String?, element: Int)] = []
    /// The key the next value goes under, and whether it names a model field (nils omitted).
    private var pendingKey: String?
    /// The index the next value takes in a key-path array (`"images[2]"`), or -1: the elements
    /// before it are filled with null, as the writer does.
    private var pendingElement = -1
    private var pendingIsField = false
    private var result: JSONValue?

    init(options: EncodingOptions) {
        self.options = options
        omitsNils = options.nils == .omit
    }

    /// The value `present` hands to this builder. Where the writer would throw, the writer
    /// runs instead and throws its located error.
    static func build(options: EncodingOptions, _ present: (ValueVisitor) throws -> Void) throws -> JSONValue {
        let builder = JSONValueBuilder(options: options)
        do {
            try present(builder)
            return builder.result ?? .null
        } catch is NeedsWriter {
            let writer = JSONWriter(options: options)
            try present(writer)
            // Not reached: the writer throws where the builder stopped. Parsing its output keeps
            // the answer right if the two ever disagree.
            return try ModelDecoder().decode(JSONValue.self, from: writer.bytes)
        }
    }

    private func add(_ value: JSONValue) {
        let key = pendingKey
        let element = pendingElement
        pendingKey = nil
        pendingElement = -1
        pendingIsField = false
        guard let top = stack.indices.last else {
            result = value
            return
        }
        switch stack[top].container {
        case .array(var elements):
            stack[top].container = .array([])
            while elements.count < element { elements.append(.null) }
            elements.append(value)
            stack[top].container = .array(elements)
        case .object(var members):
            stack[top].container = .object([:])
            members.append(key: key ?? "", value: value)
            stack[top].container = .object(members)
        }
    }

    private func number(_ write: (ByteOutput) -> Void) -> JSONValue {
        scratch.removeAll()
        write(scratch)
        return .number(JSONNumber(uncheckedText: String(decoding: scratch.written, as: UTF8.self)))
    }

    // MARK: Structure

    func beginArray(count: Int) throws {
        stack.append((.array([]), pendingKey, pendingElement))
        pendingKey = nil
        pendingElement = -1
        pendingIsField = false
    }

    func endArray() throws { closeContainer() }

    func beginObject(count: Int) throws {
        stack.append((.object([:]), pendingKey, pendingElement))
        pendingKey = nil
        pendingElement = -1
        pendingIsField = false
    }

    func visitKey(_ key: String) throws {
        pendingKey = key
        pendingIsField = false
    }

    func endObject() throws { closeContainer() }

    /// Adds the innermost open container to its parent, under the key it was opened with.
    private func closeContainer() {
        let closed = stack.removeLast()
        pendingKey = closed.key
        pendingElement = closed.element
        switch closed.container {
        case .array(let elements): add(.array(elements))
        case .object(let members): add(.object(members))
        }
    }

    var wantsSortedKeys: Bool { options.sortedKeys }
    var leadingMember: (key: String, value: String)?

    func visitModel(_ schema: Schema, _ root: UnsafeRawPointer, postprocess: ((inout JSONValue) throws -> Void)?) throws {
        let leading = leadingMember
        leadingMember = nil
        if let postprocess {
            let key = pendingKey, element = pendingElement
            var object = try JSONValueBuilder.build(options: options) { try $0.visitModel(schema, root, postprocess: nil) }
            try postprocess(&object)
            if let leading { object = object.withLeadingMember(leading) }
            pendingKey = key
            pendingElement = element
            pendingIsField = false
            return add(object)
        }
        let plan = options.sortedKeys ? schema.sortedOutputPlan : schema.outputPlan
        try beginObject(count: plan.rootCount)
        if let leading {
            pendingKey = leading.key
            add(.string(leading.value))
        }
        try addMembers(plan, first: 0, count: plan.rootCount, root)
        try endObject()
    }

    private func addMembers(_ plan: OutputPlan, first: Int, count memberCount: Int, _ root: UnsafeRawPointer) throws {
        for index in first..<(first + memberCount) {
            let node = plan.nodes[index]
            let key = plan.keys[node.keyIndex]
            if let slot = node.slot {
                pendingKey = key
                pendingElement = node.element
                pendingIsField = true
                // Why a guaranteed reference: the output plan's slots are the schema's, alive with it.
                try slot._withUnsafeGuaranteedRef { try $0.access.visit(root, self) }
                pendingKey = nil
                pendingElement = -1
                pendingIsField = false
            } else {
                // A key-path group: present only when one of its members is (as the writer does).
                stack.append((node.isArray ? .array([]) : .object([:]), key, node.element))
                try addMembers(plan, first: node.firstChild, count: node.childCount, root)
                let group = stack.removeLast()
                let value: JSONValue
                switch group.container {
                case .object(let members): value = members.isEmpty ? .null : .object(members)
                case .array(let elements): value = elements.isEmpty ? .null : .array(elements)
                }
                if value != .null {
                    pendingKey = key
                    pendingElement = node.element
                    add(value)
                }
            }
        }
    }

    // MARK: Scalars

    func visitNull() throws {
        if omitsNils && pendingIsField {
            pendingKey = nil
            pendingElement = -1
            pendingIsField = false
            return
        }
        add(.null)
    }

    func visitBool(_ value: Bool) throws { add(.bool(value)) }

    func visitSigned(_ value: Int64) throws { add(.number(JSONNumber(value))) }

    func visitUnsigned(_ value: UInt64) throws { add(.number(JSONNumber(value))) }

    func visitFloat(_ value: Float) throws {
        guard value.isFinite else { return try nonFinite(Double(value)) }
        add(number { $0.putJSONNumber(value) })
    }

    func visitDouble(_ value: Double) throws {
        guard value.isFinite else { return try nonFinite(value) }
        add(number { $0.putJSONNumber(value) })
    }

    private func nonFinite(_ value: Double) throws {
        switch options.nonFiniteFloats {
        case .throw: throw NeedsWriter()
        case .null: add(.null)
        case .string(let positive, let negative, let nan): add(.string(value.isNaN ? nan : (value > 0 ? positive : negative)))
        }
    }

    func visitDecimal(_ value: Decimal) throws {
        guard !value.isNaN else { return try nonFinite(.nan) }
        add(number { $0.putJSONNumber(value) })
    }

    func visitNumberText(_ text: String) throws { add(.number(JSONNumber(uncheckedText: text))) }

    func visitString(_ value: String) throws { add(.string(value)) }

    func visitData(_ value: Data) throws {
        switch options.data {
        case .base64: add(.string(value.base64EncodedString()))
        case .byteArray: add(.array(value.map { JSONValue($0) }))
        case .custom(let convert): add(try convert(value))
        }
    }

    func visitDate(_ value: Date) throws {
        switch options.dates {
        case .iso8601:
            guard DateFormatting.isWritable(value) else { throw NeedsWriter() }
            scratch.removeAll()
            scratch.putQuotedISO8601(value)
            let quoted = scratch.written
            add(.string(String(decoding: UnsafeRawBufferPointer(rebasing: quoted[1..<(quoted.count - 1)]), as: UTF8.self)))
        case .secondsSince1970:
            try visitDouble(value.timeIntervalSince1970)
        case .millisecondsSince1970:
            try visitDouble((value.timeIntervalSince1970 * 1000).rounded())
        case .deferredToDate:
            try visitDouble(value.timeIntervalSinceReferenceDate)
        #if FullFoundation || !canImport(FoundationEssentials)
        case .formatted(let formatter):
            add(.string(formatter.string(from: value)))
        #endif
        case .custom(let convert):
            try convert(value)._visit(self)
        }
    }
}
