// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata08",
    targets: [
        .target(name: "Kata08", path: "Sources/Kata08"),
        .testTarget(name: "Kata08Tests", dependencies: ["Kata08"], path: "Tests/Kata08Tests"),
    ],
    swiftLanguageModes: [.v5]
)
