// swift-tools-version: 6.2
import PackageDescription

/// Compiles swift-openapi-generator's output (types and client) for the benchmark, against
/// swift-openapi-runtime 1.13.4.
///
/// `Sources/PeerAPI` is a link that `Benchmarks/run.sh` points at generated code under
/// `Benchmarks/.work/`; the runtime is built first, so timing `swift build --target PeerAPI`
/// measures the generated module alone.
let package = Package(
    name: "apigen-benchmark-peer-client",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0"),
    ],
    targets: [
        .target(
            name: "PeerAPI",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
    ]
)
