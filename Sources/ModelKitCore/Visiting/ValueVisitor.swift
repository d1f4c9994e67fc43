import Foundation

/// Receives the structure of a value, the way swift-protobuf's `Visitor` does: JSON output,
/// archives, descriptions and hashing all walk values through one of these, driven by the same
/// schema tables. Public only because ``ModelValue/_visit(_:)`` mentions it.
///
/// Containers are bracketed (`beginArray`…`endArray`, `beginObject`…`endObject` with `visitKey`
/// before each member); a model hands the visitor its schema and storage, and the visitor picks
/// the fields it wants (`.notMapped`, `.notArchived`, `.notDescribed`) and calls
/// `slot.access.visit(root, self)` for each.
public protocol _ValueVisitor: AnyObject {
    func visitNull() throws
    func visitBool(_ value: Bool) throws
    func visitSigned(_ value: Int64) throws
    func visitUnsigned(_ value: UInt64) throws
    func visitFloat(_ value: Float) throws
    func visitDouble(_ value: Double) throws
    func visitDecimal(_ value: Decimal) throws
    /// A number kept as its exact JSON text (``JSONNumber``).
    func visitNumberText(_ text: String) throws
    func visitString(_ value: String) throws
    func visitData(_ value: Data) throws
    func visitDate(_ value: Date) throws
    func beginArray(count: Int) throws
    func endArray() throws
    func beginObject(count: Int) throws
    func visitKey(_ key: String) throws
    func endObject() throws
    /// Dictionaries and `JSONValue` objects present their members in UTF-8 key order when true.
    var wantsSortedKeys: Bool { get }
    /// A model: `root` points at its storage (for a class, at the reference). `postprocess` is
    /// the model's ``PostprocessingModel/didEncode(_:)`` hook, for visitors that produce JSON.
    func visitModel(_ schema: Schema, _ root: UnsafeRawPointer, postprocess: ((inout JSONValue) throws -> Void)?) throws
}

// MARK: - How each standard type presents itself

extension Int: _VisitableScalar { public func _visit(_ v: any _ValueVisitor) throws { try v.visitSigned(Int64(self)) } }
extension Int8: _VisitableScalar { public func _visit(_ v: any _ValueVisitor) throws { try v.visitSigned(Int64(self)) } }
extension Int16: _VisitableScalar { public func _visit(_ v: any _ValueVisitor) throws { try v.visitSigned(Int64(self)) } }
extension Int32: _VisitableScalar { public func _visit(_ v: any _ValueVisitor) throws { try v.visitSigned(Int64(self)) } }
extension Int64: _VisitableScalar { public func _visit(_ v: any _ValueVisitor) throws { try v.visitSigned(self) } }
extension UInt: _VisitableScalar { public func _visit(_ v: any _ValueVisitor) throws { try v.visitUnsigned(UInt64(self)) } }
extension UInt8: _VisitableScalar { public func _visit(_ v: any _ValueVisitor) throws { try v.visitUnsigned(UInt64(self)) } }
extension UInt16: _VisitableScalar { public func _visit(_ v: any _ValueVisitor) throws { try v.visitUnsigned(UInt64(self)) } }
extension UInt32: _VisitableScalar { public func _visit(_ v: any _ValueVisitor) throws { try v.visitUnsigned(UInt64(self)) } }
extension UInt64: _VisitableScalar { public func _visit(_ v: any _ValueVisitor) throws { try v.visitUnsigned(self) } }
extension Bool: _VisitableScalar { public func _visit(_ v: any _ValueVisitor) throws { try v.visitBool(self) } }
extension Float: _VisitableScalar { public func _visit(_ v: any _ValueVisitor) throws { try v.visitFloat(self) } }
extension Double: _VisitableScalar { public func _visit(_ v: any _ValueVisitor) throws { try v.visitDouble(self) } }
extension Decimal: _VisitableScalar { public func _visit(_ v: any _ValueVisitor) throws { try v.visitDecimal(self) } }
extension String: _VisitableScalar { public func _visit(_ v: any _ValueVisitor) throws { try v.visitString(self) } }
extension Data: _VisitableScalar { public func _visit(_ v: any _ValueVisitor) throws { try v.visitData(self) } }
extension Date: _VisitableScalar { public func _visit(_ v: any _ValueVisitor) throws { try v.visitDate(self) } }
extension URL: _VisitableScalar { public func _visit(_ v: any _ValueVisitor) throws { try v.visitString(absoluteString) } }
extension UUID: _VisitableScalar { public func _visit(_ v: any _ValueVisitor) throws { try v.visitString(uuidString) } }

