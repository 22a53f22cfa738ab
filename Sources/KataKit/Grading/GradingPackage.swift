import Foundation

/// The correct way to grade a test suite against versions of a kata's code, on every system:
/// one SwiftPM package that builds them all at once (``GradingEngine`` takes it where the fast
/// way, ``SharedLibraryGrading``, is not available or a version cannot take it).
///
/// Each version (the shipped code or the reference, each correct and each buggy or wrong one)
/// becomes a module of its own, `Kata19_v0`, `Kata19_v1`, …, and the suite is copied once per
/// version into a test target, `Kata19Tests_v0`, …, compiled with `-module-alias Kata19=Kata19_vN`:
/// the compiler reads `import Kata19` in that copy as that version. One `swift build --build-tests` then builds
/// everything into one test bundle, in parallel, and a change to the learner's tests recompiles
/// only the copies of the tests (each version's module is built once). Each version's tests then
/// run on their own, selected by their module's name.
///
/// ```text
/// .build/kata/grade/19-catch-it-with-a-stub/
///   Package.swift
///   Versions/v0/…   the shipped code          Tests/v0/…   the suite, as Kata19Tests_v0
///   Versions/v1/…   a correct version         Tests/v1/…   the suite, as Kata19Tests_v1
///   …
/// ```
struct GradingPackage: Sendable {
    static let name = "KataGrading"

    let kata: Kata
    let versions: [KataVersion]
    /// The folder of the suite being graded: the learner's `Tests/KataNNTests`, or the reference suite.
    let tests: URL
    /// Where the package is written.
    let root: URL

    func module(_ index: Int) -> String { "\(kata.moduleName)_v\(index)" }
    func testModule(_ index: Int) -> String { "\(kata.testModuleName)_v\(index)" }

    /// The kata's own manifest, then a few lines that replace its targets by one module per
    /// version and one copy of the suite per version, each given the settings the kata's manifest
    /// gives its module and its tests (language mode, dependencies, flags, tools version): the
    /// versions build as the kata's own package would build them, whatever it says.
    func manifest(kataManifest: String) -> String {
        let module = kata.moduleName
        let tests = kata.testModuleName
        return kataManifest + """

            // Appended by `kata` to grade \(kata.heading): one module per version of its code, and
            // the tests under grade once per version, each with this manifest's settings. Do not edit.
            do {
                let module = package.targets.first { $0.name == "\(module)" }
                let tests = package.targets.first { $0.name == "\(tests)" }
                package.name = "\(Self.name)"
                package.products = []
                package.targets = (0..<\(versions.count)).flatMap { index -> [Target] in
                    [
                        .target(
                            name: "\(module)_v\\(index)", dependencies: module?.dependencies ?? [],
                            path: "Versions/v\\(index)", swiftSettings: module?.swiftSettings),
                        .testTarget(
                            name: "\(tests)_v\\(index)", dependencies: [.target(name: "\(module)_v\\(index)")],
                            path: "Tests/v\\(index)",
                            swiftSettings: (tests?.swiftSettings ?? [])
                                + [.unsafeFlags(["-module-alias", "\(module)=\(module)_v\\(index)"])]),
                    ]
                }
            }

            """
    }

    /// Writes the package, rewriting only what changed since the last check.
    func write() throws {
        let fileManager = FileManager.default
        let kataManifest = try String(
            contentsOf: kata.directory.appendingPathComponent("Package.swift"), encoding: .utf8)
        let manifest = manifest(kataManifest: kataManifest)
        try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
        let manifestURL = root.appendingPathComponent("Package.swift")
        if fileManager.contents(atPath: manifestURL.path) != Data(manifest.utf8) {
            try Data(manifest.utf8).write(to: manifestURL, options: .atomic)
        }
        for (index, version) in versions.enumerated() {
            if try version.writeSources(to: root.appendingPathComponent("Versions/v\(index)")) {
                FolderMirror.discardObjects(ofModule: module(index), inPackage: root)
            }
            if try FolderMirror.mirror(tests, to: root.appendingPathComponent("Tests/v\(index)")) {
                FolderMirror.discardObjects(ofModule: testModule(index), inPackage: root)
            }
        }
        // A version removed since the last check leaves its folders behind; the manifest no longer names them.
        for folder in ["Versions", "Tests"] {
            let parent = root.appendingPathComponent(folder)
            for name in (try? fileManager.contentsOfDirectory(atPath: parent.path)) ?? []
            where Int(name.dropFirst()).map({ !versions.indices.contains($0) }) ?? true {
                try fileManager.removeItem(at: parent.appendingPathComponent(name))
            }
        }
    }

    /// Where a file of the package comes from: `Tests/v3/StubTests.swift` is the suite's
    /// `StubTests.swift`, `Versions/v3/Inbox.swift` version 3's `Inbox.swift`. Paths are absolute.
    func origin(of file: String) -> (file: URL, version: Int)? {
        let prefix = root.standardizedFileURL.path + "/"
        guard file.hasPrefix(prefix) else { return nil }
        let parts = file.dropFirst(prefix.count).split(separator: "/", maxSplits: 2).map(String.init)
        guard parts.count == 3, let index = Int(parts[1].dropFirst()), versions.indices.contains(index) else {
            return nil
        }
        switch parts[0] {
        case "Tests": return (tests.appendingPathComponent(parts[2]), index)
        case "Versions": return (versions[index].editableFile(parts[2]), index)
        default: return nil
        }
    }
}
