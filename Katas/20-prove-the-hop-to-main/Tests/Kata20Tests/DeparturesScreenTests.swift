import Foundation
import Kata20
import Testing

// Your tests go in this folder: in this suite, or in suites and files of your own. So do your test
// doubles: a manual queue that records each piece of work and the queue it was meant for, and runs it
// only when the test says so, and a timetable that answers what the test tells it to.
// Write each test as given / when / then, and from the promises in the README.
@Suite("The departures board")
struct DeparturesScreenTests {
    @Test("a new board shows nothing yet")
    func newBoardIsIdle() {
        // Given a board, built the way the app builds it
        let feed = URL(fileURLWithPath: "/nonexistent/departures.json")
        let screen = DeparturesScreen(timetable: CachedTimetable(fileURL: feed))

        // When nothing has happened yet: no load()

        // Then the board shows neither departures nor a spinner
        #expect(screen.state == .idle)
    }
}
