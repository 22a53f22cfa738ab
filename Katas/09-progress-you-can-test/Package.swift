// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Kata09",
    // Combine needs macOS 10.15; Linux ignores this line.
    platforms: [.macOS(.v10_15)],
    dependencies: [
        // Combine ships with Apple's platforms only. On Linux the same API comes from OpenCombine;
        // the condition below means macOS builds never compile it.
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0")
    ],
    targets: [
        .target(
            name: "Kata09",
            dependencies: [
                .product(
                    name: "OpenCombine", package: "OpenCombine",
                    condition: .when(platforms: [.linux])),
                // DispatchQueue is a Scheduler only through this module.
                .product(
                    name: "OpenCombineDispatch", package: "OpenCombine",
                    condition: .when(platforms: [.linux])),
            ],
            path: "Sources/Kata09"
        ),
        .testTarget(name: "Kata09Tests", dependencies: ["Kata09"], path: "Tests/Kata09Tests"),
    ],
    swiftLanguageModes: [.v5]
)
