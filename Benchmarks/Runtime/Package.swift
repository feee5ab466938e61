// swift-tools-version: 6.2
import PackageDescription

/// The runtime benchmark: the `Executor` against raw URLSession and raw AsyncHTTPClient on one
/// loopback server.
///
/// `Sources/LoopbackAPI` is a link that `Benchmarks/run.sh` points at apigen's output for
/// `loopback.yaml` (written with the server's port) under `Benchmarks/.work/`.
let package = Package(
    name: "apigen-benchmark-runtime",
    platforms: [.macOS(.v13)],
    dependencies: [
        // The root package; run.sh --snapshot points this at an export of HEAD instead.
        .package(name: "apigen", path: Context.environment["APIGEN_BENCH_ROOT"] ?? "../.."),
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
    ],
    targets: [
        .target(name: "LoopbackAPI", dependencies: [.product(name: "Interactive", package: "apigen")]),
        .executableTarget(
            name: "runtime-bench",
            dependencies: [
                "LoopbackAPI",
                .product(name: "Interactive", package: "apigen"),
                .product(name: "InteractiveAsyncHTTPClient", package: "apigen"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ]
)
