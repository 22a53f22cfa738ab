// swift-tools-version:6.0
import PackageDescription

// Kata 12 is mid-migration, like the team's code: the module is still in the Swift 5 language
// mode, with complete concurrency checking turned on so that every Swift 6 error shows up as a
// warning; the tests are already in the Swift 6 mode.
let package = Package(
    name: "Kata12",
    platforms: [.macOS(.v13)],
    targets: [
        .target(
            name: "Kata12",
            path: "Sources/Kata12",
            swiftSettings: [.swiftLanguageMode(.v5), .enableUpcomingFeature("StrictConcurrency")]
        ),
        .testTarget(
            name: "Kata12Tests",
            dependencies: ["Kata12"],
            path: "Tests/Kata12Tests",
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
