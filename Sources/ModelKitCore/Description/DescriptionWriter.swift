#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Builds `modelDescription`: type name, one field per line in declaration order, nested models
/// and containers indented by two spaces, `.notDescribed` fields hidden.
///
/// Shortening rules: strings longer than 100 characters print their first 100 followed by
/// `…(N characters)`; `Data` prints as `<N bytes: 0a1b2c3d…>` (first 8 bytes). A model class
/// instance met again while it is being described (a cycle) prints as `<cycle: TypeName>`.
final class DescriptionWriter: ValueVisitor {
    private(set) var text = ""
    private var depth = 0
    /// Containers being written: whether each has had an element yet, and whether it is keyed.
    private var containers: [(count: Int, keyed: Bool)] = []
    private var pendingKey: String?
    private var activeObjects: Set<ObjectIdentifier> = []
    /// The next value continues the current line (a tagged enum's payload after its case name).
    private var continuesLine = false

    static let maxStringCharacters = 100
    static let maxDataBytes = 8

    private func indent() { text += String(repeating: "  ", count: depth) }

    /// Starts a value: a new line inside containers, with its key when it has one.
    private func beginValue() {
        if continuesLine {
            continuesLine = false
            return
        }
        guard !containers.isEmpty else { return }
        let index = containers.count - 1
        if containers[index].count > 0 { text += containers[index].keyed ? "" : "," }
        containers[index].count += 1
        text += "\n"
        indent()
        if let key = pendingKey {
            text += key
            text += containers[index].keyed ? ": " : ""
            pendingKey = nil
        }
    }

    func visitNull() throws { beginValue(); text += "nil" }
    func visitBool(_ value: Bool) throws { beginValue(); text += value ? "true" : "false" }
    func visitSigned(_ value: Int64) throws { beginValue(); text += String(value) }
    func visitUnsigned(_ value: UInt64) throws { beginValue(); text += String(value) }
    func visitFloat(_ value: Float) throws { beginValue(); text += value.description }
    func visitDouble(_ value: Double) throws { beginValue(); text += value.description }
    func visitDecimal(_ value: Decimal) throws { beginValue(); text += value.description }
    func visitNumberText(_ text: String) throws { beginValue(); self.text += text }

    func visitString(_ value: String) throws {
        beginValue()
        if value.count > Self.maxStringCharacters {
            text += JSONValue.string(String(value.prefix(Self.maxStringCharacters))).description
            text += "…(\(value.count) characters)"
        } else {
            text += JSONValue.string(value).description
        }
    }

    func visitData(_ value: Data) throws {
        beginValue()
        let hex = value.prefix(Self.maxDataBytes).map { hexDigits($0, uppercase: false) }.joined()
        text += "<\(value.count) bytes\(value.isEmpty ? "" : ": " + hex)\(value.count > Self.maxDataBytes ? "…" : "")>"
    }

    func visitDate(_ value: Date) throws {
        beginValue()
        var bytes: [UInt8] = []
        if DateFormatting.iso8601(value, into: &bytes) {
            text += String(decoding: bytes, as: UTF8.self)
        } else {
            text += "<\(value.timeIntervalSince1970) s since 1970>"
        }
    }

    func beginArray(count: Int) throws {
        beginValue()
        text += "["
        containers.append((0, false))
        depth += 1
    }

    func endArray() throws { closeContainer() }

    func beginObject(count: Int) throws {
        beginValue()
        text += "["
        containers.append((0, true))
        depth += 1
        if count == 0 { text += ":" }
    }

    func visitKey(_ key: String) throws {
        pendingKey = JSONValue.string(key).description
    }

    func endObject() throws { closeContainer() }

    /// Arrays and dictionaries both close with `]` on its own line (unless empty).
    private func closeContainer() {
        let closed = containers.removeLast()
        depth -= 1
        if closed.count > 0 {
            text += "\n"
            indent()
        }
        text += "]"
    }

    var wantsSortedKeys: Bool { true }

    /// `Shape.circle Circle { … }`, or `Shape.unknown`.
    func visitTagged(_ tagged: TaggedVisit) throws {
        beginValue()
        text += tagged.typeName + "." + tagged.tag
        guard tagged.hasPayload else { return }
        text += " "
        continuesLine = true
        try tagged.presentPayload(self)
    }

    func visitModel(_ schema: Schema, _ root: UnsafeRawPointer, postprocess: ((inout JSONValue) throws -> Void)?) throws {
        beginValue()
        var identity: ObjectIdentifier?
        if schema.modelType is AnyObject.Type {
            let id = ObjectIdentifier(root.load(as: AnyObject.self))
            if activeObjects.contains(id) {
                text += "<cycle: \(schema.typeName)>"
                return
            }
            activeObjects.insert(id)
            identity = id
        }
        defer { if let identity { activeObjects.remove(identity) } }
        text += schema.typeName + " {"
        containers.append((0, true))
        depth += 1
        var wrote = false
        for slot in schema.slots where !slot.options.contains(.notDescribed) {
            pendingKey = slot.name
            try slot.access.visit(root, self)
            wrote = true
        }
        containers.removeLast()
        depth -= 1
        if wrote {
            text += "\n"
            indent()
        }
        text += "}"
    }
}

extension Model {
    /// A readable, multi-line description built from the schema: the type name, then each field
    /// (except `.notDescribed` ones) on its own line, nested models and containers indented.
    ///
    /// ```
    /// Book {
    ///   name: "Harry"
    ///   tags: [
    ///     "a",
    ///     "b"
    ///   ]
    /// }
    /// ```
    public var modelDescription: String {
        let writer = DescriptionWriter()
        try? _visit(writer)
        return writer.text
    }
}

/// Adopt to print models with ``Model/modelDescription`` (`print(book)`, string interpolation,
/// the debugger): one line, `extension Book: DescribedModel {}`.
public protocol DescribedModel: Model, CustomStringConvertible, CustomDebugStringConvertible {}

extension DescribedModel {
    public var description: String { modelDescription }
    public var debugDescription: String { modelDescription }
}
