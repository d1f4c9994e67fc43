#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Receives the structure of a value, the way swift-protobuf's `Visitor` does: JSON output,
/// archives, descriptions and hashing all walk values through one of these, driven by the same
/// schema tables. Values present themselves through ``ModelValue/presentModelValue(to:)``, which
/// hands it on inside the opaque ``ModelEngine/Visitor``.
///
/// Containers are bracketed (`beginArray`…`endArray`, `beginObject`…`endObject` with `visitKey`
/// before each member); a model hands the visitor its schema and storage, and the visitor picks
/// the fields it wants (`.notMapped`, `.notArchived`, `.notDescribed`) and calls
/// `slot.access.visit(root, self)` for each.
@usableFromInline
protocol ValueVisitor: AnyObject {
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
    /// A case of a tagged enum (``TaggedModel``). The default writes the style's object through
    /// the calls above; an internally tagged payload is written with ``leadingMember``.
    func visitTagged(_ tagged: TaggedVisit) throws
    /// Set just before a model is visited whose object must start with this member (an
    /// internally tagged enum's tag); the model's `visitModel` writes it first and clears it.
    /// Visitors that write no objects keep the default (never set).
    var leadingMember: (key: String, value: String)? { get set }
}

extension ValueVisitor {
    var wantsSortedKeys: Bool { false }
    var leadingMember: (key: String, value: String)? {
        get { nil }
        set {}
    }
}
