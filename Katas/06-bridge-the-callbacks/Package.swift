// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata06",
    targets: [
        .target(name: "Kata06", path: "Sources/Kata06"),
        .testTarget(name: "Kata06Tests", dependencies: ["Kata06"], path: "Tests/Kata06Tests"),
    ],
    swiftLanguageModes: [.v5]
)
