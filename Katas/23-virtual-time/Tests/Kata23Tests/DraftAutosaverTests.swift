import Foundation
import Kata23
import Testing

// Your tests go in this folder, next to this one, and so do your test doubles: a scheduler whose
// clock moves only when a test says so, and a store that writes down what it is asked to save
// and answers when the test says so. Write them against the public seams, `Scheduling`,
// `ScheduledWork` and `DraftStore`, and `import Kata23` (not `@testable`): the same tests run
// against other versions of Sources/Kata23.
@Suite("DraftAutosaver")
struct DraftAutosaverTests {
    @Test("a change shows unsaved changes")
    func aChangeShowsUnsavedChanges() {
        // Given an autosaver, here with the app's store and scheduler (yours come next)
        let saver = DraftAutosaver(store: HTTPDraftStore(url: URL(string: "https://jotter.example/drafts/42")!))

        // When the user types
        saver.textChanged("Buy milk")

        // Then the corner says "Unsaved changes" at once
        #expect(saver.status == .unsaved)
    }
}
