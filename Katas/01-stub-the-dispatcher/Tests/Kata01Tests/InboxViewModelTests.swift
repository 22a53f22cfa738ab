import Foundation
import Testing

@testable import Kata01

// The time limit is a ceiling a passing run never reaches: it stops the one test that waits
// for a real queue from hanging if the messages are never published.
@Suite("InboxViewModel, with a dispatcher the test controls", .timeLimit(.minutes(1)))
struct InboxViewModelTests {
    @Test("shows the messages, newest first, as soon as load() returns")
    func showsMessagesAtOnce() {
        let viewModel = InboxViewModel(
            source: StubMessageSource(messages: [.lunchPoll, .standupMoved]),
            dispatcher: ImmediateDispatcher())

        viewModel.load()

        switch viewModel.state {
        case .loaded(let shown):
            #expect(
                shown == [.standupMoved, .lunchPoll],
                """
                The cache holds these two messages oldest first, and the inbox shows them \
                newest first. Moving the work behind the seam should not change that: keep \
                the sort by sentAt in load().
                """)
        default:
            Issue.record(
                """
                The stub dispatcher runs work at once, so the messages should be loaded \
                when load() returns, but the state is \(viewModel.state). Still .loading means \
                load() sends its work to a real queue instead of calling dispatcher.dispatch { ... }.
                """)
        }
    }

    @Test("keeps the cache's order for messages sent at the same moment")
    func keepsTheCacheOrderForTies() {
        // Two messages sent in the same second, cached in this order, and one sent later.
        let viewModel = InboxViewModel(
            source: StubMessageSource(messages: [.lunchPoll, .lunchPollReminder, .standupMoved]),
            dispatcher: ImmediateDispatcher())

        viewModel.load()

        #expect(
            viewModel.state == .loaded([.standupMoved, .lunchPoll, .lunchPollReminder]),
            """
            The inbox should show the newest message first and keep the cache's order for the \
            two sent at the same moment, but it shows \(viewModel.state). Sort strictly by \
            sentAt, as load() did before: sorted { $0.sentAt > $1.sentAt }. A comparison that \
            also answers true for equal dates (>=) swaps messages that tie.
            """)
    }

    @Test("shows the empty state when the inbox has no messages")
    func showsEmptyState() {
        let viewModel = InboxViewModel(
            source: StubMessageSource(messages: []),
            dispatcher: ImmediateDispatcher())

        viewModel.load()

        #expect(
            viewModel.state == .empty,
            """
            An empty cache should show .empty as soon as load() returns, with the stub \
            dispatcher. Still .loading means the work did not go through dispatcher.dispatch.
            """)
    }

    @Test("shows the error state when the cache cannot be read")
    func showsErrorState() {
        let viewModel = InboxViewModel(
            source: StubMessageSource.failing(),
            dispatcher: ImmediateDispatcher())

        viewModel.load()

        #expect(
            viewModel.state == .failed,
            """
            A source that throws should show .failed as soon as load() returns, with the stub \
            dispatcher. Still .loading means the work did not go through dispatcher.dispatch.
            """)
    }

    @Test("a reload shows what the cache holds now: the error, or the empty inbox, after messages were shown")
    func reloadShowsTheNewAnswer() {
        let source = StubMessageSource(messages: [.lunchPoll, .standupMoved])
        let viewModel = InboxViewModel(source: source, dispatcher: ImmediateDispatcher())
        viewModel.load()

        source.fails = true  // the reader pulls to refresh, and now the cache cannot be read
        viewModel.load()
        #expect(
            viewModel.state == .failed,
            """
            The first load showed the messages; the reload could not read the cache, and the inbox \
            shows \(viewModel.state). The inbox as it was shows .failed whenever a load fails, \
            messages shown before or not: the seam changes nothing else.
            """)

        source.fails = false
        source.messages = []
        viewModel.load()
        #expect(
            viewModel.state == .empty,
            "The cache is readable again and empty, and the inbox shows \(viewModel.state), not .empty.")
    }

    @Test("tells onChange about the spinner, then the result")
    func reportsEveryState() {
        let viewModel = InboxViewModel(
            source: StubMessageSource(messages: [.standupMoved]),
            dispatcher: ImmediateDispatcher())
        var reported: [InboxState] = []
        viewModel.onChange = { reported.append($0) }

        viewModel.load()

        #expect(
            reported == [.loading, .loaded([.standupMoved])],
            "The screen draws from onChange: it should hear .loading, then the messages, once each.")
    }

    @Test("has state up to date whenever onChange is called")
    func stateIsUpToDateInOnChange() {
        let viewModel = InboxViewModel(
            source: StubMessageSource(messages: [.standupMoved]),
            dispatcher: ImmediateDispatcher())
        var stale: [String] = []
        var blocked: [InboxState] = []
        viewModel.onChange = { [unowned viewModel] heard in
            guard let current = readState(of: viewModel) else {
                blocked.append(heard)
                return
            }
            if current != heard { stale.append("onChange heard \(heard) while state was still \(current)") }
        }

        viewModel.load()

        #expect(
            blocked.isEmpty,
            """
            While onChange heard \(blocked), reading state waited a whole second: the view model \
            called onChange while it still held the lock around state. A screen that reads state \
            inside onChange would freeze. Unlock first, then call onChange, as publish did before.
            """)
        #expect(
            stale.isEmpty,
            """
            \(stale.joined(separator: "; ")). A screen may read state from inside onChange, so \
            store the new state first and call onChange after, as the view model did before.
            """)
    }

    @Test("shows the spinner while the dispatched work waits")
    func showsTheSpinnerWhileTheWorkWaits() {
        let dispatcher = HoldingDispatcher()
        let viewModel = InboxViewModel(
            source: StubMessageSource(messages: [.standupMoved]),
            dispatcher: dispatcher)
        var reported: [InboxState] = []
        viewModel.onChange = { reported.append($0) }

        viewModel.load()

        #expect(
            viewModel.state == .loading && reported == [.loading],
            """
            load() has returned and its work is still waiting for the queue, so the screen \
            should show the spinner, but the state is \(viewModel.state) and onChange heard \
            \(reported). Publish .loading in load() itself, before dispatch: inside the work \
            it only shows once the queue gets to it, together with the result.
            """)

        dispatcher.runHeldWork()

        #expect(
            reported == [.loading, .loaded([.standupMoved])],
            "Once the work has run, onChange should have heard .loading, then the messages.")
    }

    @Test("every load() shows the spinner and dispatches its own work, an earlier one still waiting or not")
    func everyLoadDispatchesItsOwnWork() {
        let dispatcher = HoldingDispatcher()
        let source = StubMessageSource(messages: [.standupMoved])
        let viewModel = InboxViewModel(source: source, dispatcher: dispatcher)
        var reported: [InboxState] = []
        viewModel.onChange = { reported.append($0) }

        viewModel.load()
        viewModel.load()

        #expect(
            dispatcher.heldWork.count == 2 && reported == [.loading, .loading],
            """
            load() was called twice while the first load's work was still waiting: the dispatcher got \
            \(dispatcher.heldWork.count) piece(s) of work and onChange heard \(reported). Every load() \
            publishes .loading and dispatches once, whatever is in flight: the reader pulled to refresh, \
            and the cache may have changed since the first read.
            """)

        dispatcher.runHeldWork()

        #expect(
            source.fetchCount == 2,
            "Two loads, so the cache should have been read twice; it was read \(source.fetchCount) time(s).")
        #expect(viewModel.state == .loaded([.standupMoved]))
    }

    // @MainActor: the test body holds the main queue, so work that load() sends to
    // DispatchQueue.main itself cannot run before the test has looked.
    @Test("publishes the result inside the dispatched work: no second dispatch, no hop to main")
    @MainActor
    func publishesInsideTheDispatchedWork() {
        let dispatcher = HoldingDispatcher()
        let viewModel = InboxViewModel(
            source: StubMessageSource(messages: [.standupMoved]),
            dispatcher: dispatcher)
        var reported: [InboxState] = []
        viewModel.onChange = { reported.append($0) }

        viewModel.load()
        dispatcher.runHeldWork()

        #expect(
            dispatcher.heldWork.isEmpty,
            """
            The dispatched work handed more work to the dispatcher. load() dispatches once, \
            and that one piece of work fetches and publishes the result itself.
            """)
        #expect(
            reported == [.loading, .loaded([.standupMoved])],
            """
            The dispatched work has run, but onChange heard only \(reported): the result is \
            not published yet. The work should publish it itself, with no second hop (not \
            dispatcher.dispatch, not DispatchQueue.main.async): the screen hops to the main \
            queue in onChange.
            """)
    }

    @Test("reads the cache inside the dispatched work, not before load() returns")
    func fetchesInsideTheDispatchedWork() {
        let source = StubMessageSource(messages: [.standupMoved])
        let dispatcher = HoldingDispatcher()
        let viewModel = InboxViewModel(source: source, dispatcher: dispatcher)

        viewModel.load()

        #expect(
            dispatcher.heldWork.count == 1,
            "load() should hand its slow work to the dispatcher exactly once.")
        #expect(
            source.fetchCount == 0,
            """
            load() read the cache on the caller's thread. Reading is slow: it belongs \
            inside dispatcher.dispatch { ... }, so that in the app it runs in the background.
            """)

        dispatcher.runHeldWork()

        #expect(source.fetchCount == 1, "Running the dispatched work should read the cache once.")
        #expect(
            viewModel.state == .loaded([.standupMoved]),
            "Once the dispatched work has run, the messages should be on screen.")
    }

    @Test("still loads in the background when no dispatcher is passed (the app's call site)")
    func defaultsToABackgroundQueue() async {
        let callersQueue = DispatchQueue(label: "kata01.callers-queue")
        let source = QueueCheckingSource(
            messages: [.standupMoved],
            watching: [
                "the caller's queue": callersQueue, "the main queue": .main,
                Self.userInitiatedQueue: .global(qos: .userInitiated),
            ])
        // The call site in the app, unchanged: no dispatcher argument.
        let viewModel = InboxViewModel(source: source)

        // Waits for the real background queue: no clock involved when the code is right, it
        // resumes as soon as the result is published, in well under a millisecond. A load that
        // never publishes a result is given up on after a second.
        let outcome = await withCheckedContinuation { (done: CheckedContinuation<InboxState?, Never>) in
            let once = ResumeOnce(done)
            viewModel.onChange = { state in
                if state != .loading { once.resume(returning: state) }
            }
            callersQueue.async { viewModel.load() }
            DispatchQueue.global().asyncAfter(deadline: .now() + 1) { once.resume(returning: nil) }
        }

        #expect(
            outcome == .loaded([.standupMoved]),
            """
            With no dispatcher argument, load() should publish the messages from the background \
            queue, but after a second onChange had heard \(outcome.map { "\($0)" } ?? "no result at all"). \
            The work you hand to the default dispatcher must fetch and publish the result, just \
            as it does with a test dispatcher.
            """)
        #expect(
            source.fetchedOn == Self.userInitiatedQueue,
            """
            With no dispatcher argument, load() read the cache on \
            \(source.fetchedOn ?? "a queue that is not the user-initiated global queue (another QoS, or a queue of your own)"). \
            The default must keep the app's behaviour, the background queue it uses today: \
            dispatcher: any Dispatching = Dispatcher(queue: .global(qos: .userInitiated)).
            """)
    }

    /// The name the tests give `DispatchQueue.global(qos: .userInitiated)`, the app's queue.
    static let userInitiatedQueue = "the user-initiated global queue"
}

/// Reads `state` from another thread and waits for it at most a second. A view model that
/// calls onChange while it still holds the lock around `state` makes a read from onChange's own
/// thread wait forever; from another thread the read only waits, and this gives up (nil).
/// The read gets a thread of its own: the caller holds one of Swift Testing's pool threads while
/// it waits, and on a busy machine `DispatchQueue.global()` work can wait about a second for one.
func readState(of viewModel: InboxViewModel) -> InboxState? {
    final class Box: @unchecked Sendable {
        var state: InboxState?
    }
    let box = Box()
    let done = DispatchSemaphore(value: 0)
    Thread {
        box.state = viewModel.state
        done.signal()
    }.start()
    guard done.wait(timeout: .now() + 1) == .success else { return nil }
    return box.state
}
