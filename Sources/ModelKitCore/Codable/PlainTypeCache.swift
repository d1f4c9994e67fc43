import Synchronization

/// Types the Codable bridge (decoder and encoder) found to be no ``ModelValue``, remembered process-wide.
///
/// Asking the runtime (`type as? any ModelValue.Type`) walks its conformance cache: about 1,400
/// instructions, which a small document paid once per decode and per nested plain type. Eight
/// lock-free slots hold the metadata addresses of types found plain; whether an exact type
/// conforms never changes, and a slot is only ever zero or some plain type, so a racing write can
/// only forget a type, never give a wrong answer.
final class PlainTypeCache: Sendable {
    static let shared = PlainTypeCache()

    private let slot0 = Atomic<UInt>(0), slot1 = Atomic<UInt>(0), slot2 = Atomic<UInt>(0), slot3 = Atomic<UInt>(0)
    private let slot4 = Atomic<UInt>(0), slot5 = Atomic<UInt>(0), slot6 = Atomic<UInt>(0), slot7 = Atomic<UInt>(0)

    /// Whether `type` was found to be no ``ModelValue``.
    @inline(__always)
    func isPlain(_ type: Any.Type) -> Bool {
        let id = UInt(bitPattern: ObjectIdentifier(type))
        return load(Self.slot(for: id)) == id
    }

    /// Whether `type` is no ``ModelValue``: from the cache, or asked once and remembered.
    func isNoModelValue(_ type: Any.Type) -> Bool {
        if isPlain(type) { return true }
        if type is any ModelValue.Type { return false }
        let id = UInt(bitPattern: ObjectIdentifier(type))
        store(id, in: Self.slot(for: id))
        return true
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
