import Synchronization

/// The size the last output of one kind needed, so the next one reserves it at once (one
/// allocation in the common case). The one size hint of the writers: per schema for JSON
/// (`JSONOutputLayout`) and archives (`ArchiveLayout`), process-wide for Codable values
/// (`ModelEncoder`).
///
/// Relaxed atomics: a hint read while another thread records one is only a worse guess, never
/// a wrong output.
final class SizeHint: Sendable {
    private let bytes: Atomic<Int>

    init(_ initial: Int = 0) { bytes = Atomic(initial) }

    /// The size last recorded.
    var value: Int { bytes.load(ordering: .relaxed) }

    /// Remembers `count` bytes for the next output.
    func record(_ count: Int) { bytes.store(count, ordering: .relaxed) }
}
