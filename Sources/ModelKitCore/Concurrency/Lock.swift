#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one lock of the library: a value of `State` reached only inside `withLock`.
///
/// Why not `Synchronization.Mutex` (available at the package's minimum, macOS 15, like the
/// `Atomic`s the Codable side uses): on Linux it hands ownership over through a futex that
/// ThreadSanitizer cannot see, so every `--sanitize=thread` run reported races that are not
/// there. A pthread mutex (Linux) and `os_unfair_lock` (Darwin) are understood by TSan and cost
/// the same uncontended.
final class Lock<State>: @unchecked Sendable {
    // @unchecked: `state` is only touched between lock and unlock of `mutex`.
    #if canImport(Darwin)
    private let mutex: UnsafeMutablePointer<os_unfair_lock>
    #else
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif
    // Unchecked: the mutex already makes every access exclusive (a nested `withLock` on the
    // same lock would deadlock before it could overlap), and Swift's run-time check cost about
    // 150 instructions per `withLock`, twice per decode (the recorder pool).
    @exclusivity(unchecked) private var state: State

    init(_ initial: State) {
        state = initial
        // The lock lives at a stable heap address: a pthread mutex or unfair lock must never
        // move, which a stored property of a class does not guarantee.
        mutex = .allocate(capacity: 1)
        #if canImport(Darwin)
        mutex.initialize(to: os_unfair_lock())
        #else
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(mutex)
        #endif
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the state.
    @inline(__always)
    func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        #if canImport(Darwin)
        os_unfair_lock_lock(mutex)
        defer { os_unfair_lock_unlock(mutex) }
        #else
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        #endif
        return try body(&state)
    }

    /// The current state (a copy).
    var value: State {
        get { withLock { $0 } }
    }

    /// Replaces the state.
    func store(_ newValue: State) {
        withLock { $0 = newValue }
    }
}
