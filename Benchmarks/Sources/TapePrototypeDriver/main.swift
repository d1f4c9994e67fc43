import Foundation
import MallocCounter
#if TAPE_PROTOTYPE
@_spi(Benchmarks) import ModelKitCore
#else
import ModelKitCore
#endif

// Issue 35's prototype driver: one decode path, N times, for callgrind's ((N+1) − 1) ÷ N procedure.
//   TapePrototypeDriver MODE FILE COUNT
//   MODE: model (`Model.init(json:)`), tape (record + schema read, through the SPI), record (tape
//         recording only), bridge (ModelDecoder().decode of the plain Codable twin), yajl (yajl's
//         empty scan), check (the model's JSON == the Codable twin's, as JSONEncoder writes them
//         with sorted keys: COUNT ignored),
//         stats (allocations per decode, and thread CPU time per decode: median of COUNT interleaved rounds)
// FILE: user.json → GitHubUser, twitter.json → TwitterTimeline, canada.json → FeatureCollection,
//       citm_catalog.json → Catalog.
// The model models and their Codable twins are the benchmark's own files (symlinked here).

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[3]) else {
    FileHandle.standardError.write("usage: TapePrototypeDriver model|tape|record|bridge|yajl|check FILE.json COUNT\n".data(using: .utf8)!)
    exit(2)
}
let mode = arguments[1]
let path = arguments[2]
let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
let name = URL(fileURLWithPath: path).lastPathComponent

/// One file's model, its Codable twin, and how to compare two decodes (their encoded JSON).
struct Case<M: Model, Plain: Codable> {
    let model: M.Type
    let plain: Plain.Type

    func run(_ mode: String, _ bytes: [UInt8], _ count: Int) throws {
        let bridge = ModelDecoder()
        var sink = 0
        switch mode {
        case "model", "push":
            // "push" was the push engine until it was deleted (issue 35): the model door now.
            for _ in 0..<count { sink &+= try withExtendedLifetime(M(json: bytes)) { 1 } }
        case "tape":
            #if TAPE_PROTOTYPE
            for _ in 0..<count { sink &+= try withExtendedLifetime(tapeDecode(M.self, bytes)) { 1 } }
            #endif
        case "record":
            #if TAPE_PROTOTYPE
            for _ in 0..<count { sink &+= try DecodePaths.recordOnly(bytes) }
            #endif
        case "bridge":
            for _ in 0..<count { sink &+= try withExtendedLifetime(bridge.decode(Plain.self, from: bytes)) { 1 } }
        case "encode":
            let value = try JSONDecoder().decode(Plain.self, from: Data(bytes))
            let encoder = ModelEncoder()
            for _ in 0..<count { sink &+= try encoder.encode(value).count }
        case "jsonencoder":
            let value = try JSONDecoder().decode(Plain.self, from: Data(bytes))
            let encoder = JSONEncoder()
            for _ in 0..<count { sink &+= try encoder.encode(value).count }
        case "jsondecoder":
            let decoder = JSONDecoder()
            for _ in 0..<count { sink &+= try withExtendedLifetime(decoder.decode(Plain.self, from: Data(bytes))) { 1 } }
        case "yajl":
            for _ in 0..<count { sink &+= YajlRaw.parse(bytes) ? 1 : 0 }
        case "check":
            // Both decoded and written back with sorted keys by the same encoder, so only the values differ.
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let model = try encoder.encode(JSONDecoder().decode(Plain.self, from: Data(M(json: bytes).jsonBytes())))
            let plain = try encoder.encode(JSONDecoder().decode(Plain.self, from: Data(bytes)))
            print("\(name): model \(model.count) bytes, Codable twin \(plain.count) bytes, equal: \(model == plain)")
            if model != plain { exit(1) }
        case "stats":
            #if TAPE_PROTOTYPE
            let contenders: [(String, () throws -> Void)] = [
                ("model", { _ = try M(json: bytes) }),
                ("tape", { _ = try tapeDecode(M.self, bytes) }),
                ("record", { _ = try DecodePaths.recordOnly(bytes) }),
                ("bridge", { _ = try bridge.decode(Plain.self, from: bytes) }),
            ]
            // Decodes per round: about 20 ms of work each.
            let perRound = max(1, 2_000_000 / max(bytes.count, 1))
            var times = [[Double]](repeating: [], count: contenders.count)
            for (i, contender) in contenders.enumerated() {
                for _ in 0..<3 { try contender.1() }
                malloc_counter_reset()
                for _ in 0..<10 { try contender.1() }
                print("\(name) \(contender.0): \(Double(malloc_counter_count()) / 10) allocations per decode")
                _ = i
            }
            for _ in 0..<count {
                for (i, contender) in contenders.enumerated() {
                    let start = threadCPUNanos()
                    for _ in 0..<perRound { try contender.1() }
                    times[i].append(Double(threadCPUNanos() - start) / Double(perRound))
                }
            }
            for (i, contender) in contenders.enumerated() {
                let sorted = times[i].sorted()
                print("\(name) \(contender.0): median \(Int(sorted[sorted.count / 2])) ns per decode (thread CPU, \(count) rounds of \(perRound))")
            }
            #endif
        default:
            FileHandle.standardError.write("unknown mode \(mode)\n".data(using: .utf8)!)
            exit(2)
        }
        if sink == -1 { print(sink) }
    }
}

#if TAPE_PROTOTYPE
/// The tape path through the SPI (what `Model.init(json:)` runs, without its result box).
func tapeDecode<M: Model>(_ type: M.Type, _ bytes: [UInt8]) throws -> M {
    try DecodePaths.tape(M.self, from: bytes)
}
#endif

func threadCPUNanos() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

switch name {
case "user.json": try Case(model: GitHubUser.self, plain: PlainGitHubUser.self).run(mode, bytes, count)
case "twitter.json": try Case(model: TwitterTimeline.self, plain: PlainTwitterTimeline.self).run(mode, bytes, count)
case "canada.json": try Case(model: FeatureCollection.self, plain: PlainFeatureCollection.self).run(mode, bytes, count)
case "citm_catalog.json": try Case(model: Catalog.self, plain: PlainCatalog.self).run(mode, bytes, count)
case "weibo.json": try Case(model: WeiboStatus.self, plain: PlainWeiboStatus.self).run(mode, bytes, count)
default:
    FileHandle.standardError.write("no model for \(name)\n".data(using: .utf8)!)
    exit(2)
}
