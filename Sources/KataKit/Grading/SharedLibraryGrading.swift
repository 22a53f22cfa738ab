import Foundation

/// The fast way to grade a test suite on Linux: the suite compiled once, against the base
/// version's code (a tests kata's shipped code, a kata's reference solution), and run against
/// each version by swapping the library it links.
///
/// ``GradingPackage`` compiles the suite once per version (each copy under a module alias), so a
/// learner who changed one test waits for a dozen compilations, and `kata verify` for twenty.
/// Here each version is a ``VersionLibrary`` (`libKata22.so`, built once, with library
/// evolution), the suite is the one test target of a small package that links the base's
/// library, and each run sets `LD_LIBRARY_PATH` to the version's folder: the loader takes that
/// version's library instead.
///
/// ```text
/// .build/kata/grade/22-test-the-operation-shared/
///   Package.swift                 the kata's manifest, its targets replaced by the suite's
///   Tests/Kata22Tests             a symbolic link to the suite
///   Libraries/v0/libKata22.so     the base, and Kata22.swiftmodule the suite imports
///   Libraries/v1/libKata22.so     another version …
///   Bases/v4/…                    the suite again, against version 4's module
/// ```
///
/// The search paths and the library are given on `swift build`'s command line, not in the
/// manifest: SwiftPM's derived test-discovery target imports the suite's module, which imports
/// the kata's, and only command-line flags reach that target (an XCTest suite would otherwise
/// not build: "missing required module").
///
/// A version whose binary interface differs from the base's (it inherits a method the base
/// overrides, or makes a class of a struct the tests use through `@testable import`) cannot stand
/// in for it: with `LD_BIND_NOW` the loader says so before any test runs. ``GradingEngine`` then
/// compiles the suite once more, against the first such version (`Bases/vN`), and runs the others
/// that failed against it; a few bases cover a kata's designs. The versions left, and every
/// version when the suite cannot be built so at all (a suite that does not compile, or that
/// compiles only without library evolution), take the slow way.
struct SharedLibraryGrading: Sendable {
    static let packageName = "KataGradingShared"

    let kata: Kata
    let versions: [KataVersion]
    /// The suite's folder: the learner's `Tests/KataNNTests`, or the reference suite.
    let tests: URL
    let root: URL
    let sanitizer: Sanitizer?
    /// What the kata's manifest gives its module: the libraries are built with it.
    let settings: KataBuildSettings
    /// ``ScratchBuild``'s arguments: the shared Clang module cache, no index of the system's modules.
    let scratchBuildArguments: [String]

    /// The version whose module the suite is compiled against: the first (the base) unless a
    /// version with another binary interface needs a suite of its own.
    var base = 0

    /// What ``buildSuite(runner:listingRunner:swift:in:baseRebuilt:)`` made of the suite.
    enum Outcome: Sendable {
        /// The suite as built.
        case built(TestBundle.Listing)
        /// The base's library built, and the suite did not build against it: a mistake in the
        /// suite, most likely, or code that compiles only without library evolution.
        case suiteDoesNotBuild
    }

    func library(_ index: Int) -> VersionLibrary {
        let built = libraryIndex(index)
        return VersionLibrary(
            version: versions[built], moduleName: kata.moduleName,
            folder: root.appendingPathComponent("Libraries/v\(built)", isDirectory: true), settings: settings,
            sanitizer: sanitizer)
    }

    /// The first version with the same code as version `index`, whose library it runs: a
    /// schema's mutants differ only in their environment (``KataVersion/environment``).
    func libraryIndex(_ index: Int) -> Int {
        versions.firstIndex { $0.hasSameCode(as: versions[index]) } ?? index
    }

    /// The suite's package: the folder itself for the first version, `Bases/vN` for another base.
    var packageRoot: URL {
        base == 0 ? root : root.appendingPathComponent("Bases/v\(base)", isDirectory: true)
    }

    var testsLink: URL { packageRoot.appendingPathComponent("Tests/\(kata.testModuleName)", isDirectory: true) }

    var executable: URL {
        packageRoot.appendingPathComponent(sanitizer?.scratchFolderName ?? ".build")
            .appendingPathComponent("debug/\(Self.packageName)PackageTests.xctest")
    }

    /// The kata's own manifest (its tools version, platforms, language mode, and the settings it
    /// gives its tests), its targets replaced by the suite's alone.
    func manifest(kataManifest: String) -> String {
        kataManifest + """

            // Appended by `kata` to grade \(kata.heading): the tests under grade alone, compiled
            // once against the base version's library; each run loads another version's. Do not edit.
            do {
                let tests = package.targets.first { $0.name == "\(kata.testModuleName)" }
                package.name = "\(Self.packageName)"
                package.products = []
                package.dependencies = []
                package.targets = [
                    .testTarget(
                        name: "\(kata.testModuleName)", path: "Tests/\(kata.testModuleName)",
                        swiftSettings: tests?.swiftSettings)
                ]
            }

            """
    }

    /// What `swift build` is given so that every target, SwiftPM's derived ones too, finds the
    /// base's module and links its library.
    var buildArguments: [String] {
        let libraries = library(base).folder.path
        return ["-Xswiftc", "-I", "-Xswiftc", libraries, "-Xlinker", "-L", "-Xlinker", libraries]
            + ["-Xlinker", "-l\(kata.moduleName)"] + scratchBuildArguments
    }

