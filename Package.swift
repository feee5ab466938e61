// swift-tools-version: 6.2
import PackageDescription

/// Settings shared by every target we own: Swift 6 mode is implied by the tools version,
/// and strict concurrency is the Swift 6 default.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "apigen",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .executable(name: "apigen", targets: ["apigen"]),
        .library(name: "Interactive", targets: ["Interactive"]),
        .library(name: "InteractiveSigning", targets: ["InteractiveSigning"]),
        // A Transport on AsyncHTTPClient (SwiftNIO): its own product, so that apps using only
        // `Interactive` and `apigen` itself never build NIO.
        .library(name: "InteractiveAsyncHTTPClient", targets: ["InteractiveAsyncHTTPClient"]),
        .library(name: "APIGenCore", targets: ["APIGenCore"]),
        .library(name: "APIGenDocs", targets: ["APIGenDocs"]),
        // Build-time generation (docs/plugins.md). An app that depends on `Interactive` alone does
        // not build them, nor apigen and its dependencies.
        .plugin(name: "APIGenPlugin", targets: ["APIGenPlugin"]),
        .plugin(name: "APIGenCommand", targets: ["APIGenCommand"]),
        .executable(name: "apigen-serve", targets: ["apigen-serve"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", exact: "5.0.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", exact: "3.12.3"),
        // For the InteractiveAsyncHTTPClient product only.
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        // For `apigen import openapi` / `export openapi` only. The ExternalLoading trait (loading
        // documents split over several files) is off: it costs compile time and import reads one file.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", exact: "6.4.0", traits: []),
        // For `apigen-serve` only (its own product): `apigen` and apps on `Interactive` never build it.
        // No traits: swift-configuration support is not used.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1", traits: []),
        // Named for `ByteBuffer` and NIO's header types (InteractiveAsyncHTTPClient) and
        // `Channel.close()` (apigen-serve's drop-connection scenario); both AsyncHTTPClient and
        // Hummingbird depend on it already.
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        // Hummingbird's own dependency, named for `HTTPField` (response headers by name).
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
    ],
    targets: [
        // MARK: Runtime
        .target(
            name: "Interactive",
            swiftSettings: strictSettings
        ),

        .target(
            name: "InteractiveSigning",
            dependencies: ["Interactive", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictSettings
        ),

        .target(
            name: "InteractiveAsyncHTTPClient",
            dependencies: [
                "Interactive",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),

        // MARK: Generator
        .target(
            name: "APIGenCore",
            dependencies: [
                // For LibYAML, which Yams vendors as the C module `CYaml`: the loader composes
                // nodes from its parser events itself (Sources/APIGenCore/Load).
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "APIGenImport",
            dependencies: [
                "APIGenCore",
                .product(name: "Yams", package: "Yams"),
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
            ],
            swiftSettings: strictSettings
        ),
        // The HTML API reference (`apigen docs`, and `/` of the mock server): no server library.
        .target(
            name: "APIGenDocs",
            dependencies: ["APIGenCore"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "apigen",
            dependencies: [
                "APIGenCore",
                "APIGenImport",
                "APIGenDocs",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),

        // MARK: Plugins (their shared files are Plugins/Shared, linked into each)
        .plugin(name: "APIGenPlugin", capability: .buildTool(), dependencies: ["apigen"]),
        .plugin(
            name: "APIGenCommand",
            capability: .command(
                intent: .custom(verb: "generate-api", description: "Generates each target's API clients from the specs beside its apigen.yaml into Generated/."),
                permissions: [.writeToPackageDirectory(reason: "To write the generated Swift files into each target's Generated/ folder.")]
            ),
            dependencies: ["apigen"]
        ),

        // MARK: Mock server (`apigen-serve`)
        .target(
            name: "APIGenServe",
            dependencies: [
                "APIGenCore",
                "APIGenDocs",
                .product(name: "Hummingbird", package: "hummingbird"),
                // The proxy's client: FoundationNetworking folds repeated headers and holds back
                // challenged answers (Sources/APIGenServe/Server/ProxyForwarder.swift).
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "apigen-serve",
            dependencies: [
                "APIGenServe",
                "APIGenCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),

        // MARK: Generated clients (committed output of `apigen generate Specs/ -o Generated/`)
        .target(name: "ShopAPI", dependencies: ["Interactive"], path: "Generated/Shop"),
        .target(name: "HTTPBinAPI", dependencies: ["Interactive"], path: "Generated/HTTPBin"),

        // MARK: Tests
        .target(
            name: "RuntimeTestSupport",
            dependencies: ["Interactive", "InteractiveAsyncHTTPClient"],
            path: "Tests/RuntimeTestSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "APIGenCoreTests",
            dependencies: [
                "APIGenCore", "APIGenImport", "APIGenDocs", "Interactive", "apigen", "RuntimeTestSupport",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "InteractiveTests",
            dependencies: ["Interactive", "ShopAPI", "RuntimeTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: ["Interactive", "InteractiveAsyncHTTPClient", "HTTPBinAPI", "ShopAPI", "RuntimeTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FaultTests",
            dependencies: ["Interactive", "InteractiveSigning", "InteractiveAsyncHTTPClient", "HTTPBinAPI", "RuntimeTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ServeTests",
            dependencies: ["APIGenServe", "APIGenCore", "Interactive", "ShopAPI", "RuntimeTestSupport", "apigen-serve"],
            swiftSettings: strictSettings
        ),
        // The test support's own tests (the child-process launcher).
        .testTarget(
            name: "RuntimeTestSupportTests",
            dependencies: ["RuntimeTestSupport"],
            swiftSettings: strictSettings
        ),
        // A small program the freezing test kills mid-replay and starts again.
        .executableTarget(
            name: "freeze-replay-child",
            dependencies: ["Interactive"],
            path: "Tests/Support/FreezeReplayChild",
            swiftSettings: strictSettings
        ),
    ]
)
