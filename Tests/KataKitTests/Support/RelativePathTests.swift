import Foundation
import TestSupport
import Testing

@testable import KataKit

/// macOS reaches the temporary folder as `/var/…` and lists its files as `/private/var/…`, and
/// anyone can open a repository through a symbolic link. Linux simulates both with a link.
@Suite("Paths reached two ways")
struct RelativePathTests {
    /// A copy of the fixture repository, and a symbolic link to it.
    static func linkedRepository() throws -> (real: URL, link: URL) {
        let real = try Fixtures.copy()
        let link = ScratchFolder.make("kata-link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        return (real, link)
    }

    @Test("a file's path below a folder is the same whichever spelling either side uses")
    func pathBelow() throws {
        let (real, link) = try Self.linkedRepository()
        let file = "Katas/02-failing-kata/README.md"
        #expect(real.appendingPathComponent(file).path(below: real) == file)
        #expect(real.appendingPathComponent(file).path(below: link) == file)
        #expect(link.appendingPathComponent(file).path(below: real) == file)
        #expect(URL(fileURLWithPath: "/elsewhere/x.swift").path(below: real) == nil)
        #expect(KataRepository(root: link).relativePath(real.appendingPathComponent(file).path) == file)
    }

    @Test("the shipped record and the staged solution read the same files through a link")
    func throughALink() throws {
        let (real, link) = try Self.linkedRepository()
        let viaLink = try #require(try KataCatalog.load(from: KataRepository(root: link)).kata(named: "2"))
        let direct = try #require(try KataCatalog.load(from: KataRepository(root: real)).kata(named: "2"))
        let captured = try ShippedRecord.capture(viaLink)
        #expect(captured == (try ShippedRecord.capture(direct)))
        #expect(captured.files.keys.contains("Sources/Kata02/Greeter.swift"))
        #expect(captured.differences(from: try ShippedRecord.load(for: viaLink)).isEmpty)
        let copy = ScratchFolder.make("mirror-through-link")
        try FolderMirror.mirror(viaLink.directory, to: copy)
        #expect(FileManager.default.fileExists(atPath: copy.appendingPathComponent("Package.swift").path))
    }

    @Test("Finder's .DS_Store and other hidden files are not part of the site")
    func hiddenFilesInTheSite() throws {
        let folder = ScratchFolder.make("site-hidden")
        try Fixtures.write("<html></html>", to: folder.appendingPathComponent("index.html"))
        try Fixtures.write("finder", to: folder.appendingPathComponent(".DS_Store"))
        try Fixtures.write("finder", to: folder.appendingPathComponent("katas/.DS_Store"))
        #expect(SiteWriter.files(in: folder) == ["index.html"])
        #expect(SiteWriter(directory: folder).differences(from: ["index.html": "<html></html>"]).isEmpty)
    }
}
