// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata13",
    platforms: [.macOS(.v13)],
    targets: [
        .target(name: "Kata13", path: "Sources/Kata13"),
        .testTarget(name: "Kata13Tests", dependencies: ["Kata13"], path: "Tests/Kata13Tests"),
    ],
    swiftLanguageModes: [.v6]
)
