import Foundation
import ModelKitCore

// Issue 35's prototype driver: one decode path, N times, for callgrind's ((N+1) − 1) ÷ N procedure.
//   TapePrototypeDriver MODE FILE COUNT
//   MODE: push (Model.init(json:)), tape (record + schema read), record (tape recording only),
//         bridge (ModelDecoder().decode of the plain Codable twin), yajl (yajl's empty scan),
//         check (tape result == push result, COUNT ignored)
// FILE: user.json → GitHubUser, twitter.json → TwitterTimeline, canada.json → FeatureCollection.
// The model models and their Codable twins are the benchmark's own files (symlinked here).

let arguments = CommandLine.arguments
guard arguments.count == 4, let count = Int(arguments[3]) else {
    FileHandle.standardError.write("usage: TapePrototypeDriver push|tape|record|bridge|yajl|check FILE.json COUNT\n".data(using: .utf8)!)
    exit(2)
}
let mode = arguments[1]
let path = arguments[2]
let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
let name = URL(fileURLWithPath: path).lastPathComponent

/// One file's model, its Codable twin, and how to compare two decodes (their encoded JSON).
struct Case<M: Model, Plain: Decodable> {
    let model: M.Type
    let plain: Plain.Type

    func run(_ mode: String, _ bytes: [UInt8], _ count: Int) throws {
        let bridge = ModelDecoder()
        var sink = 0
        switch mode {
        case "push":
            for _ in 0..<count { sink &+= try withExtendedLifetime(M(json: bytes)) { 1 } }
        case "tape":
            #if TAPE_PROTOTYPE
            for _ in 0..<count { sink &+= try withExtendedLifetime(TapePrototype.decode(M.self, from: bytes)) { 1 } }
            #endif
        case "record":
            #if TAPE_PROTOTYPE
            for _ in 0..<count { sink &+= try TapePrototype.recordOnly(bytes) }
            #endif
        case "bridge":
            for _ in 0..<count { sink &+= try withExtendedLifetime(bridge.decode(Plain.self, from: bytes)) { 1 } }
        case "yajl":
            for _ in 0..<count { sink &+= YajlRaw.parse(bytes) ? 1 : 0 }
        case "check":
            #if TAPE_PROTOTYPE
            let pushed = try M(json: bytes).jsonBytes(options: .init(sortedKeys: true))
            let taped = try TapePrototype.decode(M.self, from: bytes).jsonBytes(options: .init(sortedKeys: true))
            print("\(name): push \(pushed.count) bytes, tape \(taped.count) bytes, equal: \(pushed == taped)")
            if pushed != taped { exit(1) }
            #else
            print("built without TAPE_PROTOTYPE")
            #endif
        default:
            FileHandle.standardError.write("unknown mode \(mode)\n".data(using: .utf8)!)
            exit(2)
        }
        if sink == -1 { print(sink) }
    }
}

switch name {
case "user.json": try Case(model: GitHubUser.self, plain: PlainGitHubUser.self).run(mode, bytes, count)
case "twitter.json": try Case(model: TwitterTimeline.self, plain: PlainTwitterTimeline.self).run(mode, bytes, count)
case "canada.json": try Case(model: FeatureCollection.self, plain: PlainFeatureCollection.self).run(mode, bytes, count)
default:
    FileHandle.standardError.write("no model for \(name)\n".data(using: .utf8)!)
    exit(2)
}
