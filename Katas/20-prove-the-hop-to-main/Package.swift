// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata20",
    targets: [
        .target(name: "Kata20", path: "Sources/Kata20"),
        .testTarget(name: "Kata20Tests", dependencies: ["Kata20"], path: "Tests/Kata20Tests"),
    ],
    swiftLanguageModes: [.v5]
)
