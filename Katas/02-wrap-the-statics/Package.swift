// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata02",
    targets: [
        .target(name: "Kata02", path: "Sources/Kata02"),
        .testTarget(name: "Kata02Tests", dependencies: ["Kata02"], path: "Tests/Kata02Tests"),
    ],
    swiftLanguageModes: [.v5]
)
