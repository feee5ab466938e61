// swift-tools-version: 6.2
import PackageDescription

// An app that generates its API clients at build time with the APIGenPlugin build tool plugin:
// the specs and apigen.yaml sit in Sources/PluginApp, nothing generated is committed. `.ci/run`
// builds and runs it; `swift build` here does the same by hand (docs/plugins.md).
let package = Package(
    name: "PluginApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "apigen", path: "../../..")],
    targets: [
        .executableTarget(
            name: "PluginApp",
            dependencies: [.product(name: "Interactive", package: "apigen")],
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])],
            plugins: [.plugin(name: "APIGenPlugin", package: "apigen")]
        ),
    ]
)
