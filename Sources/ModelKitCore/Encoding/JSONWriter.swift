import Foundation

/// Writes JSON straight from the schema tables into one growing byte buffer: no intermediate
/// dictionary, no per-field allocation. Every value presents itself through ``_ValueVisitor``.
final class JSONWriter: _ValueVisitor {
    private(set) var out: [UInt8] = []
    private let options: EncodingOptions
    private let pretty: Bool
    private let omitsNils: Bool

    private struct Container {
        let isArray: Bool
        var count = 0
        /// A key-path group (`"ext": {…}`) not written yet: only once a member is.
        var isPending = false
        var key: String?
        /// The member being written, for error paths.
        var lastKey: String?
    }

    private var stack: [Container] = []
    private var pendingKey: String?
    /// The pending key belongs to a model field (a nil there is left out, not written as null).
    private var pendingKeyIsField = false

    init(options: EncodingOptions, capacity: Int = 256) {
        self.options = options
        pretty = options.prettyPrinted
        omitsNils = options.nils == .omit
        out.reserveCapacity(capacity)
    }

    // MARK: Structure

    @inline(__always)
    private func beforeValue() {
        if stack.isEmpty { return }
        if stack[stack.count - 1].isPending { openPendingGroups() }
        let index = stack.count - 1
        if stack[index].count > 0 { out.append(UInt8(ascii: ",")) }
        stack[index].count += 1
        if pretty { newline(depth: stack.count) }
        if let key = pendingKey {
            stack[index].lastKey = key
            writeQuoted(key)
            out.append(UInt8(ascii: ":"))
            if pretty { out.append(UInt8(ascii: " ")) }
            pendingKey = nil
        }
        stack[index].key = nil
    }

