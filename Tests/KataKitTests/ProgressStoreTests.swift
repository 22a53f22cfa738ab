import Foundation
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
        let error = #expect(throws: KataError.self) { try ProgressStore(file: repository.stateFile).record(.passed, for: kata) }
        #expect(error?.kind == .fileSystem)
        #expect(error?.advice?.contains("Your code is untouched") == true)
    }
}
