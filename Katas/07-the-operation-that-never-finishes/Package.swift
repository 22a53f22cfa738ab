// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata07",
    targets: [
        .target(name: "Kata07", path: "Sources/Kata07"),
        .testTarget(name: "Kata07Tests", dependencies: ["Kata07"], path: "Tests/Kata07Tests"),
    ],
    swiftLanguageModes: [.v5]
)
