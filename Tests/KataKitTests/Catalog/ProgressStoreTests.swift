import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("Progress")
struct ProgressStoreTests {
    @Test("a recorded status comes back, and other katas stay not started")
    func roundTrip() throws {
        let repository = try Fixtures.repositoryCopy()
        let catalog = try KataCatalog.load(from: repository)
        let store = ProgressStore(file: repository.stateFile)
        try store.record(.failing, for: catalog.katas[0])
        try store.record(.passed, for: catalog.katas[0])
        try store.record(.failing, for: catalog.katas[1])
        let (progress, warning) = store.load()
        #expect(warning == nil)
        #expect(progress.status(of: catalog.katas[0]) == .passed)
        #expect(progress.status(of: catalog.katas[1]) == .failing)
        #expect(progress.status(of: catalog.katas[2]) == .notStarted)
    }

    @Test("a damaged progress file is set aside with a warning, not fatal")
    func corrupt() throws {
        let repository = try Fixtures.repositoryCopy()
        try Fixtures.write("{ not json", to: repository.stateFile)
        let store = ProgressStore(file: repository.stateFile)
        let (progress, warning) = store.load()
        #expect(progress.katas.isEmpty)
        #expect(warning?.contains("state.json.corrupt") == true)
        let aside = repository.stateFile.appendingPathExtension("corrupt")
        #expect(try String(contentsOf: aside, encoding: .utf8) == "{ not json", "the damaged file is kept for a look")
        try store.record(.passed, for: try KataCatalog.load(from: repository).katas[0])
        #expect(store.load().warning == nil)
    }

    @Test("an unwritable progress folder is a clear file-system error")
    func unwritable() throws {
        let repository = try Fixtures.repositoryCopy()
        // A file where the folder should be makes the write fail, even for root.
        try Fixtures.write("in the way", to: repository.root.appendingPathComponent(".kata"))
        let kata = try KataCatalog.load(from: repository).katas[0]
        let error = #expect(throws: KataError.self) {
            try ProgressStore(file: repository.stateFile).record(.passed, for: kata)
        }
        #expect(error?.kind == .fileSystem)
        #expect(error?.advice?.contains("Your code is untouched") == true)
    }

    @Test("a state file from before `kata hint` (no hintsShown) still loads, with no hints shown")
    func oldStateFile() throws {
        let repository = try Fixtures.repositoryCopy()
        try Fixtures.write(
            """
            {
              "katas" : {
                "01" : { "checkedAt" : "2025-03-01T10:00:00Z", "status" : "passed" },
                "02" : { "checkedAt" : "2025-03-01T10:05:00Z", "status" : "failing" }
              },
              "version" : 1
            }
            """, to: repository.stateFile)
        let katas = try KataCatalog.load(from: repository).katas
        let store = ProgressStore(file: repository.stateFile)
        let (progress, warning) = store.load()
        #expect(warning == nil, "an old file is not damaged")
        #expect(progress.status(of: katas[0]) == .passed)
        #expect(progress.status(of: katas[1]) == .failing)
        #expect(progress.katas["01"]?.checkedAt == Date(timeIntervalSince1970: 1_740_823_200))
        #expect(progress.hintsShown(of: katas[0]) == 0)
        try store.recordHintsShown(1, for: katas[1])
        let updated = store.load().progress
        #expect(updated.status(of: katas[0]) == .passed)
        #expect(updated.status(of: katas[1]) == .failing, "counting hints keeps the status")
        #expect(updated.hintsShown(of: katas[1]) == 1)
    }

    @Test("hints seen before any check make an entry that stays not started, and a check keeps the count")
    func hintsBeforeCheck() throws {
        let repository = try Fixtures.repositoryCopy()
        let kata = try KataCatalog.load(from: repository).katas[2]
        let store = ProgressStore(file: repository.stateFile)
        try store.recordHintsShown(2, for: kata)
        var progress = store.load().progress
        #expect(progress.status(of: kata) == .notStarted)
        #expect(progress.hintsShown(of: kata) == 2)
        #expect(progress.katas[kata.id]?.checkedAt == nil)
        let json = try String(contentsOf: repository.stateFile, encoding: .utf8)
        #expect(!json.contains("checkedAt"), "a kata never checked has no check time: \(json)")

        let date = Date(timeIntervalSince1970: 1_750_000_000)
        try store.record(.failing, for: kata, at: date)
        progress = store.load().progress
        #expect(progress.katas[kata.id] == .init(status: .failing, checkedAt: date, hintsShown: 2))
    }
}
