// swift-tools-version: 6.2
import PackageDescription

/// Compiles apigen's generated module for the benchmark, against the root package's `Interactive`.
///
/// `Sources/BenchAPI` is a link that `Benchmarks/run.sh` points at generated code under
/// `Benchmarks/.work/`; the runtime is built first, so timing `swift build --target BenchAPI`
/// measures the generated module alone.
let package = Package(
    name: "apigen-benchmark-apigen",
    platforms: [.macOS(.v13)],
    dependencies: [
        // The root package; run.sh --snapshot points this at an export of HEAD instead.
        .package(name: "apigen", path: Context.environment["APIGEN_BENCH_ROOT"] ?? "../.."),
    ],
    targets: [
        .target(name: "BenchAPI", dependencies: [.product(name: "Interactive", package: "apigen")]),
    ]
)
