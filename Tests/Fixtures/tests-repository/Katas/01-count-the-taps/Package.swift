// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata01",
    targets: [
        .target(name: "Kata01", path: "Sources/Kata01"),
        .testTarget(name: "Kata01Tests", dependencies: ["Kata01"], path: "Tests/Kata01Tests"),
    ],
    swiftLanguageModes: [.v6]
)
