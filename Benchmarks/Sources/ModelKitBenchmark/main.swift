import Foundation
import ModelKitCore

// ModelKit's benchmark: every contender on the same bytes, in one process, interleaved.
//   ModelKitBenchmark [--quick] [--chart PATH] [--results PATH] [FILE.json ...]

var arguments = Array(CommandLine.arguments.dropFirst())
let quick = arguments.contains("--quick")
arguments.removeAll { $0 == "--quick" }
@MainActor func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    let value = arguments[i + 1]
    arguments.removeSubrange(i...(i + 1))
    return value
}
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let chartPath = option("--chart") ?? (quick ? nil : packageRoot.appendingPathComponent("Results/chart.svg").path)
let resultsPath = option("--results") ?? (quick ? nil : packageRoot.appendingPathComponent("Results/results.md").path)
if let peakFile = option("--peak") {
    // Child mode for peak-memory figures: one contender on one large input file, then print how
    // much the peak resident size grew beyond the input itself (VmHWM, KiB).
    let contender = arguments.first ?? "ModelKit"
    let data = try Data(contentsOf: URL(fileURLWithPath: peakFile))
    let bytes = [UInt8](data)
    let before = Harness.peakResidentKiB()
    var count = 0
    switch contender {
    case "JSONDecoder": count = try JSONDecoder().decode([GitHubUser].self, from: data).count
    case "JSONSerialization": count = try (JSONSerialization.jsonObject(with: data) as! [[String: Any]]).map(GitHubUser.init(dictionary:)).count
    case "stream":
        // Models are handed out and dropped as they complete: memory stays flat.
        let stream = ModelStreamDecoder<GitHubUser>()
        var offset = 0
        while offset < bytes.count {
            count += try stream.feed(bytes[offset..<min(offset + 65536, bytes.count)]).count
            offset += 65536
        }
        count += try stream.finish().count
    default: count = try [GitHubUser](json: bytes).count
    }
    precondition(count > 0)
    print(Harness.peakResidentKiB() - before)
    exit(0)
}
let extraFiles = arguments

let runs = quick ? 3 : 9
let target: UInt64 = quick ? 10_000_000 : 60_000_000
print("ModelKit benchmark — \(quick ? "quick" : "full") run, median of \(runs) interleaved runs after warm-up, thread CPU time")
print("Machine: \(Machine.description)\n")

var results: [TaskResult] = []
var encodeResults: [TaskResult] = []
let decoder = JSONDecoder()
let encoder = JSONEncoder()

/// `plain` is `M` as a plain Codable type (PlainCorpusModels.swift): the bridge decodes it, so
/// nested values go through the bridge's containers as a server's own Codable types do.
@MainActor func decodeTask<M: Model & Codable, Plain: Decodable>(_ name: String, _ bytes: [UInt8], _ type: M.Type, plain: Plain.Type,
                                                                objects: Int, extra: [Contender] = []) throws {
    let data = Data(bytes)
    let contenders = [
        Contender(name: "ModelKit") { _ = try M(json: bytes) },
        Contender(name: "JSONDecoder") { _ = try decoder.decode(M.self, from: data) },
        // Given `Data`, as JSONDecoder is: a drop-in replacement is called with what its caller has.
        Contender(name: "ModelKit Codable bridge") { _ = try bridgeDecoder.decode(Plain.self, from: data) },
    ] + extra + [Contender(name: "yajl raw tokens") { precondition(YajlRaw.parse(bytes)) }]
    results.append(try Harness.measure(task: name, bytes: bytes.count, objects: objects, contenders: contenders, runs: runs, targetNanos: target))
}

@MainActor func arrayTask<M: Model & Codable>(_ name: String, _ bytes: [UInt8], _ type: M.Type, extra: [Contender] = []) throws {
    let data = Data(bytes)
    let count = try [M](json: bytes).count
    let contenders = [
        Contender(name: "ModelKit") { _ = try [M](json: bytes) },
        Contender(name: "JSONDecoder") { _ = try decoder.decode([M].self, from: data) },
        Contender(name: "ModelKit Codable bridge") { _ = try bridgeDecoder.decode(ArrayThroughCodable<M>.self, from: data) },
    ] + extra + [Contender(name: "yajl raw tokens") { precondition(YajlRaw.parse(bytes)) }]
    results.append(try Harness.measure(task: name, bytes: bytes.count, objects: count, contenders: contenders, runs: runs, targetNanos: target))
}

