// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Kata11",
    platforms: [.macOS(.v13)],
    targets: [
        .target(name: "Kata11", path: "Sources/Kata11"),
        .testTarget(name: "Kata11Tests", dependencies: ["Kata11"], path: "Tests/Kata11Tests"),
    ],
    swiftLanguageModes: [.v5]
)
