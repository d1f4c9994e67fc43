// swift-tools-version:6.1
// The linkage check's two programs (scripts/check-linkage.sh): the same model decoded and encoded
// through ModelKitCore, and through FoundationEssentials' JSONDecoder/JSONEncoder. Built in release
// with --static-swift-stdlib, stripped; ModelKit must link no FoundationInternationalization or ICU.
// MODELKIT_PATH points at another ModelKit tree (to measure an older one); default: this one.
import PackageDescription

let modelKitPath = Context.environment["MODELKIT_PATH"] ?? "../.."

let package = Package(
    name: "ModelKitLinkage",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ModelKit", path: modelKitPath),
    ],
    targets: [
        .executableTarget(name: "ModelKitProgram", dependencies: [.product(name: "ModelKitCore", package: "ModelKit")]),
        .executableTarget(name: "JSONDecoderProgram"),
    ],
    swiftLanguageModes: [.v6]
)