/// `plain` is the same document as `Plain` (PlainCorpusModels.swift), read by `JSONDecoder`:
/// `JSONEncoder` and the bridge both encode that one value, as a server's own Codable types (a
/// `Model` inside a Codable type would take the schema path, and a wrapper around the model
/// would copy it on every call, which `JSONEncoder` is not asked to do).
@MainActor func encodeTask<M: Model & Encodable, Plain: Codable>(_ name: String, _ model: M, plain: Plain, objects: Int, extra: [Contender] = []) throws {
    let size = try model.jsonBytes().count
    let contenders = [
        Contender(name: "ModelKit") { _ = try model.jsonBytes() },
        Contender(name: "JSONEncoder") { _ = try encoder.encode(plain) },
        Contender(name: "ModelKit Codable bridge") { _ = try bridgeEncoder.encode(plain) as Data },
    ] + extra
    encodeResults.append(try Harness.measure(task: name, bytes: size, objects: objects, contenders: contenders, runs: runs, targetNanos: target))
}

// Corpus files, when ../shared/corpus is present next to the repository.
let corpus = packageRoot.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus")
func corpusFile(_ name: String) -> [UInt8]? {
    (try? Data(contentsOf: corpus.appendingPathComponent(name))).map { [UInt8]($0) }
}

if let user = corpusFile("user.json") {
    let data = Data(user)
    #if MACRO_CONTENDER
    let macroLogin = try MacroGitHubUser(json: user).login
    let handLogin = try GitHubUser(json: user).login
    precondition(macroLogin == handLogin, "the two schemas must read the same fields")
    let macroContender = [Contender(name: "ModelKit (@Model)") { _ = try MacroGitHubUser(json: user) }]
    #else
    let macroContender: [Contender] = []  // scripts/bench.sh --macro adds the @Model contender
    #endif
    try decodeTask("user.json", user, GitHubUser.self, plain: PlainGitHubUser.self, objects: 1, extra: macroContender + [
        Contender(name: "JSONSerialization + map") { _ = GitHubUser(dictionary: try JSONSerialization.jsonObject(with: data) as! [String: Any]) },
        Contender(name: "yajl manual") { precondition(YajlManualUserDecoder.decode(user).count == 1) },
    ])
    let model = try GitHubUser(json: user)
    try encodeTask("user.json", model, plain: try decoder.decode(PlainGitHubUser.self, from: data), objects: 1, extra: [
        Contender(name: "JSONSerialization") { _ = try JSONSerialization.data(withJSONObject: model.dictionary) },
    ])
}
try issueEncodeTask()
// Archive: encode + decode round trips, measured as MB/s of the model's JSON size.
var archiveResults: [TaskResult] = []
@MainActor func archiveTask<M: Model & Codable>(_ name: String, _ model: M, objects: Int, extra: [Contender] = []) throws {
    let size = try model.jsonBytes().count
    archiveResults.append(try Harness.measure(task: name, bytes: size, objects: objects, contenders: [
        Contender(name: "ModelKit") { _ = try Archive.decode(M.self, from: try Archive.encode(model)) },
        Contender(name: "ModelKit JSON") { _ = try M(json: try model.jsonBytes()) },
        Contender(name: "JSONEncoder + JSONDecoder") { _ = try decoder.decode(M.self, from: try encoder.encode(model)) },
    ] + extra, runs: runs, targetNanos: target))
}
if let user = corpusFile("user.json") {
    let model = try GitHubUser(json: user)
    try archiveTask("user.json round trip", model, objects: 1, extra: [
        Contender(name: "NSKeyedArchiver") {
            let data = try NSKeyedArchiver.archivedData(withRootObject: NSDictionary(dictionary: model.dictionary), requiringSecureCoding: false)
            let back = try NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(data) as! NSDictionary
            _ = GitHubUser(dictionary: back as! [String: Any])
        },
    ])
}
if let twitter = corpusFile("twitter.json") {
    try archiveTask("twitter.json round trip", try TwitterTimeline(json: twitter), objects: 100)
    try decodeTask("twitter.json", twitter, TwitterTimeline.self, plain: PlainTwitterTimeline.self, objects: 100)
    try encodeTask("twitter.json", try TwitterTimeline(json: twitter), plain: try decoder.decode(PlainTwitterTimeline.self, from: Data(twitter)), objects: 100)
}
if let citm = corpusFile("citm_catalog.json") {
    try decodeTask("citm_catalog.json", citm, Catalog.self, plain: PlainCatalog.self, objects: 1)
    try encodeTask("citm_catalog.json", try Catalog(json: citm), plain: try decoder.decode(PlainCatalog.self, from: Data(citm)), objects: 1)
}
if let canada = corpusFile("canada.json") {
    try decodeTask("canada.json", canada, FeatureCollection.self, plain: PlainFeatureCollection.self, objects: 1)
}
if let weibo = corpusFile("weibo.json") {
    try decodeTask("weibo.json", weibo, WeiboStatus.self, plain: PlainWeiboStatus.self, objects: 1)
}
if corpusFile("user.json") == nil {
    print("(../shared/corpus not found: corpus tasks skipped; generated data only)\n")
}

