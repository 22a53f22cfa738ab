// swift-tools-version:6.0
import PackageDescription

// The settings some katas need, declared before the list that uses them (a manifest runs top to
// bottom, and a constant used before its line is not yet set).

/// Kata 09: OpenCombine stands in for Combine on Linux.
let openCombineOnLinux: [Target.Dependency] = [
    .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
    .product(name: "OpenCombineDispatch", package: "OpenCombine", condition: .when(platforms: [.linux])),
]

/// Kata 18: default main-actor isolation for its module, which its own manifest (tools 6.2) says
/// as `.defaultIsolation(MainActor.self)` and this one (tools 6.0) as a flag, and the upcoming
/// features of Xcode 26's "Approachable Concurrency" setting for its module and its tests.
let approachableConcurrencyFeatures: [SwiftSetting] = [
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]
let approachableConcurrency = KataSettings(
    module: [.unsafeFlags(["-default-isolation", "MainActor"])] + approachableConcurrencyFeatures,
    tests: approachableConcurrencyFeatures
)

/// Katas 11 (exit tests) and 18 need Swift 6.2; with an older compiler the root package leaves
/// them out, so every other kata's tests still run (the katas themselves say what they need).
#if compiler(>=6.2)
    let hasSwift62 = true
#else
    let hasSwift62 = false
#endif

/// The files of `Sources/KataKit/Site/Assets`, each embedded in KataKit as a byte array
/// (`PackageResources.style_css`, …), so the binary carries them wherever it is copied.
let siteAssets: [Resource] = [
    .embedInCode("Site/Assets/style.css"), .embedInCode("Site/Assets/theme.js"),
    .embedInCode("Site/Assets/site.js"), .embedInCode("Site/Assets/favicon.svg"),
]

/// One line per kata: its folder under `Katas/` and `Solutions/`, and the language mode its
/// own `Package.swift` declares. The root package compiles each reference solution as the kata's
/// module and runs the kata's own tests against it, so `swift test` here proves every kata can be
/// solved; for a kata where the learner writes the tests (`kind: .tests`), it runs the reference
/// tests against the kata's shipped code (`kata verify` runs them against every other version).
/// The list is written out (not discovered from the file system) because SwiftPM caches the
/// evaluated manifest by its text: a folder added later would stay invisible.
let katas: [Kata] = [
    Kata("01-stub-the-dispatcher", .v5),
    Kata("02-wrap-the-statics", .v5),
    Kata("03-conform-the-real-queue", .v5),
    Kata("04-spy-on-the-queue", .v5),
    Kata("05-expectations-done-right", .v5),
    Kata("06-bridge-the-callbacks", .v5),
    Kata("07-the-operation-that-never-finishes", .v5),
    Kata("08-queue-choreography", .v5),
    Kata("09-progress-you-can-test", .v5, linuxDependencies: openCombineOnLinux),
    Kata("10-kill-the-three-second-test", .v5),
    Kata("11-deadlocks", .v5, needsSwift62: true),
    Kata("12-races-and-swift-6", .v6),
    Kata("13-async-await-with-a-clock", .v6),
    Kata("14-mainactor-and-the-flakiness-clinic", .v6),
    Kata("15-streams-you-can-drive", .v6),
    Kata("16-actor-reentrancy", .v6),
    Kata("17-fan-out-fan-in", .v6),
    Kata("18-approachable-concurrency", .v6, settings: approachableConcurrency, needsSwift62: true),
    Kata("19-catch-it-with-a-stub", .v5, kind: .tests),
    Kata("20-prove-the-hop-to-main", .v5, kind: .tests),
    Kata("21-expectations-that-catch", .v5, kind: .tests),
    Kata("22-test-the-operation", .v5, kind: .tests),
    Kata("23-virtual-time", .v5, kind: .tests),
    Kata("24-streams-and-actors", .v6, kind: .tests),
]

struct KataSettings {
    var module: [SwiftSetting] = []
    var tests: [SwiftSetting] = []
}

struct Kata {
    /// What the learner writes: the code (katas 01–18), or the tests.
    enum Kind { case code, tests }

    var folder: String
    var languageMode: SwiftLanguageMode
    var kind: Kind = .code
    /// Dependencies of the kata module on Linux only (OpenCombine stands in for Combine there).
    var linuxDependencies: [Target.Dependency] = []
    /// Settings the kata's own `Package.swift` gives its module and its tests, besides the language mode.
    var settings = KataSettings()
    /// Left out of the root package by a compiler older than Swift 6.2.
    var needsSwift62 = false

    init(
        _ folder: String, _ languageMode: SwiftLanguageMode, kind: Kind = .code,
        linuxDependencies: [Target.Dependency] = [], settings: KataSettings = KataSettings(), needsSwift62: Bool = false
    ) {
        self.folder = folder
        self.languageMode = languageMode
        self.kind = kind
        self.linuxDependencies = linuxDependencies
        self.settings = settings
        self.needsSwift62 = needsSwift62
    }

    var module: String { "Kata" + folder.prefix(2) }
    /// The module the tests run against: the reference solution, or a tests kata's shipped code.
    var modulePath: String {
        kind == .tests ? "Katas/\(folder)/Sources/\(module)" : "Solutions/\(folder)/Sources/\(module)"
    }
    /// The tests: the kata's own, or a tests kata's reference tests.
    var testsPath: String {
        kind == .tests ? "Solutions/\(folder)/Tests/\(module)Tests" : "Katas/\(folder)/Tests/\(module)Tests"
    }
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
            dependencies: ["CCmarkGFM", .product(name: "Yams", package: "Yams")],
            // The learner edition's manifest (`LearnerPackageManifest`) embeds the same files.
            resources: siteAssets
        ),
        .executableTarget(
            name: "KataCLI",
            dependencies: ["KataKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Random and mutated READMEs through the front-matter and markdown pipeline (scripts/test runs it).
        .executableTarget(
            name: "KataFuzz",
            dependencies: ["KataKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // What both test targets share: fixtures, a captured console, throwaway folders removed
        // when the test process exits.
        .target(
            name: "TestSupport",
            dependencies: ["KataKit"],
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
    ]
        + katas.filter { !$0.needsSwift62 || hasSwift62 }.flatMap { kata in
            [
                Target.target(
                    name: kata.module,
                    dependencies: kata.linuxDependencies,
                    path: kata.modulePath,
                    swiftSettings: [.swiftLanguageMode(kata.languageMode)] + kata.settings.module
                ),
                Target.testTarget(
                    name: "\(kata.module)Tests",
                    dependencies: [.target(name: kata.module)],
                    path: kata.testsPath,
                    swiftSettings: [.swiftLanguageMode(kata.languageMode)] + kata.settings.tests
                ),
            ]
        },
    swiftLanguageModes: [.v6]
)
