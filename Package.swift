// swift-tools-version:6.0
import PackageDescription

/// The upcoming features of Xcode 26's "Approachable Concurrency" setting (kata 18).
let approachableConcurrency: [SwiftSetting] = [
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]

/// One line per kata: its folder under `Katas/` and `Solutions/`, and the language mode its
/// own `Package.swift` declares. The root package compiles each reference solution as the kata's
/// module and runs the kata's own tests against it, so `swift test` here proves every kata can be
/// solved. The list is written out (not discovered from the file system) because SwiftPM caches
/// the evaluated manifest by its text: a folder added later would stay invisible.
let katas: [Kata] = [
    Kata("01-stub-the-dispatcher", .v5),
    Kata("02-wrap-the-statics", .v5),
    Kata("03-conform-the-real-queue", .v5),
    Kata("04-spy-on-the-queue", .v5),
    Kata("05-expectations-done-right", .v5),
    Kata("06-bridge-the-callbacks", .v5),
    Kata("07-the-operation-that-never-finishes", .v5),
    Kata("08-queue-choreography", .v5),
    Kata("09-progress-you-can-test", .v5, linuxDependencies: [
        .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
        .product(name: "OpenCombineDispatch", package: "OpenCombine", condition: .when(platforms: [.linux])),
    ]),
    Kata("10-kill-the-three-second-test", .v5),
    Kata("11-deadlocks", .v5),
    Kata("12-races-and-swift-6", .v6),
    Kata("13-async-await-with-a-clock", .v6),
    Kata("14-mainactor-and-the-flakiness-clinic", .v6),
    Kata("15-streams-you-can-drive", .v6),
    Kata("16-actor-reentrancy", .v6),
    Kata("17-fan-out-fan-in", .v6),
    Kata("18-approachable-concurrency", .v6,
         // Its own manifest (tools 6.2) says `.defaultIsolation(MainActor.self)`; this one is 6.0.
         moduleSettings: [.unsafeFlags(["-default-isolation", "MainActor"])] + approachableConcurrency,
         testSettings: approachableConcurrency),
]

struct Kata {
    var folder: String
    var languageMode: SwiftLanguageMode
    /// Dependencies of the kata module on Linux only (OpenCombine stands in for Combine there).
    var linuxDependencies: [Target.Dependency] = []
    /// Settings the kata's own `Package.swift` gives its module and its tests, besides the language mode.
    var moduleSettings: [SwiftSetting] = []
    var testSettings: [SwiftSetting] = []

    init(
        _ folder: String, _ languageMode: SwiftLanguageMode, linuxDependencies: [Target.Dependency] = [],
        moduleSettings: [SwiftSetting] = [], testSettings: [SwiftSetting] = []
    ) {
        self.folder = folder
        self.languageMode = languageMode
        self.linuxDependencies = linuxDependencies
        self.moduleSettings = moduleSettings
        self.testSettings = testSettings
    }

    var module: String { "Kata" + folder.prefix(2) }
}

let package = Package(
    name: "DispatchKatas",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "kata", targets: ["KataCLI"]),
        .executable(name: "kata-fuzz", targets: ["KataFuzz"]),
        .library(name: "KataKit", targets: ["KataKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
        // Kata 09 only, on Linux, where OpenCombine stands in for Combine.
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
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
            dependencies: ["CCmarkGFM", .product(name: "Yams", package: "Yams")]
        ),
        .executableTarget(
            name: "KataCLI",
            dependencies: ["KataKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Random and mutated READMEs through the front-matter and markdown pipeline (scripts/test runs it).
        .executableTarget(
            name: "KataFuzz",
            dependencies: ["KataKit"]
        ),
        // Throwaway folders for both test targets, removed when the test process exits.
        .target(
            name: "TestSupport",
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "KataKitTests",
            dependencies: ["KataKit", "TestSupport"]
        ),
        .testTarget(
            name: "KataCLITests",
            dependencies: ["KataCLI", "KataKit", "TestSupport"]
        ),
    ] + katas.flatMap { kata in
        [
            Target.target(
                name: kata.module,
                dependencies: kata.linuxDependencies,
                path: "Solutions/\(kata.folder)/Sources/\(kata.module)",
                swiftSettings: [.swiftLanguageMode(kata.languageMode)] + kata.moduleSettings
            ),
            Target.testTarget(
                name: "\(kata.module)Tests",
                dependencies: [.target(name: kata.module)],
                path: "Katas/\(kata.folder)/Tests/\(kata.module)Tests",
                swiftSettings: [.swiftLanguageMode(kata.languageMode)] + kata.testSettings
            ),
        ]
    },
    swiftLanguageModes: [.v6]
)
