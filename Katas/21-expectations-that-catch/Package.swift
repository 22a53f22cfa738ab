// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata21",
    targets: [
        .target(name: "Kata21", path: "Sources/Kata21"),
        .testTarget(name: "Kata21Tests", dependencies: ["Kata21"], path: "Tests/Kata21Tests"),
    ],
    swiftLanguageModes: [.v5]
)
