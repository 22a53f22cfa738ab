// swift-tools-version:6.0
// A kata repository in miniature for the `kata` command's end-to-end tests. The tests copy it to
// a temporary folder first. Like the real root package, it lists its katas by folder (where
// `kata new` adds a line) and runs each kata's tests against its solution.
import PackageDescription

let katas: [Kata] = [
    Kata("01-passing-kata", .v5),
    Kata("02-failing-kata", .v5),
    Kata("03-broken-kata", .v5),
    Kata("04-flaky-kata", .v5),
]

struct Kata {
    var folder: String
    var languageMode: SwiftLanguageMode

    init(_ folder: String, _ languageMode: SwiftLanguageMode) {
        self.folder = folder
        self.languageMode = languageMode
    }

    var module: String { "Kata" + folder.prefix(2) }
}

let package = Package(
    name: "FixtureKatas",
    targets: katas.flatMap { kata in
        [
            Target.target(
                name: kata.module,
                path: "Solutions/\(kata.folder)/Sources/\(kata.module)",
                swiftSettings: [.swiftLanguageMode(kata.languageMode)]
            ),
            Target.testTarget(
                name: "\(kata.module)Tests",
                dependencies: [.target(name: kata.module)],
                path: "Katas/\(kata.folder)/Tests/\(kata.module)Tests",
                swiftSettings: [.swiftLanguageMode(kata.languageMode)]
            ),
        ]
    }
)