// Generated shapes.
var generator = DataGenerator()
let shapeSize = quick ? 300_000 : 5_000_000
let users = generator.users(bytes: shapeSize)
do {
    let data = Data(users)
    #if MACRO_CONTENDER
    let macroContender = [Contender(name: "ModelKit (@Model)") { _ = try [MacroGitHubUser](json: users) }]
    #else
    let macroContender: [Contender] = []
    #endif
    try arrayTask("generated API objects", users, GitHubUser.self, extra: macroContender + [
        Contender(name: "JSONSerialization + map") { _ = (try JSONSerialization.jsonObject(with: data) as! [[String: Any]]).map(GitHubUser.init(dictionary:)) },
        Contender(name: "yajl manual") { _ = YajlManualUserDecoder.decode(users) },
    ])
    let models = try [GitHubUser](json: users)
    // The same objects as plain Codable values, for JSONEncoder and the bridge alike (see encodeTask).
    let plainModels = try decoder.decode([PlainGitHubUser].self, from: data)
    let size = try ModelEncoder().encode(models).count
    encodeResults.append(try Harness.measure(task: "generated API objects", bytes: size, objects: models.count, contenders: [
        Contender(name: "ModelKit") { _ = try ModelEncoder().encode(models) },
        Contender(name: "JSONEncoder") { _ = try encoder.encode(plainModels) },
        Contender(name: "ModelKit Codable bridge") { _ = try bridgeEncoder.encode(plainModels) as Data },
        Contender(name: "JSONSerialization") { _ = try JSONSerialization.data(withJSONObject: models.map(\.dictionary)) },
    ], runs: runs, targetNanos: target))
}
try arrayTask("generated numbers (geo)", generator.geo(bytes: shapeSize), GeoPoint.self)
try arrayTask("generated strings (escapes, non-ASCII)", generator.documents(bytes: shapeSize), TextDocument.self)
do {
    // JSONDecoder is superlinear in nesting depth here: keep this input small.
    let deep = generator.deep(bytes: quick ? 8_000 : 100_000)
    let data = Data(deep)
    results.append(try Harness.measure(task: "generated deep nesting (200 levels)", bytes: deep.count, objects: 1, contenders: [
        Contender(name: "ModelKit") { _ = try ModelDecoder().decode(JSONValue.self, from: deep) },
        Contender(name: "JSONDecoder") { _ = try decoder.decode([Tree].self, from: data) },
        Contender(name: "JSONSerialization") { _ = try JSONSerialization.jsonObject(with: data) },
        Contender(name: "yajl raw tokens") { precondition(YajlRaw.parse(deep)) },
    ], runs: runs, targetNanos: target))
}
do {
    let ints = generator.integers(bytes: shapeSize)
    let data = Data(ints)
    let count = try ModelDecoder().decode([Int].self, from: ints).count
    results.append(try Harness.measure(task: "generated large integer array", bytes: ints.count, objects: count, contenders: [
        Contender(name: "ModelKit") { _ = try ModelDecoder().decode([Int].self, from: ints) },
        Contender(name: "JSONDecoder") { _ = try decoder.decode([Int].self, from: data) },
        Contender(name: "ModelKit Codable bridge") { _ = try bridgeDecoder.decode(IntegersThroughCodable.self, from: data) },
        Contender(name: "yajl raw tokens") { precondition(YajlRaw.parse(ints)) },
    ], runs: runs, targetNanos: target))
}

