import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("Mirroring a folder for an incremental build")
struct FolderMirrorTests {
    static func modified(_ url: URL) throws -> Date {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
    }

    @Test("copies what is new, rewrites what changed with a new time, keeps what did not, removes what is gone")
    func mirrors() throws {
        let source = ScratchFolder.make("mirror-source")
        let copy = ScratchFolder.make("mirror-copy")
        try Fixtures.write("same", to: source.appendingPathComponent("Sources/Same.swift"))
        try Fixtures.write("old", to: source.appendingPathComponent("Sources/Changed.swift"))
        try Fixtures.write("gone", to: source.appendingPathComponent("Gone/Only.swift"))
        try FolderMirror.mirror(source, to: copy)

        let longAgo = Date(timeIntervalSince1970: 1_000_000_000)
        let same = copy.appendingPathComponent("Sources/Same.swift")
        try FileManager.default.setAttributes([.modificationDate: longAgo], ofItemAtPath: same.path)
        try Fixtures.write("new", to: source.appendingPathComponent("Sources/Changed.swift"))
        // An edited file whose time is older than the copy's (a checkout, a copy) must still look new.
        try FileManager.default.setAttributes(
            [.modificationDate: longAgo], ofItemAtPath: source.appendingPathComponent("Sources/Changed.swift").path)
        try FileManager.default.removeItem(at: source.appendingPathComponent("Gone"))
        try Fixtures.write("swap", to: source.appendingPathComponent("Sources/.Changed.swift.swp"))
        try FolderMirror.mirror(source, to: copy)

        #expect(try Self.modified(same) == longAgo, "an unchanged file is not rewritten")
        let changed = copy.appendingPathComponent("Sources/Changed.swift")
        #expect(try String(contentsOf: changed, encoding: .utf8) == "new")
        #expect(try Self.modified(changed) > Date(timeIntervalSinceNow: -60))
        #expect(!FileManager.default.fileExists(atPath: copy.appendingPathComponent("Gone").path))
        #expect(!FileManager.default.fileExists(atPath: copy.appendingPathComponent("Sources/.Changed.swift.swp").path))
    }

    @Test("leaves the paths it skips alone, on both sides")
    func skips() throws {
        let source = ScratchFolder.make("mirror-source")
        let copy = ScratchFolder.make("mirror-copy")
        try Fixtures.write("manifest", to: source.appendingPathComponent("Package.swift"))
        try Fixtures.write("starter", to: source.appendingPathComponent("Sources/Kata01/Starter.swift"))
        try Fixtures.write("build output", to: copy.appendingPathComponent(".build/debug/x.o"))
        try Fixtures.write("solution", to: copy.appendingPathComponent("Sources/Kata01/Solution.swift"))
        try FolderMirror.mirror(source, to: copy) { $0.hasPrefix(".build") || $0 == "Sources" }
        #expect(FileManager.default.fileExists(atPath: copy.appendingPathComponent("Package.swift").path))
        #expect(FileManager.default.fileExists(atPath: copy.appendingPathComponent(".build/debug/x.o").path))
        #expect(
            FileManager.default.fileExists(atPath: copy.appendingPathComponent("Sources/Kata01/Solution.swift").path))
        #expect(
            !FileManager.default.fileExists(atPath: copy.appendingPathComponent("Sources/Kata01/Starter.swift").path))
    }
}
