// swift-tools-version:6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "ModelKit",
    // macOS 15: the core uses the Synchronization module (Atomic); scripts/check-platforms.sh
    // checks the sources against this line.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ModelKit", targets: ["ModelKit"]),
        .library(name: "ModelKitCore", targets: ["ModelKitCore"]),
        .library(name: "ModelKitHummingbird", targets: ["ModelKitHummingbird"]),
        .library(name: "ModelKitVapor", targets: ["ModelKitVapor"]),
        .library(name: "ModelKitOpenAPI", targets: ["ModelKitOpenAPI"]),
    ],
    // The integrations are opt-in: with every trait off (the default) nothing of NIO, Hummingbird,
    // Vapor or OpenAPIKit is built, and their targets compile to empty modules. FullFoundation is
    // opt-in too (below).
    traits: [
        .trait(name: "Hummingbird", description: "ModelKitHummingbird: ModelDecoder/ModelEncoder as Hummingbird 2 request decoder and response encoder."),
        .trait(name: "Vapor", description: "ModelKitVapor: ModelDecoder/ModelEncoder as Vapor 4 content decoder and encoder."),
        .trait(name: "OpenAPI", description: "ModelKitOpenAPI: model schemas as OpenAPIKit's JSONSchema and OpenAPI (3.1, 3.2) component schemas."),
        // Off by default: the core then imports FoundationEssentials, not Foundation, on Linux and links no
        // FoundationInternationalization or ICU (scripts/check-linkage.sh checks it). Always available on Darwin.
        .trait(name: "FullFoundation", description: "APIs that need all of Foundation on Linux (it links FoundationInternationalization and ICU): the DateFormatter date strategies (DateDecodingStrategy.formatted, EncodingOptions.DateEncodingStrategy.formatted, JSONDecoder's and JSONEncoder's .formatted through dateDecodingStrategy/dateEncodingStrategy) and ModelCoding (NSCoder)."),
        .default(enabledTraits: []),
    ],
    dependencies: [
        // Only the macro targets use swift-syntax; `ModelKitCore` never builds it. 602.0.0 is the
        // oldest that builds them (600.0.1 lacks `FixIt.Change.replaceText`): all tests pass on 602 and 603.
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
        // Used only by the trait-gated integration targets below. NIO 2.101.2 or later: the
        // integrations read request bodies through `ByteBuffer.readableBytesSpan`.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/vapor/vapor", from: "4.100.0"),
        // Its default trait ExternalLoading (loading external references) is not used and slows its build.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0", traits: []),
    ],
    targets: [
        .systemLibrary(
            name: "CYajl",
            pkgConfig: "yajl",
            // Debian/Ubuntu build with libyajl-dev (run with libyajl2); macOS with Homebrew's yajl,
            // which installs yajl.pc for pkg-config.
            providers: [.apt(["libyajl-dev"]), .brew(["yajl"])]
        ),
        .target(
            name: "ModelKitCore",
            dependencies: ["CYajl"]
        ),
        .macro(
            name: "ModelKitMacros",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        .target(
            name: "ModelKit",
            dependencies: ["ModelKitCore", "ModelKitMacros"]
        ),
        .target(
            name: "ModelKitHummingbird",
            dependencies: [
                "ModelKitCore",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Hummingbird"])),
            ]
        ),
        .target(
            name: "ModelKitVapor",
            dependencies: [
                "ModelKitCore",
                .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["Vapor"])),
            ]
        ),
        .target(
            name: "ModelKitOpenAPI",
            dependencies: [
                "ModelKitCore",
                .product(name: "OpenAPIKit", package: "OpenAPIKit", condition: .when(traits: ["OpenAPI"])),
            ]
        ),
        .testTarget(
            name: "ModelKitCoreTests",
            dependencies: ["ModelKitCore"],
            // Read by the tests from the source tree (TapePathSupport.swift), not bundled.
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ModelKitTests",
            dependencies: ["ModelKit"]
        ),
        .testTarget(
            name: "ModelKitMacrosTests",
            dependencies: [
                "ModelKitMacros",
                .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Test support: a per-thread malloc counter, so tests can assert that encoding allocates nothing.
// Linux only (it interposes glibc's allocator); the tests that use it are skipped elsewhere.
#if os(Linux)
package.targets.append(.target(name: "AllocationCounter", path: "Tests/AllocationCounter"))
for target in package.targets where target.name == "ModelKitCoreTests" {
    target.dependencies.append("AllocationCounter")
}
#endif

// Documentation: `MODELKIT_DOCS=1 swift package generate-documentation` (see scripts/docs.sh).
// Library users never fetch the DocC plugin: it is a dependency only when the variable is set.
if Context.environment["MODELKIT_DOCS"] != nil {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
}

// Sanitizer and release test runs of the core (`scripts/test.sh --core …`): without the macro
// targets, so those runs do not build swift-syntax once more each. Never set by library users.
if Context.environment["MODELKIT_CORE_ONLY"] != nil {
    let macroTargets: Set<String> = ["ModelKitMacros", "ModelKit", "ModelKitTests", "ModelKitMacrosTests"]
    package.targets.removeAll { macroTargets.contains($0.name) }
    package.products.removeAll { $0.name == "ModelKit" }
    // Nothing left uses swift-syntax: declaring it would only earn an "unused dependency" warning.
    package.dependencies.removeAll {
        if case .sourceControl(_, let location, _) = $0.kind { return location.hasSuffix("/swift-syntax") }
        return false
    }
}
