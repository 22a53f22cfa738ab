// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata19",
    targets: [
        .target(name: "Kata19", path: "Sources/Kata19"),
        .testTarget(name: "Kata19Tests", dependencies: ["Kata19"], path: "Tests/Kata19Tests"),
    ],
    swiftLanguageModes: [.v5]
)
