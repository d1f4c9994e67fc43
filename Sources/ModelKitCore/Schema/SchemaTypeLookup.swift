import Synchronization

/// The one answer to "is this type a schema type (a ``ModelValue``)?" for every path handed a
/// generic type it did not choose: the Codable bridge (decoder and encoder) and the server
/// integrations.
///
/// Why a lookup and not a cast each time: `type as? any ModelValue.Type` walks the runtime's
/// conformance cache (about 1,400 instructions; 2,400 with the cast and an existential box), which
/// a small document paid per decode and per nested plain type, and a server per request. Three
/// layers, fastest first: a coder's own memo of the plain types it met (``Recent``: an array of a
/// plain type asks once per element), eight lock-free process-wide slots of plain types
/// (``isPlain(_:)``), and a dictionary of entries under a lock for the integrations, which also
/// need to know whether a model can be written in place. Whether a type conforms never changes,
/// so a layer may forget a type, never give a wrong answer.
enum SchemaTypeLookup {
    /// What a ``ModelValue`` type is, as the integrations need to know it.
    struct Entry: Sendable {
        /// The type itself, for the schema path.
        let valueType: any ModelValue.Type
        /// Set when the type is a struct (or enum) `Model` without a postprocessing hook: its
        /// fields can be written straight from the caller's value, with no copy of it.
        let valueModel: (any Model.Type)?
    }

    private static let known = Lock<[ObjectIdentifier: Entry?]>([:])

    /// `type` as a ``ModelValue`` type, or nil for a plain Codable type (the bridge's).
    static func entry<T>(for type: T.Type) -> Entry? {
        let id = ObjectIdentifier(type)
        if let cached = known.withLock({ $0[id] }) { return cached }
        let found = (type as? any ModelValue.Type).map { valueType in
            let model = valueType as? any Model.Type
            let inPlace = model.flatMap { $0 is AnyObject.Type || $0.schema.isPostprocessing ? nil : $0 }
            return Entry(valueType: valueType, valueModel: inPlace)
        }
        known.withLock { $0[id] = found }
        return found
    }

    /// `type` as a ``ModelValue`` type, or nil for a plain Codable type.
    static func modelValueType<T>(_ type: T.Type) -> (any ModelValue.Type)? {
        entry(for: type)?.valueType
    }

    /// Whether `type` is no ``ModelValue`` (a plain Codable type): from the process-wide slots,
    /// or asked once and remembered there.
    @inline(__always)
    static func isPlain(_ type: Any.Type) -> Bool {
        TypeSlots.plain.contains(type) || askAndRemember(type)
    }

    /// A coder's memo of the types it found plain, in front of ``isPlain(_:)``: a document's
    /// tree of plain types (a dozen in twitter.json's models) stays here for the whole decode,
    /// where the eight process-wide slots would evict each other.
    ///
    /// The caller decides what goes in: the encoder keeps classes out (an instance of a subclass
    /// may be a model where its static type is not); a decoder makes exactly the type it is asked for.
    struct Recent {
        private var newest: ObjectIdentifier?
        private var previous: ObjectIdentifier?
        /// The ones before (a document's tree of plain types), scanned only when the two newest
        /// miss; allocated at the third type, bounded so a long-lived encoder's memo stays small.
        private var older: [ObjectIdentifier] = []

        @inline(__always)
        func contains(_ type: Any.Type) -> Bool {
            let id = ObjectIdentifier(type)
            return newest == id || previous == id || (!older.isEmpty && older.contains(id))
        }

        /// Called after ``contains(_:)`` said no.
        mutating func remember(_ type: Any.Type) {
            if let previous, older.count < 32 { older.append(previous) }
            previous = newest
            newest = ObjectIdentifier(type)
        }
    }
}

extension SchemaTypeLookup {
    /// Asks the runtime; a plain type is remembered.
    private static func askAndRemember(_ type: Any.Type) -> Bool {
        if type is any ModelValue.Type { return false }
        TypeSlots.plain.remember(type)
        return true
    }
}

/// Eight lock-free slots holding the metadata addresses of types found to have one property
/// (plain, or taking one door: ``CodingDoor``). A slot is only ever zero or some such type, so a
/// racing write can only make a type be asked again.
final class TypeSlots: Sendable {
    /// Types that are no ``ModelValue``.
    static let plain = TypeSlots()

    private let slot0 = Atomic<UInt>(0), slot1 = Atomic<UInt>(0), slot2 = Atomic<UInt>(0), slot3 = Atomic<UInt>(0)
    private let slot4 = Atomic<UInt>(0), slot5 = Atomic<UInt>(0), slot6 = Atomic<UInt>(0), slot7 = Atomic<UInt>(0)

    @inline(__always)
    func contains(_ type: Any.Type) -> Bool {
        let id = UInt(bitPattern: ObjectIdentifier(type))
        return load(Self.slot(for: id)) == id
    }

    func remember(_ type: Any.Type) {
        let id = UInt(bitPattern: ObjectIdentifier(type))
        store(id, in: Self.slot(for: id))
    }

    /// Metadata is at least 8-byte aligned: the bits above the alignment spread the types.
    @inline(__always)
    private static func slot(for id: UInt) -> UInt { (id >> 4) & 7 }

    @inline(__always)
    private func load(_ slot: UInt) -> UInt {
        switch slot {
        case 0: return slot0.load(ordering: .relaxed)
        case 1: return slot1.load(ordering: .relaxed)
        case 2: return slot2.load(ordering: .relaxed)
        case 3: return slot3.load(ordering: .relaxed)
        case 4: return slot4.load(ordering: .relaxed)
        case 5: return slot5.load(ordering: .relaxed)
        case 6: return slot6.load(ordering: .relaxed)
        default: return slot7.load(ordering: .relaxed)
        }
    }

    private func store(_ id: UInt, in slot: UInt) {
        switch slot {
        case 0: slot0.store(id, ordering: .relaxed)
        case 1: slot1.store(id, ordering: .relaxed)
        case 2: slot2.store(id, ordering: .relaxed)
        case 3: slot3.store(id, ordering: .relaxed)
        case 4: slot4.store(id, ordering: .relaxed)
        case 5: slot5.store(id, ordering: .relaxed)
        case 6: slot6.store(id, ordering: .relaxed)
        default: slot7.store(id, ordering: .relaxed)
        }
    }
}
