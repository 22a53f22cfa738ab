// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata15",
    platforms: [.macOS(.v13)],
    targets: [
        .target(name: "Kata15", path: "Sources/Kata15"),
        .testTarget(name: "Kata15Tests", dependencies: ["Kata15"], path: "Tests/Kata15Tests"),
    ],
    swiftLanguageModes: [.v6]
)
