import Testing

@testable import Kata14

// The Headlines screen, tested without a sleep or a yield: each test awaits the work it started
// (at most a second once it has answered: `returned(_:_:)`), and the network (a test double)
// answers when the test says so. Same result on every run.
@MainActor
@Suite("Headlines screen, one await at a time", .timeLimit(.minutes(1)), OneTestAtATimeOnTheMainQueue())
struct HeadlinesViewModelTests {
    @Test("refresh() has put the headlines on screen by the time it returns")
    func refreshShowsTheHeadlines() async {
        let service = StubHeadlines([.top: Fixtures.top])
        let viewModel = HeadlinesViewModel(service: service)

        await viewModel.refresh()

        #expect(
            service.requests == [.top],
            "refresh() must ask the service for the current section (Top) before it returns.")
        #expect(
            viewModel.state == .loaded(Fixtures.top),
            "refresh() returned, but the screen shows \(viewModel.state.testDescription). Part of its work is still queued: a Task { } that refresh() does not await, or a DispatchQueue.main.async hop. `await refresh()` must mean done: await everything it starts, and set state directly (the class is @MainActor)."
        )
    }

    @Test("refresh() has put the failure on screen by the time it returns")
    func refreshShowsTheFailure() async {
        let viewModel = HeadlinesViewModel(service: StubHeadlines(error: ServerDown()))

        await viewModel.refresh()

        #expect(
            viewModel.state == .failed(HeadlinesViewModel.failureMessage),
            "The service failed, so when refresh() returns the screen must show the failure message; it shows \(viewModel.state.testDescription)."
        )
    }

    @Test("select(_:) has put the section's headlines on screen by the time it returns")
    func selectShowsTheSection() async {
        let service = StubHeadlines([.top: Fixtures.top, .tech: Fixtures.tech])
        let viewModel = HeadlinesViewModel(service: service)

        await viewModel.select(.tech)

        #expect(viewModel.section == .tech, "select(.tech) must make Tech the current section.")
        #expect(
            service.requests == [.tech],
            "select(.tech) must ask the service for Tech, once, before it returns; it asked for \(service.requests).")
        #expect(
            viewModel.state == .loaded(Fixtures.tech),
            "select(_:) returned, but the screen shows \(viewModel.state.testDescription). Make it `async` and have it await the load it starts, as refresh() does. (Against the starter the compiler warns that no async operation occurs within this `await`: nothing was there to wait for.)"
        )
    }

    @Test("the screen shows loading while the request is in flight")
    func loadingWhileTheRequestIsInFlight() async throws {
        let service = ControlledHeadlines()
        let viewModel = HeadlinesViewModel(service: service)
        let screen = ScreenRecording(of: viewModel)

        let refreshing = Task { await viewModel.refresh() }
        try #require(
            await service.request(for: .top, arrivesDuring: refreshing),
            "refresh() returned before it asked the service for Top. Its load must run inside the call: while the request is in flight, refresh() is still busy."
        )

        #expect(
            viewModel.state == .loading,
            "The request for Top is on its way and has no answer yet, so the screen must show loading; it shows \(viewModel.state.testDescription)."
        )

        service.answer(.top, with: Fixtures.top)
        await returned(refreshing, "refresh()")

        #expect(
            viewModel.state == .loaded(Fixtures.top),
            "The service answered and refresh() returned, but the screen shows \(viewModel.state.testDescription). refresh() must not return before the answer is on screen."
        )
        #expect(
            screen.states == [.loading, .loaded(Fixtures.top)],
            "onChange must report loading, then the headlines, once each; it reported \(screen.states.testDescription)."
        )
    }

    @Test("a second refresh shows loading again while its request is in flight")
    func aSecondRefreshShowsLoading() async throws {
        let service = ControlledHeadlines()
        let viewModel = HeadlinesViewModel(service: service)
        let screen = ScreenRecording(of: viewModel)

        let first = Task { await viewModel.refresh() }
        try #require(
            await service.request(for: .top, arrivesDuring: first),
            "refresh() returned before it asked the service for Top. Its load must run inside the call."
        )
        service.answer(.top, with: Fixtures.top)
        await returned(first, "The first refresh()")

        let second = Task { await viewModel.refresh() }
        try #require(
            await service.request(for: .top, arrivesDuring: second),
            "The second refresh() returned before it asked the service for Top. Every refresh loads again."
        )

        #expect(
            viewModel.state == .loading,
            "The second request for Top is in flight, so the screen must show loading again, even with Top's headlines already on screen; it shows \(viewModel.state.testDescription). Every load shows .loading while its request is in flight, not only the first."
        )

        service.answer(.top, with: Fixtures.top)
        await returned(second, "The second refresh()")

        #expect(
            screen.states == [.loading, .loaded(Fixtures.top), .loading, .loaded(Fixtures.top)],
            "Two refreshes: onChange must report loading and Top's headlines for each; it reported \(screen.states.testDescription)."
        )
    }

    @Test("a refresh while a refresh is in flight cancels the first request")
    func aRefreshCancelsTheRefreshInFlight() async throws {
        let service = ControlledHeadlines(cancellation: .honored)
        let viewModel = HeadlinesViewModel(service: service)
        let screen = ScreenRecording(of: viewModel)

        let first = Task { await viewModel.refresh() }
        try #require(
            await service.request(for: .top, arrivesDuring: first),
            "refresh() returned before it asked the service for Top. Its load must run inside the call."
        )
        let second = Task { await viewModel.refresh() }
        try #require(
            await service.request(for: .top, arrivesDuring: second),
            "The second refresh() did not ask the service for Top within a second while it ran. Start the new load at once, for the same section too: cancel the old one rather than wait for it or join it."
        )

        #expect(
            service.cancelledRequests == [.top],
            "The reader pulled to refresh again while the first refresh was loading, so the second load must cancel the first one, although both ask for the same section: every load cancels the load in flight, not only select(_:). Cancelled so far: \(service.cancelledRequests)."
        )

        // Answers whichever requests still wait, so that both calls can end.
        while service.answer(.top, with: Fixtures.top) {}
        await returned(second, "The second refresh()")
        await returned(first, "The first refresh()")

        #expect(
            viewModel.state == .loaded(Fixtures.top),
            "Both refreshes are over, so the screen must show Top's headlines; it shows \(viewModel.state.testDescription)."
        )
        #expect(
            screen.failuresShown == [],
            "The first refresh was cancelled by the second. That is not a failure, but the screen showed \(screen.states.testDescription)."
        )
    }

    @Test("select(_:) makes its section current at once: a refresh while it loads reloads that section")
    func aRefreshWhileASectionLoads() async throws {
        let service = ControlledHeadlines(cancellation: .honored)
        let viewModel = HeadlinesViewModel(service: service)

        let tech = Task { await viewModel.select(.tech) }
        try #require(
            await service.request(for: .tech, arrivesDuring: tech),
            "select(.tech) did not ask the service for Tech within a second while it ran; it asked for \(service.requests). Make Tech the current section before you load it, make select(_:) async, and run the load inside the call."
        )
        try #require(
            viewModel.section == .tech,
            "select(.tech) is loading Tech, but section still says \(viewModel.section). The reader picked Tech: it is the current section from the moment select(_:) is called, so that a pull-to-refresh now reloads Tech, not the section the reader left."
        )

        let refreshing = Task { await viewModel.refresh() }
        try #require(
            await service.request(for: .tech, arrivesDuring: refreshing),
            "refresh() did not ask the service for Tech, the current section, while it ran; it asked for \(service.requests)."
        )
        while service.answer(.tech, with: Fixtures.tech) {}
        await returned(refreshing, "refresh()")
        await returned(tech, "select(.tech)")

        #expect(
            viewModel.state == .loaded(Fixtures.tech),
            "Both loads asked for Tech and are over, so the screen must show Tech's headlines; it shows \(viewModel.state.testDescription)."
        )
    }

    @Test("switching sections cancels the old request, and that cancellation is not a failure")
    func switchingCancelsTheOldRequest() async throws {
        let service = ControlledHeadlines(cancellation: .honored)
        let viewModel = HeadlinesViewModel(service: service)
        let screen = ScreenRecording(of: viewModel)

        let world = Task { await viewModel.select(.world) }
        try #require(
            await service.request(for: .world, arrivesDuring: world),
            "select(.world) did not ask the service for World within a second while it ran; it asked for \(service.requests). Make World the current section before you load it, make select(_:) async, and run the load inside the call."
        )
        let tech = Task { await viewModel.select(.tech) }
        try #require(
            await service.request(for: .tech, arrivesDuring: tech),
            "select(.tech) did not ask the service for Tech within a second while it ran; it asked for \(service.requests). Make Tech the current section before you load, and start the new load at once: cancel the old one rather than wait for it."
        )

        #expect(
            service.cancelledRequests == [.world],
            "The reader left World while its request was in flight, so starting the Tech load must cancel the World load. Keep the handle of the load in flight (a Task) and call cancel() on it before you start the next one. Cancelled so far: \(service.cancelledRequests)."
        )

        service.answer(.tech, with: Fixtures.tech)
        await returned(tech, "select(.tech)")
        // Only if World is still waiting: then it can finish instead of hanging the test.
        service.answer(.world, with: Fixtures.world)
        await returned(world, "select(.world)")

        #expect(viewModel.section == .tech)
        #expect(
            viewModel.state == .loaded(Fixtures.tech),
            viewModel.state == .loaded(Fixtures.world)
                ? "World's reply came last and replaced Tech's headlines, though the reader is on Tech. A load the reader has left must be cancelled, and a cancelled load must not touch the screen."
                : "Both loads are over and the reader is on Tech, so the screen must show Tech's headlines; it shows \(viewModel.state.testDescription)."
        )
        #expect(
            screen.failuresShown == [],
            "While the reader switched from World to Tech, the screen showed an error: \(screen.states.testDescription). The World load ended with CancellationError because the reader moved on. That is not a failure: a cancelled load must leave the screen alone."
        )
    }

    @Test("a request that ends with URLSession's cancellation error is not a failure either")
    func aURLSessionCancellationIsNotAFailure() async throws {
        let service = ControlledHeadlines(cancellation: .honoredLikeURLSession)
        let viewModel = HeadlinesViewModel(service: service)
        let screen = ScreenRecording(of: viewModel)

        let world = Task { await viewModel.select(.world) }
        try #require(
            await service.request(for: .world, arrivesDuring: world),
            "select(.world) did not ask the service for World within a second while it ran; it asked for \(service.requests). Make World the current section before you load it, make select(_:) async, and run the load inside the call."
        )
        let tech = Task { await viewModel.select(.tech) }
        try #require(
            await service.request(for: .tech, arrivesDuring: tech),
            "select(.tech) did not ask the service for Tech within a second while it ran; it asked for \(service.requests). Make Tech the current section before you load, and start the new load at once: cancel the old one rather than wait for it."
        )
        service.answer(.tech, with: Fixtures.tech)
        await returned(tech, "select(.tech)")
        service.answer(.world, with: Fixtures.world)  // only if World still waits
        await returned(world, "select(.world)")

        #expect(
            screen.failuresShown == [],
            "While the reader switched from World to Tech, the screen showed an error: \(screen.states.testDescription). The World request was cancelled and ended the way URLSession ends one, with URLError(.cancelled), not CancellationError. Ask the task whether the load was cancelled (Task.isCancelled), not the error's type."
        )
        #expect(
            viewModel.state == .loaded(Fixtures.tech),
            "Both loads are over and the reader is on Tech, so the screen must show Tech's headlines; it shows \(viewModel.state.testDescription)."
        )
    }

    @Test("headlines for a section the reader has left never reach the screen")
    func aLateAnswerIsDropped() async throws {
        let service = ControlledHeadlines(cancellation: .ignored)
        let viewModel = HeadlinesViewModel(service: service)
        let screen = ScreenRecording(of: viewModel)

        let world = Task { await viewModel.select(.world) }
        try #require(
            await service.request(for: .world, arrivesDuring: world),
            "select(.world) did not ask the service for World within a second while it ran; it asked for \(service.requests). Make World the current section before you load it, make select(_:) async, and run the load inside the call."
        )
        let tech = Task { await viewModel.select(.tech) }
        try #require(
            await service.request(for: .tech, arrivesDuring: tech),
            "select(.tech) did not ask the service for Tech within a second. World's reply was already on its way and ignores the cancel, so a new load that waits for the old one to end waits for as long as that reply takes. Start the new load at once: cancel the old one, and do not await it first."
        )

        service.answer(.tech, with: Fixtures.tech)
        await returned(tech, "select(.tech)")

        #expect(
            viewModel.state == .loaded(Fixtures.tech),
            "select(.tech) returned after Tech's answer, so the screen must show Tech; it shows \(viewModel.state.testDescription)."
        )

        service.answer(.world, with: Fixtures.world)  // World's reply was already on its way
        await returned(world, "select(.world)")

        #expect(
            viewModel.state == .loaded(Fixtures.tech),
            viewModel.state == .loaded(Fixtures.world)
                ? "World's headlines arrived after the reader had switched to Tech, and replaced Tech's. cancel() does not stop a task, it only marks it cancelled: after each await, check Task.isCancelled (or call `try Task.checkCancellation()`) before you touch the screen."
                : "Both loads are over and the reader is on Tech, so the screen must show Tech's headlines; it shows \(viewModel.state.testDescription)."
        )
        #expect(
            screen.states.last == .loaded(Fixtures.tech),
            "The last thing the screen showed must be Tech's headlines; it went through \(screen.states.testDescription)."
        )
    }

    @Test("when onChange is called, state already holds the value it reports")
    func onChangeComesAfterTheChange() async {
        let viewModel = HeadlinesViewModel(service: StubHeadlines([.top: Fixtures.top, .tech: Fixtures.tech]))
        let screen = ScreenRecording(of: viewModel)

        await viewModel.refresh()
        await viewModel.select(.tech)

        #expect(
            screen.heldDuringOnChange == screen.states,
            "onChange reported \(screen.states.testDescription), but while it ran, state held \(screen.heldDuringOnChange.testDescription). onChange tells the screen that state changed, and the screen redraws from state: change it first, then call onChange."
        )
    }

    @Test("a refresh and a select that arrive together: the select cancels the refresh's load")
    func callersArrivingTogether() async throws {
        let service = ControlledHeadlines(cancellation: .honored)
        let viewModel = HeadlinesViewModel(service: service)
        let screen = ScreenRecording(of: viewModel)

        // Both calls are queued on the main actor before either runs.
        let refreshing = Task { await viewModel.refresh() }
        let picking = Task { await viewModel.select(.tech) }
        try #require(
            await service.request(for: .tech, arrivesDuring: picking),
            "select(.tech) did not ask the service for Tech within a second while it ran; it asked for \(service.requests)."
        )

        let notCancelled = service.requests.count - service.cancelledRequests.count
        #expect(
            notCancelled == 1,
            "A refresh and select(.tech) came together, and \(notCancelled) requests are in flight without a cancel (asked: \(service.requests), cancelled: \(service.cancelledRequests)). Each new load must cancel the load before it, even one that has not asked yet: keep the handle of the new load before anything can suspend (no await between making the Task and storing it)."
        )

        while service.answer(.tech, with: Fixtures.tech) {}
        service.answer(.top, with: Fixtures.top)  // only if Top's request still waits
        await returned(picking, "select(.tech)")
        await returned(refreshing, "refresh()")
        #expect(
            viewModel.state == .loaded(Fixtures.tech),
            "Both calls are over and the reader is on Tech, so the screen must show Tech's headlines; it shows \(viewModel.state.testDescription)."
        )
        #expect(screen.failuresShown == [], "No load failed, but the screen showed \(screen.states.testDescription).")
    }

    @Test(
        "a failure that arrives as the reader picks another section is never shown after the pick",
        arguments: [false, true])
    func aFailureAroundAPick(failureFirst: Bool) async throws {
        let service = MainActorHeadlines()
        let viewModel = HeadlinesViewModel(service: service)
        let screen = ScreenRecording(of: viewModel)
        let pick = PickMoment()

        let refreshing = Task { await viewModel.refresh() }
        try #require(await service.request(for: .top), "refresh() did not ask the service for Top within a second.")

        // The failure of Top's request and the reader's pick of Tech are sent from the main actor, in
        // this test's order. Whichever reaches the view model first, no failure may show after the pick.
        if failureFirst { service.fail(.top) }
        let picking = Task {
            pick.changesShownBefore = screen.states.states.count
            await viewModel.select(.tech)
        }
        if !failureFirst { service.fail(.top) }
        try #require(
            await service.request(for: .tech), "select(.tech) did not ask the service for Tech within a second.")
        service.answer(.tech, with: Fixtures.tech)
        await returned(picking, "select(.tech)")
        await returned(refreshing, "refresh()")

        let shownAfterThePick = ShownStates(Array(screen.states.states.dropFirst(pick.changesShownBefore ?? 0)))
        #expect(
            shownAfterThePick == [.loading, .loaded(Fixtures.tech)],
            failureFirst
                ? "Top's request failed, then the reader picked Tech; after the pick the screen showed \(shownAfterThePick.testDescription) (all changes: \(screen.states.testDescription)). The failure arrived first, so it is shown before the pick or not at all, never after it: between deciding to show the failure (the load was not cancelled) and showing it, nothing may await."
                : "The reader picked Tech, then Top's request failed; after the pick the screen showed \(shownAfterThePick.testDescription) (all changes: \(screen.states.testDescription)). select(_:) must cancel the load in flight at once, before anything can await, so that the failure of a load the reader left never reaches the screen."
        )
        #expect(
            viewModel.state == .loaded(Fixtures.tech),
            "The reader is on Tech and its request succeeded, so the screen must show Tech's headlines; it shows \(viewModel.state.testDescription)."
        )
    }

    @Test(
        "a reply or a failure and a pick, at any moment of the load: after the pick only the new load shows",
        .tags(.everyJobOnTheMainQueue)
    )
    func aReplyAndAPickAtEveryMoment() async throws {
        // Every job runs on the main queue, one at a time, in order: the pick can be placed just before
        // the reply, or after 0, 1, 2, ... turns of the main queue, so it lands at each moment of the
        // World load's last steps in turn (the reply on its way back, arranging, deciding, showing),
        // the same on every run.
        try await withEveryJobOnTheMainQueue {
            for reply in [Reply.headlines, .failure] {
                try await pick(around: reply, turnsAfter: nil)
                for turns in 0...12 {
                    try await pick(around: reply, turnsAfter: turns)
                }
            }
        }
    }

    private enum Reply: CustomStringConvertible {
        case headlines, failure
        var description: String { self == .headlines ? "World's headlines" : "World's failure" }
    }

    /// World's request is answered (or fails), and a main-actor Task picks Tech: started just before
    /// the reply is sent (`turnsAfter` nil), or `turnsAfter` turns of the main queue after it.
    /// Whatever World's load did before the pick, after it only Tech's load may change the screen:
    /// loading, then Tech's headlines.
    private func pick(around reply: Reply, turnsAfter turns: Int?) async throws {
        let service = MainActorHeadlines()
        let viewModel = HeadlinesViewModel(service: service)
        let screen = ScreenRecording(of: viewModel)
        let pick = PickMoment()

        let world = Task { await viewModel.select(.world) }
        try #require(
            await service.request(for: .world), "select(.world) did not ask the service for World within a second.")
        func sendTheReply() {
            switch reply {
            case .headlines: service.answer(.world, with: Fixtures.world)
            case .failure: service.fail(.world)
            }
        }
        if turns != nil { sendTheReply() }
        let picking = Task {
            await mainQueueTurns(turns ?? 0)
            pick.changesShownBefore = screen.states.states.count
            await viewModel.select(.tech)
        }
        if turns == nil { sendTheReply() }
        try #require(
            await service.request(for: .tech), "select(.tech) did not ask the service for Tech within a second.")
        service.answer(.tech, with: Fixtures.tech)
        await returned(picking, "select(.tech)")
        await returned(world, "select(.world)")

        let shownAfterThePick = ShownStates(Array(screen.states.states.dropFirst(pick.changesShownBefore ?? 0)))
        #expect(
            shownAfterThePick == [.loading, .loaded(Fixtures.tech)],
            turns.map { turns in
                """
                \(reply) reached the view model, and the reader picked Tech \(turns) turns of the main queue \
                later; after the pick the screen showed \(shownAfterThePick.testDescription) (all changes: \
                \(screen.states.testDescription)). After the pick only Tech's load may change the screen. The \
                World load had decided to show its result (it was not cancelled yet), then let go of the main \
                actor before it showed it (an await between the check and the change), and the pick ran in \
                that gap. Check for cancellation right before you touch the screen, with no await in between.
                """
            }
                ?? """
                The reader picked Tech just before \(reply) reached the view model; after the pick the screen \
                showed \(shownAfterThePick.testDescription) (all changes: \(screen.states.testDescription)). \
                select(_:) must cancel the load in flight at once, before it first suspends: World's load ran \
                its next step before it was cancelled. A cancel placed inside the Task that select(_:) starts, \
                or after an await, comes one hop of the main queue too late.
                """
        )
    }
}

/// How many changes the screen had shown when the test's pick of a section began.
@MainActor
private final class PickMoment {
    var changesShownBefore: Int?
}
