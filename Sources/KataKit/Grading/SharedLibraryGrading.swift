import Foundation

/// The fast way to grade a test suite on Linux: the suite compiled once, against the shipped
/// code, and run against each version by swapping the library it links.
///
/// ``GradingPackage`` compiles the suite once per version (each copy under a module alias), so a
/// learner who changed one test waits for a dozen compilations. Here each version is a
/// ``VersionLibrary`` (`libKata22.so`, built once, with library evolution), the suite is the one
/// test target of a small package that links the shipped code's library, and each run sets
/// `LD_LIBRARY_PATH` to the version's folder: the loader takes that version's library instead.
///
/// ```text
/// .build/kata/grade/22-test-the-operation-shared/
///   Package.swift                 the suite, linked with -lKata22 from Libraries/v0
///   Tests/Kata22Tests             a symbolic link to the suite
///   Libraries/v0/libKata22.so     the shipped code, and Kata22.swiftmodule the suite imports
///   Libraries/v1/libKata22.so     a correct version …
/// ```
///
/// A version whose binary interface differs from the shipped code's (it inherits a method the
/// shipped code overrides, say) cannot stand in for it: with `LD_BIND_NOW` the loader says so
/// before any test runs, and ``TestGrader`` builds that version the slow way, as it does every
/// version when this package cannot be built at all (a suite that does not compile, or that
/// compiles only without library evolution).
struct SharedLibraryGrading: Sendable {
    static let packageName = "KataGradingShared"

    let kata: Kata
    let versions: [KataVersion]
    /// The suite's folder: the learner's `Tests/KataNNTests`, or the reference suite.
    let tests: URL
    let root: URL
    let sanitizer: Sanitizer?
    /// `5` or `6`.
    let swiftVersion: String

    /// What ``build(runner:listingRunner:swift:in:)`` made of the suite.
    enum Outcome: Sendable {
        /// The suite as built, and which versions have no library to run it against (they did
        /// not compile as one): those are built the slow way.
        case built(TestBundle.Listing, withoutLibrary: [Int])
        /// The shipped code's library built, and the suite did not build against it: a mistake in
        /// the suite, most likely, or code that compiles only without library evolution.
        case suiteDoesNotBuild
        /// No `swiftc` beside `swift`, a folder whose path the manifest cannot hold, or shipped
        /// code that does not build as a library: every version is built the slow way.
        case unavailable
    }

    func library(_ index: Int) -> VersionLibrary {
        VersionLibrary(
            version: versions[index], moduleName: kata.moduleName,
            folder: root.appendingPathComponent("Libraries/v\(index)", isDirectory: true), swiftVersion: swiftVersion,
            sanitizer: sanitizer, emitsModule: index == 0)
    }

    var testsLink: URL { root.appendingPathComponent("Tests/\(kata.testModuleName)", isDirectory: true) }

    var executable: URL {
        root.appendingPathComponent(sanitizer?.scratchFolderName ?? ".build")
            .appendingPathComponent("debug/\(Self.packageName)PackageTests.xctest")
    }

    /// The manifest, or nil when the folder's path cannot be written into a Swift string literal.
    var manifest: String? {
        let libraries = library(0).folder.path
        guard !libraries.contains(where: { $0.isNewline || $0 == "\0" }) else { return nil }
        let literal =
            "\""
            + libraries.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"") + "\""
        return """
            // swift-tools-version:6.0
            // Written by `kata check` to grade \(kata.heading): the tests under grade, compiled once
            // against the shipped code's library; each run loads another version's. Do not edit.
            import PackageDescription

            let libraries = \(literal)

            let package = Package(
                name: "\(Self.packageName)",
                platforms: [.macOS(.v13)],
                targets: [
                    .testTarget(
                        name: "\(kata.testModuleName)", path: "Tests/\(kata.testModuleName)",
                        swiftSettings: [.unsafeFlags(["-I", libraries])],
                        linkerSettings: [.unsafeFlags(["-L", libraries, "-l\(kata.moduleName)"])])
                ],
                swiftLanguageModes: [.v\(swiftVersion)]
            )

            """
    }

    /// Builds every version's library and the suite against the shipped code's.
    func build(runner: CommandRunner, listingRunner: CommandRunner, swift: URL, in directory: URL) throws -> Outcome {
        let swiftc = swift.deletingLastPathComponent().appendingPathComponent("swiftc")
        let fileManager = FileManager.default
        guard fileManager.isExecutableFile(atPath: swiftc.path), let manifest else { return .unavailable }

        // Two at a time: the libraries are built on the first check and kept.
        let outcomes = WorkerThreads.run(count: versions.count, workers: 2) { index in
            Result { try library(index).build(swiftc: swiftc, runner: runner, in: directory) }
        }
        let shippedRebuilt: Bool
        switch outcomes.first ?? nil {
        case .success(let rebuilt): shippedRebuilt = rebuilt
        default: return .unavailable
        }
        let withoutLibrary = outcomes.indices.filter {
            if case .success = outcomes[$0] { return false }
            return true
        }

        try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
        let manifestURL = root.appendingPathComponent("Package.swift")
        if fileManager.contents(atPath: manifestURL.path) != Data(manifest.utf8) {
            try Data(manifest.utf8).write(to: manifestURL, options: .atomic)
        }
        // The suite depends on the shipped code's module, a file SwiftPM does not know of: when
        // it changed, the suite's objects go, or they would still call the old interface.
        if try linkTests() || shippedRebuilt {
            FolderMirror.discardObjects(ofModule: kata.testModuleName, inPackage: root)
        }

        let session = SwiftTestSession(runner: runner, swift: swift, workingDirectory: directory)
        let build = try session.build(package: root, options: TestRunOptions(sanitizer: sanitizer))
        guard build.result.succeeded, fileManager.isExecutableFile(atPath: executable.path) else {
            return .suiteDoesNotBuild
        }
        let listing = try TestBundle.listing(of: executable, runner: listingRunner, in: root)
        return .built(listing, withoutLibrary: withoutLibrary)
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
    /// link the suite to it (its binary interface differs from the shipped code's).
    func run(version index: Int, listing: TestBundle.Listing, runner: CommandRunner) throws -> TestBundle.Run? {
        var runner = runner
        let folder = library(index).folder.path
        runner.environment["LD_LIBRARY_PATH"] = [folder, runner.environment["LD_LIBRARY_PATH"]]
            .compactMap { $0 }.joined(separator: ":")
        // Every symbol resolved at start: a missing one stops the run before any test, not halfway.
        runner.environment["LD_BIND_NOW"] = "1"
        let module = kata.testModuleName
        let xctestClasses = listing.xctestClasses[module] ?? []
        let (summary, results) = try BuiltTestBundle(
            executable: executable, runner: runner, workingDirectory: root
        )
        .run(
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
