#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The tape's entries are one C allocation, so that a tape that outgrows its buffer is
/// `realloc`ed: a large buffer is remapped by the allocator, never copied, so a tape can start
/// small (a document of one long string needs a few entries, not one per six bytes) and grow
/// to what the document holds. Only these three functions allocate, grow and free it.
enum TapeEntryBuffer {
    static func allocate(capacity: Int) -> UnsafeMutablePointer<TapeEntry> {
        // Why unsafe: `TapeEntry` is trivial (no references), so C memory holds it as is.
        guard let memory = malloc(capacity * MemoryLayout<TapeEntry>.stride) else { fatalError("out of memory for a tape of \(capacity) entries") }
        return memory.bindMemory(to: TapeEntry.self, capacity: capacity)
    }

    /// Grows `entries` to `capacity`, keeping its contents (moved when the allocator must).
    static func reallocate(_ entries: UnsafeMutablePointer<TapeEntry>, capacity: Int) -> UnsafeMutablePointer<TapeEntry> {
        guard let memory = realloc(entries, capacity * MemoryLayout<TapeEntry>.stride) else { fatalError("out of memory for a tape of \(capacity) entries") }
        return memory.bindMemory(to: TapeEntry.self, capacity: capacity)
    }

    static func free(_ entries: UnsafeMutablePointer<TapeEntry>) {
        #if canImport(Glibc)
        Glibc.free(entries)
        #elseif canImport(Musl)
        Musl.free(entries)
        #else
        Darwin.free(entries)
        #endif
    }
}
