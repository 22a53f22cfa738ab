// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata14",
    platforms: [.macOS(.v13)],
    targets: [
        .target(name: "Kata14", path: "Sources/Kata14"),
        .testTarget(name: "Kata14Tests", dependencies: ["Kata14"], path: "Tests/Kata14Tests"),
    ],
    swiftLanguageModes: [.v6]
)
