// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata10",
    // `Duration`, which the seam uses for delays, needs macOS 13. Linux ignores this line.
    platforms: [.macOS(.v13)],
    targets: [
        .target(name: "Kata10", path: "Sources/Kata10"),
        .testTarget(name: "Kata10Tests", dependencies: ["Kata10"], path: "Tests/Kata10Tests"),
    ],
    swiftLanguageModes: [.v5]
)
