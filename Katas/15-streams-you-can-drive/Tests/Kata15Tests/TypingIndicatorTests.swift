import Testing

@testable import Kata15

// The typing indicator, driven by the test: the test feeds each event through a stream it made,
// waits until the header shows it (through onChange), then ends the stream or cancels the view
// model and awaits run(). No sleep, no yield, no network: the same result on every run.
@MainActor
@Suite("Typing indicator, one event at a time", .timeLimit(.minutes(1)), OneTestAtATimeOnTheMainQueue())
struct TypingIndicatorTests {
    @Test("each event is on screen before the test feeds the next one")
    func eachEventIsShownInOrder() async throws {
        let (events, feed) = AsyncStream.makeStream(of: TypingEvent.self)
        let viewModel: TypingIndicatorViewModel = .init(events: events)
        let screen = ScreenRecording(of: viewModel)
        let running = Task { await viewModel.run() }

        let script: [(TypingEvent, TypingIndicator)] = [
            (.started("Alex"), .typing(["Alex"])),
            (.started("Sam"), .typing(["Alex", "Sam"])),
            (.started("Kim"), .typing(["Alex", "Sam", "Kim"])),
            (.stopped("Alex"), .typing(["Sam", "Kim"])),
            (.stopped("Sam"), .typing(["Kim"])),
            (.stopped("Kim"), .hidden),
        ]
        for (event, expected) in script {
            feed.yield(event)
            let shown: TypingIndicator = try #require(
                await screen.nextChange(during: running),
                "The test fed \(event.testDescription), but onChange reported nothing before run() returned (or before the test's time limit). run() must handle the events of the stream handed to init(events:), one by one, until that stream finishes, and report each change through onChange."
            )
            try #require(
                shown == expected,
                "After \(event.testDescription) the header must show \(expected.testDescription); onChange reported \(shown.testDescription). Each event changes what the header showed before it: show indicator.after(event)."
            )
            #expect(
                viewModel.indicator == expected,
                "onChange reported \(shown.testDescription), so indicator must be \(expected.testDescription) too; it is \(viewModel.indicator.testDescription)."
            )
        }

        feed.finish()
        _ = await running.endsBeforeTheTimeLimit()
    }

    @Test("when the stream finishes, run() returns and the header shows offline")
    func finishingTheStreamEndsRun() async throws {
        let (events, feed) = AsyncStream.makeStream(of: TypingEvent.self)
        let viewModel: TypingIndicatorViewModel = .init(events: events)
        let screen = ScreenRecording(of: viewModel)
        let running = Task { await viewModel.run() }

        try await showAlexTyping(feed, screen, running)

        feed.finish()  // the connection dropped
        try #require(
            await running.endsBeforeTheTimeLimit(),
            "The stream finished, but run() did not return (the test waited until its time limit). run() must return when the events end: a `for await` loop over the stream ends when the stream finishes. If run() awaits a task of its own, that task must end then too."
        )

        #expect(
            viewModel.indicator == .offline,
            "The stream finished and run() returned, so the header must show offline (\"Waiting for network…\"): nobody can tell who is typing any more, and an old \"Alex is typing…\" would stay for ever. It shows \(viewModel.indicator.testDescription). Set the indicator after the loop ends, before run() returns."
        )
        #expect(
            screen.states == [.typing(["Alex"]), .offline],
            "onChange must report Alex typing, then offline, once each; it reported \(screen.states.testDescription)."
        )
    }

    @Test("events that arrive together are all shown, in order, before offline")
    func eventsThatArriveTogetherAreShownBeforeTheEnd() async throws {
        let (events, feed) = AsyncStream.makeStream(of: TypingEvent.self)
        let viewModel: TypingIndicatorViewModel = .init(events: events)
        let screen = ScreenRecording(of: viewModel)
        let running = Task { await viewModel.run() }

        // Three events and the end of the stream arrive together, before run() reads any of them.
        feed.yield(.started("Alex"))
        feed.yield(.started("Sam"))
        feed.yield(.stopped("Alex"))
        feed.finish()
        try #require(
            await running.endsBeforeTheTimeLimit(),
            "The stream finished, but run() did not return (the test waited until its time limit). run() must return when the events end."
        )

        #expect(
            screen.states == [.typing(["Alex"]), .typing(["Alex", "Sam"]), .typing(["Sam"]), .offline],
            "The test fed started(Alex), started(Sam), stopped(Alex) and finished the stream, all at once. onChange must report each change in that order and then offline, before run() returns; it reported \(screen.states.testDescription). Handle each event in the loop itself, before you take the next one: a change handed to a Task { } of its own happens later, after the loop has ended and offline is on screen."
        )
        #expect(
            viewModel.indicator == .offline,
            "run() returned after the stream finished, so the header must show offline, and nothing may change it after that; it shows \(viewModel.indicator.testDescription)."
        )
    }

    @Test("an event that changes nothing is not reported")
    func anEventThatChangesNothingIsNotReported() async throws {
        let (events, feed) = AsyncStream.makeStream(of: TypingEvent.self)
        let viewModel: TypingIndicatorViewModel = .init(events: events)
        let screen = ScreenRecording(of: viewModel)
        let running = Task { await viewModel.run() }

        try await showAlexTyping(feed, screen, running)

        feed.yield(.started("Alex"))  // the server repeats it every few seconds while Alex types
        feed.yield(.stopped("Kim"))  // Kim was not typing
        feed.yield(.started("Sam"))
        let next = await screen.nextChange(during: running)
        #expect(
            next == .typing(["Alex", "Sam"]),
            "After Alex typing, the test fed started(Alex) again (the server repeats it while Alex types), stopped(Kim) (Kim was not typing) and started(Sam). Only Sam changes the header, so the next thing onChange reports must be typing(Alex, Sam); \(next.map { "it reported \($0.testDescription)" } ?? "run() returned first"). Report a change only when the new indicator differs from the one on screen: no change, no call (show(_:) in the starter does this)."
        )

        feed.finish()
        _ = await running.endsBeforeTheTimeLimit()
        #expect(
            screen.states == [.typing(["Alex"]), .typing(["Alex", "Sam"]), .offline],
            "onChange must report each change once: Alex typing, Alex and Sam typing, then offline; it reported \(screen.states.testDescription)."
        )
    }

    @Test("stop() ends run() and hides the indicator")
    func stopEndsRun() async throws {
        let (events, feed) = AsyncStream.makeStream(of: TypingEvent.self)
        let viewModel: TypingIndicatorViewModel = .init(events: events)
        let screen = ScreenRecording(of: viewModel)
        let running = Task { await viewModel.run() }

        try await showAlexTyping(feed, screen, running)

        viewModel.stop()  // the screen went away; the stream has not finished
        try #require(
            await running.endsBeforeTheTimeLimit(),
            "stop() was called, but run() did not return (the test waited until its time limit). The stream is still open, so run() is waiting for its next event: stop() must end that wait. Keep the handle of the task that reads the stream and cancel it (a `for await` over an AsyncStream ends when its task is cancelled)."
        )

        #expect(
            viewModel.indicator == .hidden,
            viewModel.indicator == .offline
                ? "After stop() the header shows offline, but the connection did not drop: the screen stopped listening. Show offline only when the stream finished, and hide the indicator when run() ends because of stop() or cancellation (check Task.isCancelled, or remember that stop() was called)."
                : "stop() was called and run() returned, so the indicator must be hidden: when the reader comes back, an old \"Alex is typing…\" must not be on screen. It is \(viewModel.indicator.testDescription)."
        )
        #expect(
            screen.states == [.typing(["Alex"]), .hidden],
            "onChange must report Alex typing, then hidden, once each; it reported \(screen.states.testDescription)."
        )
        feed.finish()
    }

    @Test("no event is handled after stop(), not even one that had already arrived")
    func nothingIsHandledAfterStop() async throws {
        let (events, feed) = AsyncStream.makeStream(of: TypingEvent.self)
        let viewModel: TypingIndicatorViewModel = .init(events: events)
        let screen = ScreenRecording(of: viewModel)
        let running = Task { await viewModel.run() }

        try await showAlexTyping(feed, screen, running)

        feed.yield(.started("Sam"))  // arrives, and stop() comes before run() gets to it
        viewModel.stop()
        feed.yield(.started("Kim"))  // arrives after stop()
        try #require(
            await running.endsBeforeTheTimeLimit(),
            "stop() was called, but run() did not return (the test waited until its time limit). stop() must end run() even while the stream stays open: keep the handle of the task that reads the stream, and cancel it."
        )

        let shownAfterStop = screen.states.except(.typing(["Alex"]), .hidden, .offline)
        #expect(
            shownAfterStop == [],
            "After stop() the header changed to \(shownAfterStop.testDescription) (all changes: \(screen.states.testDescription)). Sam's event had already arrived when stop() was called, and Kim's came after it. cancel() does not stop a task, it only marks it cancelled: an event that has arrived is still handed to the loop. Before you handle an event, check Task.isCancelled (or whether stop() was called), and leave the loop if so."
        )
        #expect(
            viewModel.indicator == .hidden,
            "stop() was called and run() returned, so the indicator must be hidden (offline is for a stream that finished); it is \(viewModel.indicator.testDescription)."
        )
        feed.finish()
    }

    @Test("cancelling the task that runs run() ends it, as stop() does")
    func cancellingTheCallerEndsRun() async throws {
        let (events, feed) = AsyncStream.makeStream(of: TypingEvent.self)
        let viewModel: TypingIndicatorViewModel = .init(events: events)
        let screen = ScreenRecording(of: viewModel)
        let running = Task { await viewModel.run() }

        try await showAlexTyping(feed, screen, running)

        feed.yield(.started("Sam"))  // arrives, and the cancellation comes before run() gets to it
        running.cancel()  // SwiftUI cancels .task { await viewModel.run() } when the screen goes away
        feed.yield(.started("Kim"))
        let next = await screen.nextChange(during: running)
        let whyNotHidden: Comment =
            next == .offline
            ? "The task running run() was cancelled, and the header changed to offline. Offline is for a stream that finished, and this one is still open: when run() ends because its task was cancelled, hide the indicator, as after stop()."
            : "The task running run() was cancelled while the header showed Alex typing, so its next change must be to hidden; \(next.map { "it changed to \($0.testDescription)" } ?? "run() returned without reporting a change"). Sam's event had arrived before the cancellation and Kim's after it, and neither may be handled. The cancellation must reach the loop at once: a Task { } you create inside run() does not inherit its caller's cancellation, so await it inside withTaskCancellationHandler and cancel it right there, in onCancel (hopping to the main actor first, to call stop(), leaves a moment in which the loop still handles events). Then check Task.isCancelled before you handle an event."
        try #require(next == TypingIndicator.hidden, whyNotHidden)
        try #require(
            await running.endsBeforeTheTimeLimit(),
            "The task running run() was cancelled, but run() did not return (the test waited until its time limit). A Task { } you create inside run() does not inherit its caller's cancellation: await it inside withTaskCancellationHandler and cancel it in onCancel, or read the stream in run() itself."
        )

        #expect(
            viewModel.indicator == .hidden,
            "The task running run() was cancelled and run() returned, so the indicator must be hidden, as after stop() (offline is for a stream that finished); it is \(viewModel.indicator.testDescription)."
        )
        #expect(
            screen.states == [.typing(["Alex"]), .hidden],
            "After the cancellation the header must change only once, to hidden: Sam's event had arrived before it and Kim's after it, and neither may be handled. onChange reported \(screen.states.testDescription)."
        )
        feed.finish()
    }

    @Test("an event that arrives while the header redraws, just before stop(), is not handled")
    func anEventWaitingWhenStopIsCalledIsDropped() async throws {
        let (events, feed) = AsyncStream.makeStream(of: TypingEvent.self)
        let viewModel: TypingIndicatorViewModel = .init(events: events)
        let screen = ScreenRecording(of: viewModel)
        // Inside onChange for Alex: Sam's event arrives while run() is busy showing Alex, so it
        // waits in the stream; then the screen goes away. run() has not taken Sam's event yet.
        screen.whenTheNextChangeIsShown { _ in
            feed.yield(.started("Sam"))
            viewModel.stop()
        }
        let running = Task { await viewModel.run() }

        feed.yield(.started("Alex"))
        try #require(
            await running.endsBeforeTheTimeLimit(),
            "stop() was called, but run() did not return (the test waited until its time limit). stop() must end run() even while the stream stays open."
        )

        #expect(
            screen.states == [.typing(["Alex"]), .hidden],
            "stop() was called while the header showed Alex, with Sam's event waiting in the stream, not yet taken by run(). After stop() no event may change the indicator, so the header must go from Alex typing to hidden; onChange reported \(screen.states.testDescription). A cancelled `for await` still hands over an event that is waiting in the stream: check Task.isCancelled (or whether stop() was called) on the main actor, right before you show each event."
        )
        feed.finish()
    }

    @Test("when onChange is called, indicator already holds the value it reports")
    func onChangeComesAfterTheChange() async throws {
        let (events, feed) = AsyncStream.makeStream(of: TypingEvent.self)
        let viewModel: TypingIndicatorViewModel = .init(events: events)
        let screen = ScreenRecording(of: viewModel)
        let running = Task { await viewModel.run() }

        feed.yield(.started("Alex"))
        feed.yield(.started("Sam"))
        feed.yield(.stopped("Alex"))
        feed.finish()
        try #require(
            await running.endsBeforeTheTimeLimit(),
            "The stream finished, but run() did not return within a second. When the stream finishes, run() returns.")

        #expect(
            screen.heldDuringOnChange == screen.states,
            "onChange reported \(screen.states.testDescription), but while it ran, indicator held \(screen.heldDuringOnChange.testDescription). onChange tells the screen that indicator changed, and the screen redraws from indicator: change it first, then call onChange."
        )
    }

    @Test(
        "stop() or a cancel at any moment of run(): no event waiting in the stream changes the header after it",
        .tags(.everyJobOnTheMainQueue)
    )
    func stopOrCancelAtEveryMoment() async throws {
        // Every job runs on the main queue, one at a time, the thread pool's in order or newest first:
        // the test's stop() or cancel can be placed after 0, 1, 2, ... turns of the main queue, so it
        // lands at each moment of run()'s work in turn, the same on every run.
        for order in PoolOrder.allCases {
            try await withEveryJobOnTheMainQueue(pool: order) {
                try await endJustAfterRunStarts(.cancel, afterTurns: nil, order)
                for ending in [Ending.stop, .cancel] {
                    for turns in 0...8 {
                        try await endWhileAnEventWaits(ending, afterTurns: turns, order)
                        try await endJustAfterRunStarts(ending, afterTurns: turns, order)
                    }
                }
            }
        }
    }

    /// Alex's event waits in the stream before run() starts. A main-actor Task queued right behind
    /// the task running run() waits `turns` turns of the main queue, then calls stop() or cancels it:
    /// run() has begun by then, so it is running, and after it only hidden may change the header.
    /// With no turns, the test cancels the task before run() starts.
    private func endJustAfterRunStarts(_ ending: Ending, afterTurns turns: Int?, _ order: PoolOrder) async throws {
        let (events, feed) = AsyncStream.makeStream(of: TypingEvent.self)
        let viewModel: TypingIndicatorViewModel = .init(events: events)
        let screen = ScreenRecording(of: viewModel)
        let stop = StopMoment()
        feed.yield(.started("Alex"))
        let running = Task { await viewModel.run() }
        let end = {
            switch ending {
            case .stop: viewModel.stop()
            case .cancel: running.cancel()
            }
            stop.changesShownBefore = screen.states.indicators.count
        }
        if let turns {
            Task { @MainActor in
                await mainQueueTurns(turns)
                end()
            }
        } else {
            end()
        }
        let when = turns.map { "\($0) turns of the main queue after run() began" } ?? "before run() began"
        try #require(
            await running.endsBeforeTheTimeLimit(),
            """
            \(ending) came \(when) (the pool's work run \(order)), but run() did not return within a \
            second. It must end run() from the moment run() is called.
            """
        )
        feed.finish()

        let stoppedAt = try #require(stop.changesShownBefore, "The test's \(ending) never ran.")
        let shownAfterStop = Shown(Array(screen.states.indicators.dropFirst(stoppedAt)))
        #expect(
            shownAfterStop == [] || shownAfterStop == [.hidden],
            """
            \(ending) came \(when) (the pool's work run \(order)), with Alex's event waiting in the \
            stream; after it the header changed to \(shownAfterStop.testDescription) (all changes: \
            \(screen.states.testDescription)). Only hidden may come after it. run() let go of the main actor \
            (an await) before it kept what stop() or the cancel needs to reach the loop: keep the handle \
            of the task you start, and start waiting for it inside withTaskCancellationHandler, before \
            anything can await.
            """
        )
    }

    private enum Ending: CustomStringConvertible {
        case stop, cancel
        var description: String { self == .stop ? "stop()" : "the cancel of the task running run()" }
    }

    /// Alex's and Sam's events arrive together. Inside onChange for Alex, the screen goes away: a
    /// main-actor Task waits `turns` turns of the main queue, then calls stop() or cancels `running`.
    private func endWhileAnEventWaits(_ ending: Ending, afterTurns turns: Int, _ order: PoolOrder) async throws {
        let (events, feed) = AsyncStream.makeStream(of: TypingEvent.self)
        let viewModel: TypingIndicatorViewModel = .init(events: events)
        let screen = ScreenRecording(of: viewModel)
        let stop = StopMoment()
        let running = Task { await viewModel.run() }
        screen.whenTheNextChangeIsShown { _ in
            Task { @MainActor in
                await mainQueueTurns(turns)
                switch ending {
                case .stop: viewModel.stop()
                case .cancel: running.cancel()
                }
                stop.changesShownBefore = screen.states.indicators.count
            }
        }

        feed.yield(.started("Alex"))
        feed.yield(.started("Sam"))
        try #require(
            await running.endsBeforeTheTimeLimit(),
            """
            \(ending) came \(turns) turns of the main queue after Alex was shown (the pool's work run \
            \(order)), but run() did not return within a second. It must end run() even while the \
            stream stays open.
            """
        )
        feed.finish()

        let stoppedAt = try #require(stop.changesShownBefore, "The test's \(ending) never ran.")
        let shownAfterStop = Shown(Array(screen.states.indicators.dropFirst(stoppedAt)))
        #expect(
            shownAfterStop == [.hidden],
            """
            \(ending) came \(turns) turns of the main queue after Alex was shown (the pool's work run \
            \(order)), with Sam's event in the stream; after it the header changed to \
            \(shownAfterStop.testDescription) (all changes: \(screen.states.testDescription)). Only \
            hidden may come after it. run() had decided to show Sam's event and let go of the main actor \
            before it showed it (an await between the check and the change), and \(ending) ran in that \
            gap. Check Task.isCancelled (or whether stop() was called) right before you show each event, \
            with no await in between.
            """
        )
    }

    @Test("a task cancelled before run() starts handles no event, not even one already waiting")
    func cancelledBeforeRunStarts() async throws {
        let (events, feed) = AsyncStream.makeStream(of: TypingEvent.self)
        let viewModel: TypingIndicatorViewModel = .init(events: events)
        let screen = ScreenRecording(of: viewModel)

        feed.yield(.started("Alex"))  // waiting in the stream before run() starts
        let running = Task { await viewModel.run() }
        running.cancel()  // before the task ever ran: the screen went away at once
        try #require(
            await running.endsBeforeTheTimeLimit(),
            "The task running run() was cancelled before it started, but run() did not return within a second.")

        #expect(
            screen.states == [],
            "The task running run() was cancelled before run() started, so no event may change the indicator, not even Alex's, which was already waiting; it stays hidden, and nothing changed, so nothing is reported. onChange reported \(screen.states.testDescription). Pass the cancellation on to the loop before anything can await (a Task you create inside run() does not inherit it), and check Task.isCancelled before you show each event."
        )
        feed.finish()
    }

    @Test("stop() while run() is not running changes nothing, so onChange is not called")
    func stopWhileIdleReportsNothing() async throws {
        let (events, feed) = AsyncStream.makeStream(of: TypingEvent.self)
        let viewModel: TypingIndicatorViewModel = .init(events: events)
        let screen = ScreenRecording(of: viewModel)

        viewModel.stop()  // the screen went away before it ever ran

        #expect(
            viewModel.indicator == .hidden,
            "stop() was called before run(): the indicator was hidden and must stay hidden; it is \(viewModel.indicator.testDescription)."
        )
        #expect(
            screen.states == [],
            "stop() was called before run(), while the indicator was hidden, and onChange reported \(screen.states.testDescription). Nothing changed, so nothing may be reported: no change, no call. Let stop() end the loop and let the loop hide the indicator through the same guarded show(_:) as every other change, rather than calling onChange yourself."
        )
        feed.finish()
    }

    /// Feeds started(Alex), and waits until onChange reports it.
    private func showAlexTyping(
        _ feed: AsyncStream<TypingEvent>.Continuation,
        _ screen: ScreenRecording,
        _ running: Task<Void, Never>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        feed.yield(.started("Alex"))
        let shown = await screen.nextChange(during: running)
        try #require(
            shown == .typing(["Alex"]),
            "The test fed started(Alex) and waited for onChange to report Alex typing; \(shown.map { "it reported \($0.testDescription)" } ?? "run() returned first (or the test's time limit ran out)"). run() must handle the events of the stream handed to init(events:), one by one, and keep running until that stream finishes.",
            sourceLocation: sourceLocation
        )
    }
}

/// How many changes the screen had shown when the test's `stop()` returned.
@MainActor
private final class StopMoment {
    var changesShownBefore: Int?
}
