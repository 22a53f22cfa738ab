// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata04",
    targets: [
        .target(name: "Kata04", path: "Sources/Kata04"),
        .testTarget(name: "Kata04Tests", dependencies: ["Kata04"], path: "Tests/Kata04Tests"),
    ],
    swiftLanguageModes: [.v5]
)
