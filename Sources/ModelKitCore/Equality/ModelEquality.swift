#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Flattens a value into comparable tokens (fields in schema order, dictionary keys and set
/// elements in canonical order), for equality and hashing driven by the schema.
final class TokenCollector: ValueVisitor {
    enum Token: Equatable {
        case null, bool(Bool), signed(Int64), unsigned(UInt64), double(Double), decimal(Decimal), number(JSONNumber)
        case string(String), data(Data), date(Date), beginArray(Int), endArray, beginObject(Int), key(String), endObject
        case model(ObjectIdentifier), field(Int), endModel
    }

    private(set) var tokens: [Token] = []

    func visitNull() throws { tokens.append(.null) }
    func visitBool(_ value: Bool) throws { tokens.append(.bool(value)) }
    func visitSigned(_ value: Int64) throws { tokens.append(.signed(value)) }
    func visitUnsigned(_ value: UInt64) throws { tokens.append(.unsigned(value)) }
    func visitFloat(_ value: Float) throws { tokens.append(.double(Double(value))) }
    func visitDouble(_ value: Double) throws { tokens.append(.double(value)) }
    func visitDecimal(_ value: Decimal) throws { tokens.append(.decimal(value)) }
    func visitNumberText(_ text: String) throws { tokens.append(.number(JSONNumber(uncheckedText: text))) }
    func visitString(_ value: String) throws { tokens.append(.string(value)) }
    func visitData(_ value: Data) throws { tokens.append(.data(value)) }
    func visitDate(_ value: Date) throws { tokens.append(.date(value)) }
    func beginArray(count: Int) throws { tokens.append(.beginArray(count)) }
    func endArray() throws { tokens.append(.endArray) }
    func beginObject(count: Int) throws { tokens.append(.beginObject(count)) }
    func visitKey(_ key: String) throws { tokens.append(.key(key)) }
    func endObject() throws { tokens.append(.endObject) }
    var wantsSortedKeys: Bool { true }

    /// The case's tag, then its payload: equal when both are (whatever the tagging style).
    func visitTagged(_ tagged: TaggedVisit) throws {
        tokens.append(.key(tagged.tag))
        try tagged.presentPayload(self)
    }

    func visitModel(_ schema: Schema, _ root: UnsafeRawPointer, postprocess: ((inout JSONValue) throws -> Void)?) throws {
        tokens.append(.model(ObjectIdentifier(schema)))
        for (index, slot) in schema.slots.enumerated() {
            tokens.append(.field(index))
            try slot.access.visit(root, self)
        }
        tokens.append(.endModel)
    }

    static func tokens(of value: some ModelValue) -> [Token] {
        let collector = TokenCollector()
        try? value._visit(collector)
        return collector.tokens
    }
}

extension TokenCollector.Token {
    func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        // Numbers hash by value so that equal numbers of different spellings hash alike.
        case .signed(let n): hasher.combine(Double(n))
        case .unsigned(let n): hasher.combine(Double(n))
        case .double(let d): hasher.combine(d == 0 ? 0 : d)
        case .decimal(let d): hasher.combine(d)
        case .number(let n): hasher.combine(n)
        case .string(let s): hasher.combine(s)
        case .data(let d): hasher.combine(d)
        case .date(let d): hasher.combine(d)
        case .beginArray(let n): hasher.combine(1); hasher.combine(n)
        case .endArray: hasher.combine(2)
        case .beginObject(let n): hasher.combine(3); hasher.combine(n)
        case .key(let k): hasher.combine(k)
        case .endObject: hasher.combine(4)
        case .model(let id): hasher.combine(id)
        case .field(let i): hasher.combine(i)
        case .endModel: hasher.combine(5)
        }
    }
}

extension Model {
    /// Field-by-field equality from the schema: every field (mapped or not), nested models by
    /// their fields, numbers by value (`==`), dictionaries and sets whatever their order.
    /// Two class instances are equal when their dynamic types and fields are.
    public func modelIsEqual(_ other: Self) -> Bool {
        TokenCollector.tokens(of: self) == TokenCollector.tokens(of: other)
    }

    /// Hashes every field through the schema, consistently with ``modelIsEqual(_:)``.
    public func modelHash(into hasher: inout Hasher) {
        for token in TokenCollector.tokens(of: self) { token.hash(into: &hasher) }
    }
}
