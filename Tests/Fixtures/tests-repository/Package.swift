// swift-tools-version:6.0
import PackageDescription

// A fixture: a kata repository with one tests kata, for the kata command's own tests.
let katas: [String] = [
    "01-count-the-taps"
]

let package = Package(
    name: "FixtureTestsKatas",
    targets: katas.flatMap { folder in
        [
            Target.target(name: "Kata01", path: "Katas/\(folder)/Sources/Kata01"),
            Target.testTarget(
                name: "Kata01Tests", dependencies: ["Kata01"], path: "Solutions/\(folder)/Tests/Kata01Tests"),
        ]
    }
)
