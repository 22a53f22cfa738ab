import Kata20
import Testing

// Every test drives the board's queues by hand: nothing runs until the test runs it, and the test
// looks at the board between two pieces of work. The test itself stands in for the main queue the app
// calls load() on.
@Suite("The departures board")
struct DeparturesScreenTests {
    let queue = ManualQueue()

    /// A board on the manual queue whose calls to `onChange` are written down in `heard`, and in
    /// `heardEarly` when `state` did not hold the new state yet.
    final class Board {
        let screen: DeparturesScreen
        private(set) var heard: [Heard] = []
        private(set) var heardEarly: [DeparturesState] = []

        init(timetable: StubTimetable, queue: ManualQueue) {
            screen = DeparturesScreen(timetable: timetable, dispatcher: queue)
            screen.onChange = { [unowned self, unowned queue] state in
                heard.append(Heard(state: state, on: queue.running))
                if screen.state != state { heardEarly.append(state) }
            }
        }

        /// The states `onChange` heard, in order.
        var heardStates: [DeparturesState] { heard.map(\.state) }
    }

    @Test("a new board shows nothing yet and hands over no work")
    func newBoardIsIdle() {
        // Given
        let timetable = StubTimetable(departures: Departures.asListed, queue: queue)

        // When
        let board = Board(timetable: timetable, queue: queue)

        // Then
        #expect(board.screen.state == .idle)
        #expect(queue.pending.isEmpty, "Nothing may be handed to a queue before load().")
        #expect(timetable.reads == 0)
        #expect(
            board.heard.isEmpty,
            "Nothing has changed yet: onChange must not be called, not even when it is set. It heard \(board.heard).")
    }

    @Test("onChange hears each change once, when state holds it, and nothing else")
    func onChangeHearsEachChangeOnce() {
        // Given
        let board = Board(timetable: StubTimetable(departures: Departures.asListed, queue: queue), queue: queue)
        let failing = Board(timetable: StubTimetable(error: FeedUnavailable(), queue: queue), queue: queue)

        // When each board loads, and the first loads again once the departures are shown
        board.screen.load()
        failing.screen.load()
        queue.runAll()
        board.screen.load()
        queue.runAll()

        // Then
        #expect(
            board.heardStates == [
                .loading, .showing(Departures.soonestFirst), .loading, .showing(Departures.soonestFirst),
            ],
            "Two loads make four changes, and onChange must hear each once, and nothing else. It heard \(board.heard).")
        #expect(failing.heardStates.count == 2, "A failed load makes two changes. onChange heard \(failing.heard).")
        #expect(failing.heardStates.first == .loading)
        #expect(failing.heardStates.last == failing.screen.state)
        #expect(
            board.heardEarly + failing.heardEarly == [],
            "onChange was told of these states while `state` still held the old one: set state first, then call it.")
    }

    @Test("load() shows the spinner before it returns, and reads nothing itself")
    func spinnerAtOnce() {
        // Given
        let timetable = StubTimetable(departures: Departures.asListed, queue: queue)
        let board = Board(timetable: timetable, queue: queue)

        // When
        board.screen.load()

        // Then, before any queue has run anything
        #expect(
            board.screen.state == .loading,
            """
            load() is called on the main queue, so it shows the spinner at once, without a hop. Right after \
            it returned, the board shows \(board.screen.state).
            """)
        #expect(board.heard == [Heard(state: .loading, on: nil)], "onChange heard \(board.heard).")
        #expect(timetable.reads == 0, "load() runs on the main queue: it may only hand the read over.")
    }

    @Test("the timetable is read once, in background work")
    func readInTheBackground() {
        // Given
        let timetable = StubTimetable(departures: Departures.asListed, queue: queue)
        let board = Board(timetable: timetable, queue: queue)

        // When
        board.screen.load()
        queue.runAll()

        // Then
        #expect(
            timetable.readsOn == [.background],
            """
            The read is slow: it belongs in work handed to backgroundAsync, once per load. Queues of the \
            reads (nil: inside load() itself): \(timetable.readsOn).
            """)
    }

    @Test("the background work leaves the board alone: main work shows the departures, soonest first")
    func departuresShownByMainWork() {
        // Given
        let board = Board(timetable: StubTimetable(departures: Departures.asListed, queue: queue), queue: queue)
        board.screen.load()

        // When only the background queue runs
        queue.runAll(.background)

        // Then the board still shows the spinner
        #expect(
            board.screen.state == .loading,
            """
            Only the background queue has run, and the board already shows \(board.screen.state). Background \
            work must hand the result to mainAsync and leave state alone.
            """)

        // When the main queue runs too
        queue.runAll()

        // Then
        #expect(board.screen.state == .showing(Departures.soonestFirst))
        #expect(
            board.heard.last == Heard(state: .showing(Departures.soonestFirst), on: .main),
            "The departures must be shown by work handed to mainAsync. onChange heard \(board.heard).")
        #expect(board.heard.allSatisfy { $0.on != .background }, "onChange heard \(board.heard).")
    }

    @Test("a read that returns no departures shows an empty board, not a failure")
    func noDeparturesIsAnEmptyBoard() {
        // Given a timetable with nothing in the next hour
        let board = Board(timetable: StubTimetable(departures: [], queue: queue), queue: queue)

        // When
        board.screen.load()
        queue.runAll()

        // Then
        #expect(
            board.screen.state == .showing([]),
            """
            The read returned no departures, and the board shows \(board.screen.state). An empty timetable \
            is an answer, not a failure: show .showing([]).
            """)
    }

    @Test("a failed read is shown by main work too")
    func failureShownByMainWork() {
        // Given
        let board = Board(timetable: StubTimetable(error: FeedUnavailable(), queue: queue), queue: queue)
        board.screen.load()

        // When only the background queue runs
        queue.runAll(.background)

        // Then
        #expect(
            board.screen.state == .loading,
            """
            The read failed, and the board already shows \(board.screen.state) before the main queue ran: a \
            failure goes through mainAsync too, like the departures.
            """)
        #expect(
            board.heard.allSatisfy { $0.on != .background },
            "Background work called onChange: \(board.heard).")

        // When the main queue runs too
        queue.runAll()

        // Then (the wording is left open: only check that there is one)
        guard case .failed(let message) = board.screen.state else {
            Issue.record("A read that throws must end in .failed, and the board shows \(board.screen.state).")
            return
        }
        #expect(!message.isEmpty)
        #expect(board.heard.last?.on == .main, "The failure must be shown by main work. onChange heard \(board.heard).")
    }

    @Test("a load() while a load is on its way hands over no work and reads nothing")
    func loadWhileLoading() {
        // Given a load that has not run yet
        let timetable = StubTimetable(departures: Departures.asListed, queue: queue)
        let board = Board(timetable: timetable, queue: queue)
        board.screen.load()
        let pendingBefore = queue.pending

        // When the user pulls down again
        board.screen.load()

        // Then
        #expect(queue.pending == pendingBefore, "A second load() during a load must hand nothing to either queue.")
        queue.runAll()
        #expect(timetable.reads == 1, "Two pulls during one load read the timetable \(timetable.reads) times.")
        #expect(board.screen.state == .showing(Departures.soonestFirst))
    }

    @Test("a load() after the read, before main has shown the result, starts nothing")
    func loadBetweenTheReadAndTheResult() {
        // Given a load whose read is done, and whose result waits for the main queue
        let timetable = StubTimetable(departures: Departures.asListed, queue: queue)
        let board = Board(timetable: timetable, queue: queue)
        board.screen.load()
        queue.runAll(.background)
        let pendingBefore = queue.pending

        // When the thirty-second timer fires
        board.screen.load()

        // Then
        #expect(
            queue.pending == pendingBefore,
            """
            The load is still on its way until main has shown its result, so this load() must start nothing. \
            Pending before: \(pendingBefore), after: \(queue.pending).
            """)
        queue.runAll()
        #expect(timetable.reads == 1)
    }

    @Test("a load() after the departures are shown starts over")
    func reloadAfterShowing() {
        // Given a board that shows one departure
        let timetable = StubTimetable(departures: [Departures.oldTown], queue: queue)
        let board = Board(timetable: timetable, queue: queue)
        board.screen.load()
        queue.runAll()

        // When the feed has changed, and the thirty-second timer fires
        timetable.answer = .success(Departures.asListed)
        board.screen.load()

        // Then
        #expect(board.screen.state == .loading, "A new load shows the spinner again, at once.")
        queue.runAll()
        #expect(timetable.readsOn == [.background, .background])
        #expect(board.screen.state == .showing(Departures.soonestFirst))
    }

    @Test("a load() after a failure starts over")
    func reloadAfterFailure() {
        // Given a board that shows a failure
        let timetable = StubTimetable(error: FeedUnavailable(), queue: queue)
        let board = Board(timetable: timetable, queue: queue)
        board.screen.load()
        queue.runAll()

        // When the feed is back, and the user pulls down
        timetable.answer = .success(Departures.asListed)
        board.screen.load()

        // Then
        #expect(board.screen.state == .loading)
        queue.runAll()
        #expect(timetable.readsOn == [.background, .background])
        #expect(board.screen.state == .showing(Departures.soonestFirst))
    }

    @Test("a load() from inside onChange, as it hears the spinner, starts nothing")
    func loadFromOnChangeDuringTheSpinner() {
        // Given a screen whose onChange pulls down again the first time it hears .loading
        let timetable = StubTimetable(departures: Departures.asListed, queue: queue)
        let screen = DeparturesScreen(timetable: timetable, dispatcher: queue)
        var pulledAgain = false
        screen.onChange = { [unowned screen] state in
            guard state == .loading, !pulledAgain else { return }
            pulledAgain = true
            screen.load()
        }

        // When
        screen.load()
        queue.runAll()

        // Then
        #expect(pulledAgain)
        #expect(
            timetable.reads == 1,
            """
            A load() from inside onChange, as it heard .loading, read the timetable again (\(timetable.reads) reads). \
            A load is on its way from the moment load() is called: mark it on its way before you tell onChange.
            """)
        #expect(screen.state == .showing(Departures.soonestFirst))
    }

    @Test("a load() from inside onChange, as it hears the result, starts a new load")
    func loadFromOnChangeWithTheResult() {
        // Given a screen whose onChange pulls down again the first time it hears departures
        let timetable = StubTimetable(departures: [Departures.oldTown], queue: queue)
        let screen = DeparturesScreen(timetable: timetable, dispatcher: queue)
        var pulledAgain = false
        screen.onChange = { [unowned screen] state in
            guard case .showing = state, !pulledAgain else { return }
            pulledAgain = true
            screen.load()
        }

        // When
        screen.load()
        queue.runAll()

        // Then
        #expect(pulledAgain)
        #expect(
            timetable.reads == 2,
            """
            A load() from inside onChange, as it heard the departures, started nothing (\(timetable.reads) read). \
            Once the result is shown the load is over: end the load before you tell onChange, or a pull-down \
            the screen reacts to at once is lost.
            """)
        #expect(screen.state == .showing([Departures.oldTown]))
    }
}
