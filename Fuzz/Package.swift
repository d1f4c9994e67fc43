// swift-tools-version:6.0
// libFuzzer targets for ModelKit: its own package so that fuzzing never reaches ModelKit's users.
// Build and run through `scripts/fuzz.sh TARGET SECONDS` (it adds `-sanitize=fuzzer,address`).
// Each target's main hands its fuzz function to libFuzzer (`LLVMFuzzerRunDriver`).
import PackageDescription

let fuzzTargets = ["FuzzJSONValue", "FuzzModel", "FuzzArchive", "FuzzStream", "FuzzDifferential", "FuzzOracle"]

let package = Package(
    name: "ModelKitFuzz",
    platforms: [.macOS(.v15)],   // ModelKit's own minimum (the fuzzers themselves run on Linux)
    dependencies: [
        .package(name: "ModelKit", path: ".."),
    ],
    targets: [
        // The model with every field kind, the RFC 8259 reference checker and input helpers.
        .target(
            name: "FuzzSupport",
            dependencies: ["LibFuzzerDriver", .product(name: "ModelKitCore", package: "ModelKit")]
        ),
        .target(name: "LibFuzzerDriver"),
    ] + fuzzTargets.map { name in
        .executableTarget(
            name: name,
            dependencies: ["FuzzSupport", .product(name: "ModelKitCore", package: "ModelKit")]
        )
    },
    swiftLanguageModes: [.v6]
)
