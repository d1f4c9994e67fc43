import Foundation
import MallocCounter

/// One contender on one task: a closure that does the whole job once on the task's bytes.
struct Contender {
    let name: String
    let run: () throws -> Void
}

/// Median and spread of several timed runs of one contender, plus its allocations and the heap
/// bytes they requested, per object.
struct Measurement {
    let contender: String
    let medianNanos: Double
    let minNanos: Double
    let maxNanos: Double
    let allocationsPerObject: Double
    let heapBytesPerObject: Double
}

struct TaskResult {
    let task: String
    let bytes: Int
    let objects: Int
    let measurements: [Measurement]

    func megabytesPerSecond(_ m: Measurement) -> Double { Double(bytes) / m.medianNanos * 1000 }
    var modelKit: Measurement? { measurements.first { $0.contender == "ModelKit" } }
}

enum Harness {
    /// The calling thread's CPU time, in nanoseconds. On a shared machine wall time also counts
    /// the slices the scheduler gave to other processes, which lands on whichever contender was
    /// running then; thread CPU time counts only this thread's own work (its cache and page-fault
    /// costs included), so side-by-side ratios stop depending on the neighbours.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Interleaved runs: every round times each contender once (round-robin), after a warm-up,
    /// so a noisy neighbour slows all contenders alike instead of one.
    static func measure(task: String, bytes: Int, objects: Int, contenders: [Contender], runs: Int, targetNanos: UInt64) throws -> TaskResult {
        var iterations: [Int] = []
        for contender in contenders {
            // Warm-up, and size each timed run to about `targetNanos`. The first call pays the
            // one-time work (schemas built, caches and pools filled, pages faulted in): sized from
            // it alone, a small document's run was one or two cold calls (user.json read 10× slow
            // in quick runs). The calls after it, for a tenth of the target, give the size.
            try contender.run()
            var calls: UInt64 = 0
            let start = now()
            repeat {
                try contender.run()
                calls += 1
            } while now() - start < targetNanos / 10 && calls < 1_000_000
            let once = max((now() - start) / calls, 1)
            iterations.append(max(1, Int(targetNanos / once)))
        }
        var samples = [[Double]](repeating: [], count: contenders.count)
        for _ in 0..<runs {
            for (i, contender) in contenders.enumerated() {
                let start = now()
                for _ in 0..<iterations[i] { try contender.run() }
                samples[i].append(Double(now() - start) / Double(iterations[i]))
            }
        }
        var measurements: [Measurement] = []
        for (i, contender) in contenders.enumerated() {
            malloc_counter_reset()
            try contender.run()
            let allocations = Double(malloc_counter_count())
            let heapBytes = Double(malloc_counter_bytes())
            let sorted = samples[i].sorted()
            measurements.append(Measurement(contender: contender.name, medianNanos: sorted[sorted.count / 2],
                                            minNanos: sorted.first!, maxNanos: sorted.last!,
                                            allocationsPerObject: allocations / Double(max(objects, 1)),
                                            heapBytesPerObject: heapBytes / Double(max(objects, 1))))
        }
        return TaskResult(task: task, bytes: bytes, objects: objects, measurements: measurements)
    }

    /// Peak resident memory of this process so far, in KiB (VmHWM).
    static func peakResidentKiB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first { !$0.isEmpty }.map(String.init) ?? "") ?? 0
        }
        return 0
    }
}

enum Machine {
    static var description: String {
        var cpu = "unknown CPU"
        if let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
           let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }) {
            cpu = line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? cpu
        }
        var compiler = "Swift"
        #if compiler(>=6.3)
        compiler = "Swift 6.3+"
        #elseif compiler(>=6.2)
        compiler = "Swift 6.2"
        #elseif compiler(>=6.1)
        compiler = "Swift 6.1"
        #else
        compiler = "Swift 6.0"
        #endif
        let memory = ProcessInfo.processInfo.physicalMemory / (1 << 30)
        return "\(cpu), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(memory) GiB, \(compiler), release build"
    }
}
