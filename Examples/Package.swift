// swift-tools-version:6.1
// The examples are their own package so that Hummingbird and Vapor reach no user of ModelKit:
// this package turns on ModelKit's `Hummingbird`, `Vapor` and `OpenAPI` traits. It is also where the
// integrations are tested, so CI builds each framework exactly once (in this package, debug).
import PackageDescription

let package = Package(
    name: "ModelKitExamples",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "ModelKit", path: "..", traits: ["Hummingbird", "Vapor", "OpenAPI"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/vapor/vapor", from: "4.100.0"),
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0", traits: []),
    ],
    targets: [
        // A GitHub-issue-like model, declared once for both decoders (schema + CodingKeys), and
        // the services' OpenAPI document (the `OpenAPI` trait's ModelKitOpenAPI).
        .target(
            name: "ExampleModels",
            dependencies: [
                .product(name: "ModelKitCore", package: "ModelKit"),
                .product(name: "ModelKitOpenAPI", package: "ModelKit"),
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
            ]
        ),
        .target(
            name: "HummingbirdService",
            dependencies: [
                "ExampleModels",
                .product(name: "ModelKitHummingbird", package: "ModelKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .target(
            name: "VaporService",
            dependencies: [
                "ExampleModels",
                .product(name: "ModelKitVapor", package: "ModelKit"),
                .product(name: "Vapor", package: "vapor"),
            ]
        ),
        .executableTarget(name: "HummingbirdExample", dependencies: ["HummingbirdService"]),
        .executableTarget(name: "VaporExample", dependencies: ["VaporService"]),
        .testTarget(
            name: "ExamplesTests",
            dependencies: [
                "HummingbirdService",
                "VaporService",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "XCTVapor", package: "vapor"),
                .product(name: "ModelKitOpenAPI", package: "ModelKit"),
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
