// swift-tools-version:6.0
// The benchmark is its own package so that its dependencies never reach ModelKit's users.
import PackageDescription

let package = Package(
    name: "ModelKitBenchmarks",
    dependencies: [
        .package(name: "ModelKit", path: ".."),
    ],
    targets: [
        .systemLibrary(name: "CYajlBench", pkgConfig: "yajl", providers: [.apt(["libyajl-dev"])]),
        // Counts malloc calls by interposing malloc/calloc/realloc in the benchmark process.
        .target(name: "MallocCounter"),
        .executableTarget(
            name: "ModelKitBenchmark",
            dependencies: [
                .product(name: "ModelKitCore", package: "ModelKit"),
                .product(name: "ModelKit", package: "ModelKit"),
                "CYajlBench",
                "MallocCounter",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
