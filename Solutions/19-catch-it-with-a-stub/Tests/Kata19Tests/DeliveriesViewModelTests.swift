import Foundation
import Kata19
import Testing

// Every test hands the view model a dispatcher that runs the work on the spot, so by the time load()
// returns, everything it does has happened: the test looks at the result on the next line.
@Suite("The Deliveries tab")
struct DeliveriesViewModelTests {
    let dispatcher = ImmediateDispatcher()

    @Test("a new view model shows nothing yet and reads nothing")
    func newViewModelIsIdle() {
        // Given
        let source = StubParcelSource(parcels: Parcels.asSent)

        // When
        let viewModel = DeliveriesViewModel(source: source, dispatcher: dispatcher)

        // Then
        #expect(viewModel.state == .idle)
        #expect(source.reads == 0, "Nothing may be read before load() is called.")
    }

    @Test("load() tells the screen: the spinner first, then the parcels")
    func spinnerThenParcels() {
        // Given
        let viewModel = DeliveriesViewModel(source: StubParcelSource(parcels: Parcels.asSent), dispatcher: dispatcher)
        var heard: [DeliveriesState] = []
        viewModel.onChange = { heard.append($0) }

        // When
        viewModel.load()

        // Then
        #expect(
            heard == [.loading, .loaded(Parcels.soonestFirst)],
            "onChange hears each new state once, in order: the spinner, then the parcels. It heard \(heard).")
        #expect(viewModel.state == .loaded(Parcels.soonestFirst))
    }

    @Test("inside onChange, state already holds the state it hears, read on that same thread")
    func stateHoldsTheNewStateInsideOnChange() {
        // Given a screen that reads state from inside onChange, as a real screen does
        let viewModel = DeliveriesViewModel(source: StubParcelSource(parcels: Parcels.asSent), dispatcher: dispatcher)
        let seen = Log<(heard: DeliveriesState, state: DeliveriesState)>()
        viewModel.onChange = { seen.append(($0, viewModel.state)) }

        // When load() runs on a thread of its own, so that a load() that never returns fails this test
        let returned = DispatchSemaphore(value: 0)
        DispatchQueue(label: "kata19.screen").async {
            viewModel.load()
            returned.signal()
        }
        let finished = returned.wait(timeout: .now() + 1) == .success

        // Then
        #expect(
            finished,
            """
            load() had not returned after a second: onChange read `state` from inside onChange and waited for it \
            for ever. Call onChange after you let go of the lock that guards state: the screen reads state there.
            """)
        guard finished else { return }
        #expect(
            seen.values.map(\.heard) == [.loading, .loaded(Parcels.soonestFirst)]
                && seen.values.map(\.state) == seen.values.map(\.heard),
            "Inside onChange, state must already hold the state onChange hears. It saw \(seen.values).")
    }

    @Test("the screen may read state on its own thread while the work runs on the app's queue")
    func stateIsSafeToReadWhileTheWorkRuns() {
        // Given the app's dispatcher, on a queue of the test's own: the work runs on that queue's thread
        let viewModel = DeliveriesViewModel(
            source: StubParcelSource(parcels: Parcels.asSent),
            dispatcher: Dispatcher(queue: DispatchQueue(label: "kata19.work")))
        let result = DispatchSemaphore(value: 0)
        viewModel.onChange = { state in
            if state != .loading { result.signal() }
        }

        // When load() hands the work over, and the screen reads state meanwhile, from this thread
        viewModel.load()
        let meanwhile = viewModel.state
        let arrived = result.wait(timeout: .now() + 1) == .success

        // Then (ThreadSanitizer, which `kata check 19` builds the tests with, reports a read of state that
        // nothing orders against the change made on the work's thread: no lock, no queue between them)
        #expect(arrived, "load()'s work had not published a result a second after load() returned.")
        #expect(
            meanwhile == .loading || meanwhile == .loaded(Parcels.soonestFirst),
            "While the work runs, state is the spinner or the result, never anything else. It was \(meanwhile).")
        #expect(viewModel.state == .loaded(Parcels.soonestFirst), "Once onChange heard the result, state holds it.")
    }

    @Test("the spinner is up before the cache is read")
    func spinnerBeforeTheRead() {
        // Given a log of what happened, in order
        var events: [Event] = []
        let source = StubParcelSource(parcels: Parcels.asSent)
        source.onRead = { events.append(.read) }
        let viewModel = DeliveriesViewModel(source: source, dispatcher: dispatcher)
        viewModel.onChange = { events.append(.heard($0)) }

        // When
        viewModel.load()

        // Then
        #expect(
            events == [.heard(.loading), .read, .heard(.loaded(Parcels.soonestFirst))],
            "The screen must show the spinner before the slow read starts, and the parcels after it. It saw \(events).")
    }

    @Test("the cache is read inside the work handed to the dispatcher, not before")
    func readsInsideTheDispatchedWork() {
        // Given a source that notes, at each read, whether the dispatcher was running work
        let source = StubParcelSource(parcels: Parcels.asSent)
        var readInsideWork: [Bool] = []
        source.onRead = { readInsideWork.append(self.dispatcher.isRunningWork) }
        let viewModel = DeliveriesViewModel(source: source, dispatcher: dispatcher)

        // When
        viewModel.load()

        // Then
        #expect(
            readInsideWork == [true],
            """
            The read is the slow part: in the app, only the dispatcher's queue may do it, never the thread that \
            called load(). Reads inside dispatched work: \(readInsideWork).
            """)
    }

    @Test("the parcels are shown soonest first, whatever order the courier sends them in")
    func soonestFirst() {
        // Given
        let viewModel = DeliveriesViewModel(source: StubParcelSource(parcels: Parcels.asSent), dispatcher: dispatcher)

        // When
        viewModel.load()

        // Then
        #expect(
            viewModel.state == .loaded(Parcels.soonestFirst),
            "The cache held the parcels due on days 3, 5, 1; the tab lists them soonest first: days 1, 3, 5.")
    }

    @Test("an empty cache shows the empty state")
    func emptyState() {
        // Given
        let viewModel = DeliveriesViewModel(source: StubParcelSource(parcels: []), dispatcher: dispatcher)

        // When
        viewModel.load()

        // Then
        #expect(viewModel.state == .empty, "No parcels means .empty, not a list with nothing in it.")
    }

    @Test("a cache that cannot be read shows a failure with a message")
    func failureWithAMessage() {
        // Given
        let viewModel = DeliveriesViewModel(source: StubParcelSource(error: CacheUnreadable()), dispatcher: dispatcher)

        // When
        viewModel.load()

        // Then (the wording is left open: only check that there is one)
        guard case .failed(let message) = viewModel.state else {
            Issue.record(
                """
                A read that throws must show .failed, so the user gets a Retry button. The state is \
                \(viewModel.state): the error was lost on the way.
                """)
            return
        }
        #expect(!message.isEmpty, "The failure must say something to the user.")
    }

    @Test("each load() reads the cache exactly once, when the read fails too")
    func oneReadPerLoad() {
        // Given one source that answers and one that throws
        let answering = StubParcelSource(parcels: Parcels.asSent)
        let failing = StubParcelSource(error: CacheUnreadable())

        // When each is loaded once
        DeliveriesViewModel(source: answering, dispatcher: dispatcher).load()
        DeliveriesViewModel(source: failing, dispatcher: dispatcher).load()

        // Then
        #expect(answering.reads == 1, "A load that finds parcels read the cache \(answering.reads) times.")
        #expect(
            failing.reads == 1,
            "A load whose read throws read the cache \(failing.reads) times: trying again is the user's call (Retry).")
    }

    @Test("a load() after the parcels are shown reads again and shows the new list")
    func reloadAfterLoaded() {
        // Given a tab that shows one parcel
        let source = StubParcelSource(parcels: [Parcels.shoes])
        let viewModel = DeliveriesViewModel(source: source, dispatcher: dispatcher)
        viewModel.load()
        var heard: [DeliveriesState] = []
        viewModel.onChange = { heard.append($0) }

        // When the cache now holds three, and the user pulls to refresh
        source.answer = .success(Parcels.asSent)
        viewModel.load()

        // Then
        #expect(source.reads == 2, "A pull-to-refresh on a loaded tab must read the cache again.")
        #expect(
            heard == [.loading, .loaded(Parcels.soonestFirst)],
            "A refresh shows the spinner again, then the new list. The screen heard \(heard).")
    }

    @Test("a load() after a failure reads again and shows the parcels (Retry)")
    func retryAfterFailure() {
        // Given a tab that shows a failure
        let source = StubParcelSource(error: CacheUnreadable())
        let viewModel = DeliveriesViewModel(source: source, dispatcher: dispatcher)
        viewModel.load()
        var heard: [DeliveriesState] = []
        viewModel.onChange = { heard.append($0) }

        // When the sync job has fixed the cache, and the user taps Retry
        source.answer = .success(Parcels.asSent)
        viewModel.load()

        // Then
        #expect(source.reads == 2)
        #expect(heard == [.loading, .loaded(Parcels.soonestFirst)], "Retry shows the spinner, then the parcels.")
    }

    @Test("a load() after the empty state reads again and shows what arrived")
    func reloadAfterEmpty() {
        // Given a tab with nothing on its way
        let source = StubParcelSource(parcels: [])
        let viewModel = DeliveriesViewModel(source: source, dispatcher: dispatcher)
        viewModel.load()

        // When a parcel was ordered since, and the tab appears again
        source.answer = .success([Parcels.charger])
        viewModel.load()

        // Then
        #expect(source.reads == 2)
        #expect(viewModel.state == .loaded([Parcels.charger]))
    }
}

/// A log written from any thread.
final class Log<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        stored.append(value)
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
