// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata03",
    targets: [
        .target(name: "Kata03", path: "Sources/Kata03"),
        .testTarget(name: "Kata03Tests", dependencies: ["Kata03"], path: "Tests/Kata03Tests"),
    ],
    swiftLanguageModes: [.v5]
)