    /// Builds every version's library, two at a time (they are kept, and built again only when a
    /// version changed): for each version, whether it was built anew, or nil when it does not
    /// compile as a library. Nil when there is no `swiftc` beside `swift`.
    func buildLibraries(runner: CommandRunner, swift: URL, in directory: URL) -> [Bool?]? {
        let swiftc = swift.deletingLastPathComponent().appendingPathComponent("swiftc")
        guard FileManager.default.isExecutableFile(atPath: swiftc.path) else { return nil }
        let distinct = versions.indices.filter { libraryIndex($0) == $0 }
        let outcomes = WorkerThreads.run(count: distinct.count, workers: 2) { position in
            Result { try library(distinct[position]).build(swiftc: swiftc, runner: runner, in: directory) }
        }
        let built = Dictionary(uniqueKeysWithValues: zip(distinct, outcomes))
        return versions.indices.map { index in
            if case .success(let rebuilt)? = built[libraryIndex(index)] { return rebuilt }
            return nil
        }
    }

    /// Builds the suite against the base's library (``buildLibraries(runner:swift:in:)`` built it).
    func buildSuite(
        runner: CommandRunner, listingRunner: CommandRunner, swift: URL, in directory: URL, baseRebuilt: Bool
    ) throws -> Outcome {
        let fileManager = FileManager.default
        let kataManifest = try String(
            contentsOf: kata.directory.appendingPathComponent("Package.swift"), encoding: .utf8)
        let manifest = Data(manifest(kataManifest: kataManifest).utf8)
        try fileManager.createDirectory(at: packageRoot, withIntermediateDirectories: true)
        let manifestURL = packageRoot.appendingPathComponent("Package.swift")
        if fileManager.contents(atPath: manifestURL.path) != manifest {
            try manifest.write(to: manifestURL, options: .atomic)
        }
        // The suite depends on the base's module, a file SwiftPM does not know of: when it
        // changed, the suite's objects go, or they would still call the old interface.
        if try linkTests() || baseRebuilt {
            FolderMirror.discardObjects(ofModule: kata.testModuleName, inPackage: packageRoot)
        }
        let session = SwiftTestSession(runner: runner, swift: swift, workingDirectory: directory)
        let build = try session.build(
            package: packageRoot, options: TestRunOptions(sanitizer: sanitizer), extraArguments: buildArguments)
        guard build.result.succeeded, fileManager.isExecutableFile(atPath: executable.path) else {
            return .suiteDoesNotBuild
        }
        // The bundle loads the base's library to list its tests, as it loads a version's to run them.
        return .built(
            try TestBundle.listing(of: executable, runner: loading(base, with: listingRunner), in: packageRoot))
    }

    /// `runner` with the loader pointed at version `index`'s library, and told to resolve every
    /// symbol at start: a missing one stops the run before any test, not halfway.
    func loading(_ index: Int, with runner: CommandRunner) -> CommandRunner {
        var runner = runner
        runner.environment["LD_LIBRARY_PATH"] = [library(index).folder.path, runner.environment["LD_LIBRARY_PATH"]]
            .compactMap { $0 }.joined(separator: ":")
        runner.environment["LD_BIND_NOW"] = "1"
        runner.environment.merge(versions[index].environment) { _, version in version }
        return runner
    }

    /// Points the package's test target at the suite, and returns whether it pointed elsewhere.
    ///
    /// A link rather than a copy: SwiftPM sees the learner's own files with the times their
    /// editor gave them, and compiles again only the files they changed, as `swift test` in the
    /// kata's folder would. (A copy written at check time would need its objects discarded to be
    /// safe from a build that takes it for one already compiled, and so a full compilation.)
    func linkTests() throws -> Bool {
        let fileManager = FileManager.default
        let target = tests.standardizedFileURL.path
        if (try? fileManager.destinationOfSymbolicLink(atPath: testsLink.path)) == target { return false }
        if (try? fileManager.attributesOfItem(atPath: testsLink.path)) != nil {
            try fileManager.removeItem(at: testsLink)
        }
        try fileManager.createDirectory(at: testsLink.deletingLastPathComponent(), withIntermediateDirectories: true)
        try fileManager.createSymbolicLink(atPath: testsLink.path, withDestinationPath: target)
        return true
    }

    /// Runs the suite once against version `index`'s library; nil when the loader could not
    /// link the suite to it (its binary interface differs from the base's).
    func run(version index: Int, listing: TestBundle.Listing, runner: CommandRunner) throws -> TestBundle.Run? {
        let runner = loading(index, with: runner)
        let module = kata.testModuleName
        let xctestClasses = listing.xctestClasses[module] ?? []
        var bundle = BuiltTestBundle(executable: executable, runner: runner, workingDirectory: packageRoot)
        bundle.lineBuffered = sanitizer == nil
        let (summary, results) = try bundle.run(
            xctestArguments: xctestClasses.isEmpty ? nil : [], swiftTestingFilter: nil,
            runsSwiftTesting: listing.swiftTestingModules?.contains(module) ?? true)
        if results.contains(where: { $0.exitCode == 127 && Self.isLoaderFailure($0.output) }) { return nil }
        // Failures may point through the link; the learner edits the original.
        let copy = testsLink.standardizedFileURL.path + "/"
        let pointed = TestBundle.pointing(summary) { file in
            file.hasPrefix(copy) ? tests.appendingPathComponent(String(file.dropFirst(copy.count))).path : nil
        }
        return TestBundle.Run(summary: pointed, stop: TestBundle.stop(of: results, runner: runner, summary: summary))
    }

    /// What the dynamic loader prints when a library lacks a symbol the executable needs.
    static func isLoaderFailure(_ output: String) -> Bool {
        output.contains("symbol lookup error") || output.contains("error while loading shared libraries")
            || output.contains("undefined symbol")
    }
}
