// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata22",
    targets: [
        .target(name: "Kata22", path: "Sources/Kata22"),
        .testTarget(name: "Kata22Tests", dependencies: ["Kata22"], path: "Tests/Kata22Tests"),
    ],
    swiftLanguageModes: [.v5]
)
