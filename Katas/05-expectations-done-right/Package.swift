// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata05",
    targets: [
        .target(name: "Kata05", path: "Sources/Kata05"),
        .testTarget(name: "Kata05Tests", dependencies: ["Kata05"], path: "Tests/Kata05Tests"),
    ],
    swiftLanguageModes: [.v5]
)
