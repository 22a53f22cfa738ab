import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("Reading one kata without the whole catalog")
struct CatalogLoadAloneTests {
    @Test(
        "finds a kata by number, padded number, slug or folder, as the catalog would",
        arguments: ["2", "02", "failing-kata", "02-failing-kata", " FAILING-KATA "])
    func named(reference: String) throws {
        let repository = try Fixtures.repositoryCopy()
        let alone = try #require(KataCatalog.loadAlone(named: reference, from: repository))
        #expect(alone == (try KataCatalog.load(from: repository).kata(named: "2")))
    }

    @Test("leaves to the catalog what only it can explain: no such kata, a number twice, a broken README")
    func leavesItToTheCatalog() throws {
        let repository = try Fixtures.repositoryCopy()
        #expect(KataCatalog.loadAlone(named: "17", from: repository) == nil)
        try FileManager.default.copyItem(
            at: repository.katasDirectory.appendingPathComponent("02-failing-kata"),
            to: repository.katasDirectory.appendingPathComponent("02-copy"))
        #expect(KataCatalog.loadAlone(named: "2", from: repository) == nil)
        try "no front matter".write(
            to: repository.katasDirectory.appendingPathComponent("03-broken-kata/README.md"), atomically: true,
            encoding: .utf8)
        #expect(KataCatalog.loadAlone(named: "3", from: repository) == nil)
    }

    @Test("the next kata is the next readable one, nil after the last")
    func next() throws {
        let repository = try Fixtures.repositoryCopy()
        let catalog = try KataCatalog.load(from: repository)
        #expect(KataCatalog.loadNext(after: try catalog.kata(named: "1"), from: repository)?.number == 2)
        #expect(KataCatalog.loadNext(after: try catalog.kata(named: "4"), from: repository) == nil)
        try "no front matter".write(
            to: repository.katasDirectory.appendingPathComponent("03-broken-kata/README.md"), atomically: true,
            encoding: .utf8)
        #expect(KataCatalog.loadNext(after: try catalog.kata(named: "2"), from: repository)?.number == 4)
    }
}
