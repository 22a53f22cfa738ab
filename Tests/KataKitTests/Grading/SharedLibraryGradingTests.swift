import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("Grading by swapping each version's library under tests compiled once")
struct SharedLibraryGradingTests {
    static func grading(root: String) throws -> SharedLibraryGrading {
        let repository = KataRepository(root: try Fixtures.copy("tests-repository"))
        let kata = try KataCatalog.load(from: repository).kata(named: "1")
        return SharedLibraryGrading(
            kata: kata, versions: kata.gradedVersions(), tests: kata.testsDirectory,
            root: URL(fileURLWithPath: root, isDirectory: true), sanitizer: nil,
            settings: KataBuildSettings(
                swiftVersion: "6", moduleFlags: ["-enable-upcoming-feature", "InferIsolatedConformances"]),
            scratchBuildArguments: ["-Xswiftc", "-module-cache-path", "-Xswiftc", "/tmp/grade/module-cache"])
    }

    @Test("the kata's manifest comes first, its targets replaced by the suite alone, which keeps the tests' settings")
    func manifest() throws {
        let grading = try Self.grading(root: "/tmp/grade/01-count-the-taps-shared")
        let manifest = grading.manifest(kataManifest: "// swift-tools-version:6.0\n// the kata's own\n")
        #expect(manifest.hasPrefix("// swift-tools-version:6.0\n// the kata's own\n"))
        #expect(manifest.contains(#"let tests = package.targets.first { $0.name == "Kata01Tests" }"#))
        #expect(manifest.contains(#"name: "Kata01Tests", path: "Tests/Kata01Tests","#))
        #expect(manifest.contains("swiftSettings: tests?.swiftSettings)"))
        #expect(manifest.contains("package.dependencies = []"))
    }

    @Test(
        "the shipped code's module and library, and the shared module cache, are given on the command line, to every target, a path with quotes or a line break as one argument"
    )
    func buildArguments() throws {
        let root = "/tmp/a \"b\"\\c\nd"
        let arguments = try Self.grading(root: root).buildArguments
        #expect(
            arguments == [
                "-Xswiftc", "-I", "-Xswiftc", root + "/Libraries/v0", "-Xlinker", "-L", "-Xlinker",
                root + "/Libraries/v0",
                "-Xlinker", "-lKata01", "-Xswiftc", "-module-cache-path", "-Xswiftc", "/tmp/grade/module-cache",
            ])
    }

    @Test(
        "each version's library is built with library evolution under the module's own name, with its module: any version may be a base"
    )
    func libraryArguments() throws {
        let grading = try Self.grading(root: "/tmp/grade/shared")
        let shipped = grading.library(0).arguments(files: ["A.swift"])
        #expect(
            shipped.starts(with: [
                "-emit-library", "-module-name", "Kata01", "-parse-as-library", "-enable-library-evolution",
            ]))
        #expect(shipped.contains("-emit-module-path"))
        #expect(shipped.contains("InferIsolatedConformances"), "the kata's module settings hold for every version")
        #expect(shipped.suffix(3) == ["A.swift", "-o", "/tmp/grade/shared/Libraries/v0/libKata01.so"])
        #expect(grading.library(3).arguments(files: ["A.swift"]).contains("-emit-module-path"))
    }

    @Test(
        "the package's tests are a link to the suite: made once, put back when it points elsewhere or a copy is there, the suite untouched"
    )
    func testsLink() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "shared-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let grading = try Self.grading(root: root.path)
        let fileManager = FileManager.default
        let suite = grading.tests.standardizedFileURL.path
        let suiteFiles = try fileManager.contentsOfDirectory(atPath: suite).sorted()

        #expect(try grading.linkTests())
        #expect(try fileManager.destinationOfSymbolicLink(atPath: grading.testsLink.path) == suite)
        #expect(try !grading.linkTests(), "a link that already points at the suite is left alone")

        // An older check's copy of the suite, or a link to another suite, gives way to the link.
        try fileManager.removeItem(at: grading.testsLink)
        try fileManager.createDirectory(at: grading.testsLink, withIntermediateDirectories: true)
        try Data("stale".utf8).write(to: grading.testsLink.appendingPathComponent("Old.swift"))
        #expect(try grading.linkTests())
        try fileManager.removeItem(at: grading.testsLink)
        try fileManager.createSymbolicLink(atPath: grading.testsLink.path, withDestinationPath: root.path)
        #expect(try grading.linkTests())
        #expect(try fileManager.destinationOfSymbolicLink(atPath: grading.testsLink.path) == suite)
        #expect(try fileManager.contentsOfDirectory(atPath: suite).sorted() == suiteFiles)
    }

    @Test("the loader's words for a library that lacks a symbol the tests need")
    func loaderFailure() {
        #expect(
            SharedLibraryGrading.isLoaderFailure(
                "KataGradingSharedPackageTests.xctest: symbol lookup error: KataGradingSharedPackageTests.xctest: undefined symbol: $s6Kata2221PublishAlbumOperationC5startyyF"
            ))
        #expect(!SharedLibraryGrading.isLoaderFailure("✘ Test \"taps twice\" recorded an issue"))
    }
}
