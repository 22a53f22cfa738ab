// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata24",
    platforms: [.macOS(.v13)],
    targets: [
        .target(name: "Kata24", path: "Sources/Kata24"),
        .testTarget(name: "Kata24Tests", dependencies: ["Kata24"], path: "Tests/Kata24Tests"),
    ],
    swiftLanguageModes: [.v6]
)
