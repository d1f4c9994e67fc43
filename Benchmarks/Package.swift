// swift-tools-version:6.0
// The benchmark is its own package so that its dependencies never reach ModelKit's users.
import PackageDescription

// The `@Model` contender is opt-in (`scripts/bench.sh --macro` sets MODELKIT_BENCH_MACRO=1): it needs
// the `ModelKit` product, whose macro plugin builds swift-syntax in release — most of a fresh
// build's time on 2 cores. Without it only `ModelKitCore` is built, and no swift-syntax at all.
// Macro and hand-written schemas compile to the same tables (see Benchmarks/Results/HISTORY.md).
let macroContender = Context.environment["MODELKIT_BENCH_MACRO"].map { $0 != "" && $0 != "0" } ?? false

// The check-cost driver (scripts/profile/check-cost.sh) can be built against another checkout of
// ModelKit, one from before checks existed: MODELKIT_CHECKCOST_BASELINE names its directory, and
// the driver then declares its models without `checks:`. Only that driver is built that way.
let checkCostBaseline = Context.environment["MODELKIT_CHECKCOST_BASELINE"].flatMap { $0.isEmpty ? nil : $0 }

var benchmarkDependencies: [Target.Dependency] = [
    .product(name: "ModelKitCore", package: "ModelKit"),
    "CYajlBench",
    "MallocCounter",
]
var benchmarkSettings: [SwiftSetting] = []
if macroContender {
    benchmarkDependencies.append(.product(name: "ModelKit", package: "ModelKit"))
    benchmarkSettings.append(.define("MACRO_CONTENDER"))
}

let package = Package(
    name: "ModelKitBenchmarks",
    platforms: [.macOS(.v15)],   // ModelKit's own minimum
    dependencies: [
        .package(name: "ModelKit", path: checkCostBaseline ?? ".."),
    ],
    targets: [
        .systemLibrary(name: "CYajlBench", pkgConfig: "yajl", providers: [.apt(["libyajl-dev"]), .brew(["yajl"])]),
        // Counts malloc calls by interposing malloc/calloc/realloc in the benchmark process.
        .target(name: "MallocCounter"),
        .executableTarget(
            name: "ModelKitBenchmark",
            dependencies: benchmarkDependencies,
            swiftSettings: benchmarkSettings
        ),
        // Issue 35's prototype: a driver for callgrind around one decode path (see
        // Results/TAPE-PROTOTYPE.md). Its models are the benchmark's own files, symlinked.
        // TAPE_PROTOTYPE_BASELINE=1 builds it without the tape modes, against a core without the prototype.
        .executableTarget(
            name: "TapePrototypeDriver",
            dependencies: [.product(name: "ModelKitCore", package: "ModelKit"), "CYajlBench", "MallocCounter"],
            swiftSettings: Context.environment["TAPE_PROTOTYPE_BASELINE"] == nil ? [.define("TAPE_PROTOTYPE")] : []
        ),
        // Instructions per decode with and without checks, under callgrind (scripts/profile/check-cost.sh).
        .executableTarget(
            name: "CheckCost",
            dependencies: [.product(name: "ModelKitCore", package: "ModelKit")],
            swiftSettings: checkCostBaseline == nil ? [] : [.define("BASELINE_WITHOUT_CHECKS")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
