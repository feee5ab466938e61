// swift-tools-version: 6.2
import PackageDescription

/// The peer of the benchmark: apple/swift-openapi-generator's command-line tool, pinned.
///
/// Kept out of the root package graph on purpose: users and CI never build it. `Benchmarks/run.sh`
/// builds it with `swift build -c release --product swift-openapi-generator` in this folder.
/// Its output is compiled by the skeleton in `Client/`.
let package = Package(
    name: "apigen-benchmark-peer",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
    ],
    targets: []
)
