import Foundation
import Kata19
import Testing

// Your tests go in this folder: in this suite, or in suites and files of your own. So do your test
// doubles: a dispatcher that runs the work on the spot, and a parcel source that answers what the test
// tells it to. Write each test as given / when / then, and from the promises in the README.
@Suite("The Deliveries tab")
struct DeliveriesViewModelTests {
    @Test("a new view model shows nothing yet")
    func newViewModelIsIdle() {
        // Given a view model, built the way the app builds it
        let cache = URL(fileURLWithPath: "/nonexistent/deliveries.json")
        let viewModel = DeliveriesViewModel(source: CachedParcelSource(fileURL: cache))

        // When nothing has happened yet: no load()

        // Then the tab shows neither parcels nor a spinner
        #expect(viewModel.state == .idle)
    }
}