do {
    // Its own seed, so the other generated inputs stay what they were.
    var shapes = DataGenerator(seed: 23)
    results.append(try taggedShapesTask(shapes.shapes(bytes: shapeSize)))
}

// Extra files from the command line: any JSON, decoded as JSONValue.
for path in extraFiles {
    guard let bytes = try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) else {
        print("cannot read \(path)")
        continue
    }
    let data = Data(bytes)
    results.append(try Harness.measure(task: URL(fileURLWithPath: path).lastPathComponent + " (JSONValue)", bytes: bytes.count, objects: 1, contenders: [
        Contender(name: "ModelKit") { _ = try ModelDecoder().decode(JSONValue.self, from: bytes) },
        Contender(name: "JSONSerialization") { _ = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) },
        Contender(name: "yajl raw tokens") { precondition(YajlRaw.parse(bytes)) },
    ], runs: runs, targetNanos: target))
}

print("## Decoding\n")
print(Report.table(results))
print("## Encoding (MB/s of JSON output)\n")
print(Report.table(encodeResults))

// How cost grows with input size: should be a straight line (constant ns/byte).
print("## Archive (encode + decode; MB/s of the model's JSON size)\n")
print(Report.table(archiveResults))

print("## Scaling: ModelKit decoding generated API objects\n")
var scaling = "| input | time (ms) | ns/byte | MB/s |\n|---:|---:|---:|---:|\n"
let sizes = quick ? [1_000, 10_000, 100_000, 1_000_000] : [1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000]
for size in sizes {
    var g = DataGenerator(seed: 7)
    let input = g.users(bytes: size)
    let result = try Harness.measure(task: "scale", bytes: input.count, objects: 1, contenders: [
        Contender(name: "ModelKit") { _ = try [GitHubUser](json: input) },
    ], runs: size >= 10_000_000 ? 3 : runs, targetNanos: target)
    let m = result.measurements[0]
    scaling += "| \(Report.size(input.count)) | " + String(format: "%.3f | %.2f | %.0f", m.medianNanos / 1e6, m.medianNanos / Double(input.count), result.megabytesPerSecond(m)) + " |\n"
}
print(scaling)

// Peak memory on a large input, each contender in its own process.
var peakTable = ""
if !quick {
    var g = DataGenerator(seed: 11)
    let largeInput = FileManager.default.temporaryDirectory.appendingPathComponent("modelkit-bench-100mb.json")
    try Data(g.users(bytes: 100_000_000)).write(to: largeInput)
    defer { try? FileManager.default.removeItem(at: largeInput) }
    peakTable = "| contender (100 MB of API objects) | peak memory above the input |\n|---|---:|\n"
    for contender in ["ModelKit (stream)", "ModelKit", "JSONDecoder", "JSONSerialization"] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--peak", largeInput.path, contender == "ModelKit (stream)" ? "stream" : contender]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        peakTable += "| \(contender) | \((Int(text) ?? 0) / 1024) MiB |\n"
    }
    print("## Peak memory\n")
    print(peakTable)
}

