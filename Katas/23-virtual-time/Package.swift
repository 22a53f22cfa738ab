// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata23",
    platforms: [.macOS(.v13)],
    targets: [
        .target(name: "Kata23", path: "Sources/Kata23"),
        .testTarget(name: "Kata23Tests", dependencies: ["Kata23"], path: "Tests/Kata23Tests"),
    ],
    swiftLanguageModes: [.v5]
)
