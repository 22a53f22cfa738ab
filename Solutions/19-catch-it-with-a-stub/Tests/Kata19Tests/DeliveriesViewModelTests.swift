import Foundation
import Kata19
import Synchronization
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
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func stateIsSafeToReadWhileTheWorkRuns() {
        // Given the app's dispatcher, on a queue of the test's own: the work runs on that queue's thread
        let source = StubParcelSource(parcels: Parcels.asSent)
        let viewModel = DeliveriesViewModel(
            source: source, dispatcher: Dispatcher(queue: DispatchQueue(label: "kata19.work")))
        let result = DispatchSemaphore(value: 0)
        viewModel.onChange = { state in
            if state != .loading { result.signal() }
        }

        // And another of the screen's threads reads state again and again meanwhile, the work
        // reading the cache only once that thread has read a few more times: nothing but the lock
        // around state orders those reads against the changes load() makes, on this thread and on
        // the work's, so a change made before the lock is taken, or after it is let go, races
        // with the read next to it
        let reader = Reader(viewModel, until: .loaded(Parcels.soonestFirst))
        source.onRead = { reader.waitForMoreReads(3) }
        reader.start()

        // When load() hands the work over, and the screen reads state meanwhile, from this thread
        viewModel.load()
        let meanwhile = viewModel.state
        let arrived = result.wait(timeout: .now() + 1) == .success
        reader.finish()

        // Then (ThreadSanitizer, which `kata check 19` builds the tests with, reports a read of state that
        // nothing orders against the change made on the work's thread: no lock, no queue between them)
        #expect(arrived, "load()'s work had not published a result a second after load() returned.")
        #expect(
            meanwhile == .loading || meanwhile == .loaded(Parcels.soonestFirst),
            "While the work runs, state is the spinner or the result, never anything else. It was \(meanwhile).")
        #expect(viewModel.state == .loaded(Parcels.soonestFirst), "Once onChange heard the result, state holds it.")
    }

    /// A thread that reads `state` in a loop, as a screen's other thread may, until it reads the
    /// state it waits for (the read that sees a change is the one a missing lock leaves unordered
    /// with it), or until it is told to stop. It counts its reads with relaxed atomics, which
    /// give ThreadSanitizer no order between the reader and whoever watches the count.
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    final class Reader: @unchecked Sendable {
        private let viewModel: DeliveriesViewModel
        private let awaited: DeliveriesState
        private let lock = NSLock()
        private var stopped = false
        private let done = DispatchSemaphore(value: 0)
        private let reads = Atomic<Int>(0)

        init(_ viewModel: DeliveriesViewModel, until awaited: DeliveriesState) {
            self.viewModel = viewModel
            self.awaited = awaited
        }

        /// Starts the loop, and returns once the thread has made its first read: reading already
        /// when `load()` is called, not some time later.
        func start() {
            let reading = DispatchSemaphore(value: 0)
            Thread {
                _ = self.viewModel.state
                reading.signal()
                while !self.isStopped, self.viewModel.state != self.awaited {
                    self.reads.add(1, ordering: .relaxed)
                }
                self.done.signal()
            }.start()
            reading.wait()
        }

        /// Returns once the loop has read `state` `count` more times, or after a second: called
        /// by the work at its read of the cache, so the reads fall before the change it makes.
        func waitForMoreReads(_ count: Int) {
            let target = reads.load(ordering: .relaxed) + count
            let deadline = DispatchTime.now() + 1
            while reads.load(ordering: .relaxed) < target, DispatchTime.now() < deadline {
                sched_yield()
            }
        }

        /// Waits at most a second for the loop to read the awaited state, then stops it.
        func finish() {
            guard done.wait(timeout: .now() + 1) == .timedOut else { return }
            lock.lock()
            stopped = true
            lock.unlock()
            done.wait()
        }

        private var isStopped: Bool {
            lock.lock()
            defer { lock.unlock() }
            return stopped
        }
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

    @Test("a load() whose read fails after the parcels are shown shows the failure, not the old list")
    func failureAfterLoaded() {
        // Given a tab that shows the parcels
        let source = StubParcelSource(parcels: Parcels.asSent)
        let viewModel = DeliveriesViewModel(source: source, dispatcher: dispatcher)
        viewModel.load()
        var heard: [DeliveriesState] = []
        viewModel.onChange = { heard.append($0) }

        // When the cache can no longer be read, and the user pulls to refresh
        source.answer = .failure(CacheUnreadable())
        viewModel.load()

        // Then the new result replaces the old one: the failure, with its Retry button
        guard case .failed(let message) = viewModel.state, heard.count == 2, heard.first == .loading else {
            Issue.record(
                """
                A refresh whose read fails must show the spinner, then .failed, even when parcels were \
                shown before: the new result replaces the old one. The screen heard \(heard).
                """)
            return
        }
        #expect(!message.isEmpty, "The failure must say something to the user.")
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