// Targets (checked here, never by timed unit tests).
print("## Targets\n")
var targets: [String] = []
@MainActor func check(_ ok: Bool, _ text: String) {
    targets.append("\(ok ? "PASS" : "MISS") \(text)")
    print(targets.last!)
}
/// Where yajl's own lexing and the RFC 8259 pre-scan leave the bridge no room for 2×: the
/// pretty-printed weibo.json and the escape-heavy strings.
let bridgeLexingBound = ["weibo.json", "generated strings (escapes, non-ASCII)"]
/// Schema-path decode against JSONDecoder, where it is a target (the other inputs only report it).
let schemaDecodeFloors: [String: Double] = ["user.json": 4.5, "twitter.json": 3, "weibo.json": 3]
/// Share of yajl's no-op scan: API-shaped documents, then number-heavy ones (number parsing is ours).
let scanShareFloors: [String: Double] = [
    "user.json": 0.70, "twitter.json": 0.70, "citm_catalog.json": 0.70, "weibo.json": 0.70,
    "generated API objects": 0.70, "generated strings (escapes, non-ASCII)": 0.70,
    "canada.json": 0.40, "generated numbers (geo)": 0.40,
]
for result in results {
    func median(_ contender: String) -> Double? { result.measurements.first { $0.contender == contender }?.medianNanos }
    guard let mk = result.modelKit?.medianNanos else { continue }
    if let jd = median("JSONDecoder") {
        if let minimum = schemaDecodeFloors[result.task] {
            check(jd / mk >= minimum, String(format: "schema-path decode ≥ %g× JSONDecoder on %@: %.2f×", minimum, result.task, jd / mk))
        }
        if let bridge = median("ModelKit Codable bridge") {
            let minimum = bridgeLexingBound.contains(result.task) ? 1.7 : 2
            check(jd / bridge >= minimum, String(format: "Codable bridge decode ≥ %g× JSONDecoder on %@: %.2f×", minimum, result.task, jd / bridge))
        }
    }
    // The heap a bridge decode asks for, tape included, against the input it reads.
    if result.task == "twitter.json", let bridge = result.measurements.first(where: { $0.contender == "ModelKit Codable bridge" }) {
        let perDocument = bridge.heapBytesPerObject * Double(result.objects)
        check(perDocument <= 1.5 * Double(result.bytes), String(format: "Codable bridge decode heap ≤ 1.5× the input on %@: %.2f×", result.task, perDocument / Double(result.bytes)))
    }
    // The share of yajl's no-op scan of the same bytes (the ceiling of this design); thread CPU time
    // here, instruction counts under callgrind.
    if let raw = median("yajl raw tokens"), let minimum = scanShareFloors[result.task] {
        check(raw / mk >= minimum, String(format: "schema-path decode ≥ %.0f%% of yajl's no-op scan speed on %@: %.0f%%", minimum * 100, result.task, raw / mk * 100))
    }
    if let manual = median("yajl manual") {
        check(mk / manual <= 1.05, String(format: "schema-path decode within 1.05× of the hand-written yajl decoder's time on %@: %.2f×", result.task, mk / manual))
    }
}
checkTaggedTarget(results)
for result in encodeResults {
    func median(_ contender: String) -> Double? { result.measurements.first { $0.contender == contender }?.medianNanos }
    guard let mk = result.modelKit?.medianNanos, let je = median("JSONEncoder") else { continue }
    check(je / mk >= 5, String(format: "schema encode ≥ 5× JSONEncoder on %@: %.2f×", result.task, je / mk))
    if let bridge = median("ModelKit Codable bridge") {
        check(je / bridge >= 3, String(format: "Codable bridge encode ≥ 3× JSONEncoder on %@: %.2f×", result.task, je / bridge))
    }
}

if let chartPath {
    try FileManager.default.createDirectory(at: URL(fileURLWithPath: chartPath).deletingLastPathComponent(), withIntermediateDirectories: true)
    try Report.svg(results + archiveResults.map { TaskResult(task: "archive " + $0.task, bytes: $0.bytes, objects: $0.objects, measurements: $0.measurements) } + encodeResults.map { TaskResult(task: "encode " + $0.task, bytes: $0.bytes, objects: $0.objects, measurements: $0.measurements) },
                   title: "ModelKit vs alternatives (MB/s, higher is better)").write(toFile: chartPath, atomically: true, encoding: .utf8)
    print("\nChart written to \(chartPath)")
}
if let resultsPath {
    let text = "# ModelKit benchmark results\n\nMachine: \(Machine.description); medians of \(runs) interleaved runs after warm-up, thread CPU time\n\n## Decoding\n\n\(Report.table(results))\n## Encoding\n\n\(Report.table(encodeResults))\n## Archive (encode + decode)\n\n\(Report.table(archiveResults))\n## Scaling\n\n\(scaling)\n## Peak memory\n\n\(peakTable)\n## Targets\n\n" + targets.map { "- \($0)" }.joined(separator: "\n") + "\n"
    // The "Checks" section (scripts/profile/check-cost.sh, scripts/loadtest.sh) is recorded by
    // hand from other tools: a run keeps it.
    let previous = (try? String(contentsOfFile: resultsPath, encoding: .utf8)) ?? ""
    let kept = previous.range(of: "\n## Checks\n").map { String(previous[$0.lowerBound...]) } ?? ""
    try (text + kept).write(toFile: resultsPath, atomically: true, encoding: .utf8)
    print("Results written to \(resultsPath)")
}
