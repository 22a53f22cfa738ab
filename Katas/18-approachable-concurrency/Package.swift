// swift-tools-version:6.2
import PackageDescription

// What Xcode 26 turns on for a new app ("Approachable Concurrency"), written out for SwiftPM:
// every declaration of the module is @MainActor unless it says otherwise, and a plain
// `nonisolated async` function runs on its caller's actor (`nonisolated(nonsending)`).
let approachableConcurrency: [SwiftSetting] = [
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]

let package = Package(
    name: "Kata18",
    platforms: [.macOS(.v13)],
    targets: [
        .target(
            name: "Kata18",
            path: "Sources/Kata18",
            swiftSettings: [.defaultIsolation(MainActor.self)] + approachableConcurrency
        ),
        .testTarget(
            name: "Kata18Tests",
            dependencies: ["Kata18"],
            path: "Tests/Kata18Tests",
            swiftSettings: approachableConcurrency
        ),
    ],
    swiftLanguageModes: [.v6]
)
