// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata16",
    platforms: [.macOS(.v13)],
    targets: [
        .target(name: "Kata16", path: "Sources/Kata16"),
        .testTarget(name: "Kata16Tests", dependencies: ["Kata16"], path: "Tests/Kata16Tests"),
    ],
    swiftLanguageModes: [.v6]
)
