// swift-tools-version:6.0
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "ModelKit",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ModelKit", targets: ["ModelKit"]),
        .library(name: "ModelKitCore", targets: ["ModelKitCore"]),
    ],
    dependencies: [
        // Only the macro targets use swift-syntax; `ModelKitCore` never builds it.
        .package(url: "https://github.com/swiftlang/swift-syntax", "603.0.1"..<"604.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CYajl",
            pkgConfig: "yajl",
            providers: [.apt(["libyajl-dev"])]
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
        .testTarget(
            name: "ModelKitCoreTests",
            dependencies: ["ModelKitCore"]
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
