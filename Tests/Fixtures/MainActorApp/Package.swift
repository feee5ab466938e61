// swift-tools-version: 6.2
import PackageDescription

// An app-style package with Xcode 26's defaults: everything is @MainActor unless said otherwise.
// It compiles the committed Generated/Shop (a symlink) and uses it from the main actor and from
// nonisolated code. `.ci/run` builds it; `swift build` here does the same by hand.
let appSettings: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("InferIsolatedConformances"),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .unsafeFlags(["-warnings-as-errors"]),
]

let package = Package(
    name: "MainActorApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "apigen", path: "../../..")],
    targets: [
        .target(name: "ShopAPI", dependencies: [.product(name: "Interactive", package: "apigen")], swiftSettings: appSettings),
        .executableTarget(name: "MainActorApp", dependencies: ["ShopAPI", .product(name: "Interactive", package: "apigen")], swiftSettings: appSettings),
    ]
)
