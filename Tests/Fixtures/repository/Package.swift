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
    enum Kind { case code, tests }

    var folder: String
    var languageMode: SwiftLanguageMode
    var kind: Kind

    init(_ folder: String, _ languageMode: SwiftLanguageMode, kind: Kind = .code) {
        self.folder = folder
        self.languageMode = languageMode
        self.kind = kind
    }

    var module: String { "Kata" + folder.prefix(2) }
    var modulePath: String {
        kind == .tests ? "Katas/\(folder)/Sources/\(module)" : "Solutions/\(folder)/Sources/\(module)"
    }
    var testsPath: String {
        kind == .tests ? "Solutions/\(folder)/Tests/\(module)Tests" : "Katas/\(folder)/Tests/\(module)Tests"
    }
}

let package = Package(
    name: "FixtureKatas",
    targets: katas.flatMap { kata in
        [
            Target.target(
                name: kata.module,
                path: kata.modulePath,
                swiftSettings: [.swiftLanguageMode(kata.languageMode)]
            ),
            Target.testTarget(
                name: "\(kata.module)Tests",
                dependencies: [.target(name: kata.module)],
                path: kata.testsPath,
                swiftSettings: [.swiftLanguageMode(kata.languageMode)]
            ),
        ]
    }
)