    /// Writes `"group": {` for key-path groups that now have a member.
    private func openPendingGroups() {
        let first = stack.firstIndex { $0.isPending }!
        var keys: [String?] = []
        for i in first..<stack.count { keys.append(stack[i].key) }
        let savedKey = pendingKey
        for (offset, key) in keys.enumerated() {
            let i = first + offset
            // Write the group's own opening in its parent.
            let parent = i - 1
            if parent >= 0 {
                if stack[parent].count > 0 { out.append(UInt8(ascii: ",")) }
                stack[parent].count += 1
                if pretty { newline(depth: i) }
            }
            if let key {
                writeQuoted(key)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(UInt8(ascii: " ")) }
            }
            out.append(UInt8(ascii: "{"))
            stack[i].isPending = false
        }
        pendingKey = savedKey
    }

    @inline(__always)
    private func newline(depth: Int) {
        out.append(UInt8(ascii: "\n"))
        for _ in 0..<depth { out.append(0x20); out.append(0x20) }
    }

    func beginArray(count: Int) throws {
        beforeValue()
        out.append(UInt8(ascii: "["))
        stack.append(Container(isArray: true))
    }

    func endArray() throws {
        let closed = stack.removeLast()
        if pretty && closed.count > 0 { newline(depth: stack.count) }
        out.append(UInt8(ascii: "]"))
    }

    func beginObject(count: Int) throws {
        beforeValue()
        out.append(UInt8(ascii: "{"))
        stack.append(Container(isArray: false))
    }

    func visitKey(_ key: String) throws {
        pendingKey = key
        pendingKeyIsField = false
    }

    func endObject() throws {
        let closed = stack.removeLast()
        if closed.isPending { return }
        if pretty && closed.count > 0 { newline(depth: stack.count) }
        out.append(UInt8(ascii: "}"))
    }

    var wantsSortedKeys: Bool { options.sortedKeys }

    func visitModel(_ schema: Schema, _ root: UnsafeRawPointer, postprocess: ((inout JSONValue) throws -> Void)?) throws {
        if let postprocess {
            // Only PostprocessingModel types pay for building the object as a JSONValue.
            let inner = JSONWriter(options: EncodingOptions(nils: options.nils, nonFiniteFloats: options.nonFiniteFloats, dates: options.dates))
            try inner.visitModel(schema, root, postprocess: nil)
            var object = try ModelDecoder().decode(JSONValue.self, from: inner.out)
            try postprocess(&object)
            try object._visit(self)
            return
        }
        try beginObject(count: schema.slots.count)
        try writeMembers(options.sortedKeys ? schema.sortedOutputPlan : schema.outputPlan, root)
        try endObject()
    }

    private func writeMembers(_ nodes: [OutputNode], _ root: UnsafeRawPointer) throws {
        for node in nodes {
            if let slot = node.slot {
                pendingKey = node.key
                pendingKeyIsField = true
                try slot.access.visit(root, self)
                pendingKey = nil
            } else {
                // A key-path group: opened only when one of its members is written.
                stack.append(Container(isArray: false, isPending: true, key: node.key))
                try writeMembers(node.children, root)
                try endObject()
            }
        }
    }

    // MARK: Scalars

    func visitNull() throws {
        if pendingKeyIsField && omitsNils && pendingKey != nil {
            pendingKey = nil
            return
        }
        beforeValue()
        out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
    }

    func visitBool(_ value: Bool) throws {
        beforeValue()
        if value {
            out.append(contentsOf: [0x74, 0x72, 0x75, 0x65])
        } else {
            out.append(contentsOf: [0x66, 0x61, 0x6C, 0x73, 0x65])
        }
    }

    func visitSigned(_ value: Int64) throws {
        beforeValue()
        if value < 0 {
            out.append(UInt8(ascii: "-"))
            writeDigits(value.magnitude)
        } else {
            writeDigits(UInt64(value))
        }
    }

    func visitUnsigned(_ value: UInt64) throws {
        beforeValue()
        writeDigits(value)
    }

    /// Integers never go through `Double` or `String`.
    @inline(__always)
    private func writeDigits(_ value: UInt64) {
        if value < 10 {
            out.append(0x30 &+ UInt8(value))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var v = value
            var i = 20
            while v > 0 {
                i -= 1
                buffer[i] = 0x30 &+ UInt8(v % 10)
                v /= 10
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[i..<20]))
        }
    }

    func visitFloat(_ value: Float) throws {
        guard value.isFinite else { return try nonFinite(Double(value)) }
        beforeValue()
        writeASCII(value.description)
    }

    func visitDouble(_ value: Double) throws {
        guard value.isFinite else { return try nonFinite(value) }
        beforeValue()
        // Swift's description is the shortest text that reads back to the same value.
        writeASCII(value.description)
    }

    private func nonFinite(_ value: Double) throws {
        switch options.nonFiniteFloats {
        case .throw:
            throw ModelEncodingError(path: currentPath(), message: "\(value) cannot be written as JSON (set nonFiniteFloats to .null or .string)")
        case .null:
            beforeValue()
            out.append(contentsOf: [0x6E, 0x75, 0x6C, 0x6C])
        case .string(let positive, let negative, let nan):
            try visitString(value.isNaN ? nan : (value > 0 ? positive : negative))
        }
    }

    func visitDecimal(_ value: Decimal) throws {
        guard !value.isNaN else { return try nonFinite(.nan) }
        beforeValue()
        writeASCII(value.description)
    }

    func visitNumberText(_ text: String) throws {
        beforeValue()
        writeASCII(text)
    }

    func visitString(_ value: String) throws {
        beforeValue()
        writeQuoted(value)
    }

    func visitData(_ value: Data) throws {
        beforeValue()
        out.append(UInt8(ascii: "\""))
        writeASCII(value.base64EncodedString())
        out.append(UInt8(ascii: "\""))
    }

    func visitDate(_ value: Date) throws {
        switch options.dates {
        case .iso8601:
            beforeValue()
            out.append(UInt8(ascii: "\""))
            DateFormatting.iso8601(value, into: &out)
            out.append(UInt8(ascii: "\""))
        case .secondsSince1970:
            try visitDouble(value.timeIntervalSince1970)
        case .millisecondsSince1970:
            try visitDouble((value.timeIntervalSince1970 * 1000).rounded())
        case .formatted(let formatter):
            try visitString(formatter.string(from: value))
        case .custom(let convert):
            try convert(value)._visit(self)
        }
    }

    @inline(__always)
    private func writeASCII(_ text: String) {
        var text = text
        text.withUTF8 { out.append(contentsOf: $0) }
    }

    /// RFC 8259 escaping; runs of bytes that need none are copied at once.
    private func writeQuoted(_ text: String) {
        out.append(UInt8(ascii: "\""))
        var text = text
        let escapeSlashes = options.escapeSlashes
        text.withUTF8 { bytes in
            var runStart = 0
            for i in 0..<bytes.count {
                let byte = bytes[i]
                let needsEscape = byte < 0x20 || byte == 0x22 || byte == 0x5C || (escapeSlashes && byte == 0x2F)
                guard needsEscape else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                runStart = i + 1
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case 0x22, 0x5C, 0x2F: out.append(byte)
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    out.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private func currentPath() -> String {
        var path = "$"
        for (i, container) in stack.enumerated() {
            if container.isArray {
                path += "[\(container.count)]"
            } else if i == stack.count - 1, let key = pendingKey {
                // The member about to be written in the innermost object.
                path.appendPathKey(key)
            } else if let key = container.key ?? container.lastKey {
                path.appendPathKey(key)
            }
        }
        return path
    }
}
