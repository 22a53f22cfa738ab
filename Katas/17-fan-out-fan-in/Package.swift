// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata17",
    platforms: [.macOS(.v14)],
    targets: [
        .target(name: "Kata17", path: "Sources/Kata17"),
        .testTarget(name: "Kata17Tests", dependencies: ["Kata17"], path: "Tests/Kata17Tests"),
    ],
    swiftLanguageModes: [.v6]
)
