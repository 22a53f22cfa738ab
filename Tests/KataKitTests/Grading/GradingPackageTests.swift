import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("The package that grades a learner's tests")
struct GradingPackageTests {
    static func package() throws -> (GradingPackage, KataRepository) {
        let repository = KataRepository(root: try Fixtures.copy("tests-repository"))
        let kata = try KataCatalog.load(from: repository).kata(named: "1")
        let package = GradingPackage(
            kata: kata, versions: kata.gradedVersions(), tests: kata.testsDirectory,
            root: repository.workDirectory.appendingPathComponent("grade/\(kata.folderName)"))
        return (package, repository)
    }

    @Test(
        "every version is a module of its own, with the kata's settings, and each copy of the tests reads `import Kata01` as its version"
    )
    func manifest() throws {
        let (package, _) = try Self.package()
        #expect(package.versions.map(\.role) == [.shipped, .correct, .correct, .buggy, .buggy, .buggy, .buggy, .buggy])
        let manifest = package.manifest(kataManifest: "// swift-tools-version:6.2\n// the kata's own\n")
        #expect(manifest.hasPrefix("// swift-tools-version:6.2\n// the kata's own\n"))
        #expect(manifest.contains("package.targets = (0..<8).flatMap"))
        #expect(manifest.contains(#"name: "Kata01_v\(index)", dependencies: module?.dependencies ?? [],"#))
        #expect(manifest.contains(#"path: "Versions/v\(index)", swiftSettings: module?.swiftSettings),"#))
        #expect(manifest.contains(#"swiftSettings: (tests?.swiftSettings ?? [])"#))
        #expect(manifest.contains(#"[.unsafeFlags(["-module-alias", "Kata01=Kata01_v\(index)"])]"#))
    }

    @Test("writes each version and a copy of the tests per version, rewriting only what changed")
    func writes() throws {
        let (package, _) = try Self.package()
        try package.write()
        let copy = package.root.appendingPathComponent("Tests/v2/TapCounterTests.swift")
        let version = package.root.appendingPathComponent("Versions/v3/TapCounter.swift")
        #expect(FileManager.default.fileExists(atPath: copy.path))
        #expect(
            FileManager.default.contents(atPath: version.path)
                == (try package.versions[3].sourceFiles())["TapCounter.swift"])

        let longAgo = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: version.path)
        try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: copy.path)
        try Fixtures.write(
            "import Kata01\n", to: package.tests.appendingPathComponent("TapCounterTests.swift"))
        try package.write()
        let versionTime = try FileManager.default.attributesOfItem(atPath: version.path)[.modificationDate] as? Date
        let copyTime = try FileManager.default.attributesOfItem(atPath: copy.path)[.modificationDate] as? Date
        #expect(versionTime == longAgo, "a version that did not change is not rewritten, so it is not rebuilt")
        #expect(try #require(copyTime) > longAgo, "the learner's changed tests are written anew in every copy")
    }

    @Test("a version gone since the last check leaves no folder behind")
    func removesStaleVersions() throws {
        let (package, _) = try Self.package()
        try package.write()
        let fewer = GradingPackage(
            kata: package.kata, versions: Array(package.versions.prefix(2)), tests: package.tests, root: package.root)
        try fewer.write()
        let versions = try FileManager.default.contentsOfDirectory(
            atPath: package.root.appendingPathComponent("Versions").path)
        #expect(versions.sorted() == ["v0", "v1"])
    }

    @Test("a file of the package is traced to the learner's test file or the version's source")
    func origin() throws {
        let (package, _) = try Self.package()
        let root = package.root.standardizedFileURL.path
        let test = try #require(package.origin(of: root + "/Tests/v4/TapCounterTests.swift"))
        #expect(test.version == 4)
        #expect(test.file.path.hasSuffix("Katas/01-count-the-taps/Tests/Kata01Tests/TapCounterTests.swift"))
        let source = try #require(package.origin(of: root + "/Versions/v1/TapCounter.swift"))
        #expect(source.file.path.hasSuffix("Wheats/dispatches-twice/Sources/Kata01/TapCounter.swift"))
        #expect(package.origin(of: root + "/Package.swift") == nil)
        #expect(package.origin(of: root + "/Tests/v99/X.swift") == nil)
    }
}
