/// The root `Package.swift` of the learner edition: the `kata` tool and nothing else.
///
/// The full repository's manifest compiles every reference solution as the kata's module (so
/// `swift test` there proves each kata can be solved); with `Solutions/` gone, SwiftPM would stop
/// every `swift run kata …` with "invalid custom path 'Solutions/…'". Each kata stays a package
/// of its own under `Katas/`, which `kata check` tests with `--package-path`, so the root needs
/// no kata targets at all.
enum LearnerPackageManifest {
    static let text = """
        // swift-tools-version:6.0
        // The learner edition of Dispatch Katas, written by `kata workshop export`: this package
        // builds the `kata` tool only. Each kata is a package of its own under Katas/, which
        // `swift run kata check N` tests.
        import PackageDescription

        let package = Package(
            name: "DispatchKatas",
            platforms: [.macOS(.v13)],
            products: [
                .executable(name: "kata", targets: ["KataCLI"])
            ],
            dependencies: [
                .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
                .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
            ],
            targets: [
                .systemLibrary(
                    name: "CCmarkGFM",
                    path: "Sources/CCmarkGFM",
                    pkgConfig: "libcmark-gfm",
                    providers: [
                        .apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]),
                        .brew(["cmark-gfm"]),
                    ]
                ),
                .target(
                    name: "KataKit",
                    dependencies: ["CCmarkGFM", .product(name: "Yams", package: "Yams")],
                    // The site's stylesheet, scripts and favicon, as bytes in the tool.
                    resources: [
                        .embedInCode("Site/Assets/style.css"), .embedInCode("Site/Assets/theme.js"),
                        .embedInCode("Site/Assets/site.js"), .embedInCode("Site/Assets/favicon.svg"),
                    ]
                ),
                .executableTarget(
                    name: "KataCLI",
                    dependencies: ["KataKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
                ),
            ],
            swiftLanguageModes: [.v6]
        )

        """
}
