// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata18",
    targets: [
        .target(name: "Kata18", path: "Sources/Kata18"),
        .testTarget(name: "Kata18Tests", dependencies: ["Kata18"], path: "Tests/Kata18Tests"),
    ],
    swiftLanguageModes: [.v6]
)