/// Marks the standard scalar types whose `_visit` is written above (documentation only).
public protocol _VisitableScalar {}

extension Optional where Wrapped: ModelValue {
    public func _visit(_ v: any _ValueVisitor) throws {
        if let self { try self._visit(v) } else { try v.visitNull() }
    }
}

extension Array where Element: ModelValue {
    public func _visit(_ v: any _ValueVisitor) throws {
        try v.beginArray(count: count)
        for element in self { try element._visit(v) }
        try v.endArray()
    }
}

extension Set where Element: ModelValue {
    /// In canonical order when the visitor asks for sorted keys (stable JSON, equality, hashing):
    /// equal sets may iterate in different orders.
    public func _visit(_ v: any _ValueVisitor) throws {
        try v.beginArray(count: count)
        if v.wantsSortedKeys {
            for element in sorted(by: { String(describing: $0) < String(describing: $1) }) { try element._visit(v) }
        } else {
            for element in self { try element._visit(v) }
        }
        try v.endArray()
    }
}

extension Dictionary where Key == String, Value: ModelValue {
    public func _visit(_ v: any _ValueVisitor) throws {
        try v.beginObject(count: count)
        if v.wantsSortedKeys {
            for key in keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                try v.visitKey(key)
                try self[key]!._visit(v)
            }
        } else {
            for (key, value) in self {
                try v.visitKey(key)
                try value._visit(v)
            }
        }
        try v.endObject()
    }
}

extension JSONValue {
    public func _visit(_ v: any _ValueVisitor) throws {
        switch self {
        case .null: try v.visitNull()
        case .bool(let b): try v.visitBool(b)
        case .number(let n): try v.visitNumberText(n.text)
        case .string(let s): try v.visitString(s)
        case .array(let elements):
            try v.beginArray(count: elements.count)
            for element in elements { try element._visit(v) }
            try v.endArray()
        case .object(let object):
            try v.beginObject(count: object.count)
            let members = v.wantsSortedKeys
                ? object.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                : Array(object)
            for (key, value) in members {
                try v.visitKey(key)
                try value._visit(v)
            }
            try v.endObject()
        }
    }
}

extension ModelValue where Self: RawRepresentable, RawValue: ModelValue {
    public func _visit(_ v: any _ValueVisitor) throws { try rawValue._visit(v) }
}

extension Model {
    public func _visit(_ v: any _ValueVisitor) throws {
        var storage = self
        // A class instance is visited with its dynamic type's schema (subclass fields included).
        let schema = type(of: self).schema
        var postprocess: ((inout JSONValue) throws -> Void)?
        if schema.isPostprocessing, let hooked = self as? any PostprocessingModel {
            postprocess = { object in try hooked.didEncode(&object) }
        }
        try withUnsafePointer(to: &storage) { try v.visitModel(schema, UnsafeRawPointer($0), postprocess: postprocess) }
    }
}

extension ModelValue {
    /// User types: visited through their ``ModelValue/encodeModelValue(options:)`` JSON form.
    public func _visit(_ v: any _ValueVisitor) throws {
        try encodeModelValue(options: EncodingOptions())._visit(v)
    }
}

extension _ValueVisitor {
    public var wantsSortedKeys: Bool { false }
}
