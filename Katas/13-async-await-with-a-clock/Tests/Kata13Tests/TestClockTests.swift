import Testing

@testable import Kata13

// The contract of the clock you write in Sources/Kata13. Each sleeper runs on a ManualExecutor
// (see ManualExecutor.swift): it only runs when the test calls `runUntilIdle()`, so every check
// below sees the same thing on every run.
@Suite("TestClock, the clock you write")
struct TestClockTests {
    let clock = TestClock()
    let executor = ManualExecutor()

    /// `clock.advance(by:)`, bounded: a clock that never returns fails the test after a second.
    func advance(by duration: Duration, sourceLocation: SourceLocation = #_sourceLocation) {
        executor.advance(clock, by: duration, sourceLocation: sourceLocation)
    }

    /// `clock.now`, bounded like `advance`; `nil` if it never returned.
    func now(sourceLocation: SourceLocation = #_sourceLocation) -> TestClock.Instant? {
        executor.now(of: clock, sourceLocation: sourceLocation)
    }

    @Test("now stands still, and advance moves it forward by exactly the duration")
    func advanceMovesNow() throws {
        let start = try #require(now())

        #expect(
            now() == start,
            "Time on a test clock stands still until the test advances it. Is `now` reading a real clock?")

        advance(by: .seconds(3))
        #expect(now().map(start.duration(to:)) == .seconds(3), "advance(by: 3 s) must move `now` exactly 3 s forward.")

        advance(by: .milliseconds(250))
        #expect(now().map(start.duration(to:)) == .milliseconds(3250), "A second advance adds to the first.")
    }

    @Test("a sleep wakes when advance reaches its deadline, not a moment before")
    func wakesAtTheDeadline() {
        let sleeper = executor.start { try await clock.sleep(for: .seconds(1)) }

        executor.runUntilIdle()
        #expect(
            !sleeper.isFinished,
            "sleep(for: 1 s) returned although the clock never moved. It must suspend until advance(by:) reaches its deadline."
        )

        advance(by: .milliseconds(999))
        executor.runUntilIdle()
        #expect(!sleeper.isFinished, "At 0.999 s the 1 s deadline is not reached yet: the sleeper must stay asleep.")

        advance(by: .milliseconds(1))
        executor.runUntilIdle()
        #expect(
            sleeper.isFinished,
            "At exactly 1 s the deadline is reached: advance must resume the sleeper (deadline <= now, not <).")
        #expect(
            sleeper.error == nil,
            "A sleep that reached its deadline returns normally; it threw \(String(describing: sleeper.error)).")
    }

    @Test("one advance far past the deadline wakes the sleeper too")
    func wakesWhenTimeJumpsPastTheDeadline() {
        let sleeper = executor.start { try await clock.sleep(for: .seconds(2)) }
        executor.runUntilIdle()

        advance(by: .seconds(60))
        executor.runUntilIdle()

        #expect(
            sleeper.isFinished && sleeper.error == nil,
            "advance(by: 60 s) passes the 2 s deadline: the sleep must return.")
    }

    @Test("two sleepers wake each at their own deadline")
    func eachSleeperAtItsOwnDeadline() {
        let short = executor.start { try await clock.sleep(for: .seconds(1)) }
        let long = executor.start { try await clock.sleep(for: .seconds(3)) }
        executor.runUntilIdle()

        advance(by: .seconds(1))
        executor.runUntilIdle()
        #expect(short.isFinished, "At 1 s the 1 s sleeper must be awake.")
        #expect(
            !long.isFinished,
            "At 1 s the 3 s sleeper must still be asleep. Does advance wake every sleeper, whatever its deadline?")

        advance(by: .seconds(2))
        executor.runUntilIdle()
        #expect(
            long.isFinished,
            "At 3 s the 3 s sleeper must be awake too. Does advance forget sleepers it did not wake the first time?")
    }

    @Test("one advance wakes every sleeper it reaches, two due at the same instant too")
    func wakesEverySleeperItReaches() {
        let first = executor.start { try await clock.sleep(for: .seconds(1)) }
        let second = executor.start { try await clock.sleep(for: .seconds(1)) }
        let third = executor.start { try await clock.sleep(for: .seconds(2)) }
        executor.runUntilIdle()

        advance(by: .seconds(2))
        executor.runUntilIdle()

        let asleep = [("the first 1 s sleeper", first), ("the second 1 s sleeper", second), ("the 2 s sleeper", third)]
            .filter { !$0.1.isFinished }.map(\.0)
        #expect(
            asleep.isEmpty,
            "One advance to 2 s reaches all three deadlines (1 s, 1 s and 2 s): it must resume every sleeper that is due, not only one. Still asleep: \(asleep.joined(separator: ", "))."
        )
    }

    @Test("a sleep until a deadline already reached returns without any advance")
    func deadlineInThePast() throws {
        let deadline = try #require(now()).advanced(by: .seconds(1))
        advance(by: .seconds(2))

        let late = executor.start { try await clock.sleep(until: deadline, tolerance: nil) }
        let zero = executor.start { try await clock.sleep(for: .zero) }
        executor.runUntilIdle()

        #expect(
            late.isFinished && late.error == nil,
            "The deadline (1 s) is already behind `now` (2 s): sleep(until:) must return at once, not wait for the next advance."
        )
        #expect(zero.isFinished && zero.error == nil, "sleep(for: .zero) must return at once.")
    }

    @Test("a sleep that returned at once is over: a later advance does not resume it again")
    func aSleepThatReturnedAtOnceIsOver() throws {
        let deadline = try #require(now()).advanced(by: .seconds(1))
        advance(by: .seconds(2))
        let late = executor.start { try await clock.sleep(until: deadline, tolerance: nil) }
        let zero = executor.start { try await clock.sleep(for: .zero) }
        executor.runUntilIdle()
        #expect(late.isFinished && zero.isFinished, "Both deadlines are reached already: both sleeps return at once.")

        // If this crashes with "SWIFT TASK CONTINUATION MISUSE ... more than once", a sleep that
        // returned at once was also kept as a sleeper, and advance resumed it a second time: keep
        // only the sleeps that really wait.
        advance(by: .seconds(1))
        executor.runUntilIdle()

        let next = executor.start { try await clock.sleep(for: .seconds(1)) }
        executor.runUntilIdle()
        #expect(
            !next.isFinished, "A sleep of 1 s returned with no advance: the clock must keep working after a due sleep.")
        advance(by: .seconds(1))
        executor.runUntilIdle()
        #expect(
            next.isFinished && next.error == nil,
            "At its deadline the next sleeper must wake; it ended with \(String(describing: next.outcome)).")
    }

    @Test("advance(by: .zero) is allowed: now stays, and a sleeper not yet due sleeps on")
    func advanceByZero() throws {
        let sleeper = executor.start { try await clock.sleep(for: .seconds(1)) }
        executor.runUntilIdle()
        let start = try #require(now())

        // If this crashes with "Time only moves forward", the precondition refuses .zero: `d` may be
        // .zero (use >=, not >).
        advance(by: .zero)
        executor.runUntilIdle()

        #expect(now() == start, "advance(by: .zero) must leave `now` where it is.")
        #expect(
            !sleeper.isFinished, "advance(by: .zero) does not reach a deadline 1 s away: the sleeper must sleep on.")

        advance(by: .seconds(1))
        executor.runUntilIdle()
        #expect(
            sleeper.isFinished && sleeper.error == nil, "At 1 s the sleeper must wake, after an advance by .zero too.")
    }

    @Test("cancelling a sleeping task ends its sleep at once, with CancellationError")
    func cancelWhileAsleep() {
        let sleeper = executor.start { try await clock.sleep(for: .seconds(10)) }
        executor.runUntilIdle()

        sleeper.cancel()
        executor.runUntilIdle()

        #expect(
            sleeper.isFinished,
            "The task was cancelled while it slept: the sleep must end now, without waiting for the clock. Use withTaskCancellationHandler to resume the continuation."
        )
        #expect(
            sleeper.threwCancellationError,
            "A cancelled sleep throws CancellationError; it ended with \(String(describing: sleeper.outcome)).")

        // If this crashes with "SWIFT TASK CONTINUATION MISUSE ... more than once", advance
        // resumed the cancelled sleeper a second time: remove a sleeper when you cancel it.
        advance(by: .seconds(10))
        executor.runUntilIdle()
    }

    @Test("a task cancelled before it sleeps does not go to sleep at all")
    func cancelBeforeSleeping() {
        let sleeper = executor.start { try await clock.sleep(for: .seconds(10)) }
        sleeper.cancel()  // before the task ever ran

        executor.runUntilIdle()

        #expect(
            sleeper.threwCancellationError,
            "The task was already cancelled when it called sleep: sleep must throw CancellationError at once instead of waiting. Check Task.isCancelled when you register the sleeper."
        )
    }

    @Test("cancelling one of two sleepers ends that sleep only; the other sleeps on")
    func cancelOneOfTwoSleepers() {
        let first = executor.start { try await clock.sleep(for: .seconds(10)) }
        let second = executor.start { try await clock.sleep(for: .seconds(10)) }
        executor.runUntilIdle()

        second.cancel()
        executor.runUntilIdle()

        #expect(
            second.threwCancellationError,
            "The second sleeper was cancelled: its sleep must end with CancellationError; it ended with \(String(describing: second.outcome))."
        )
        #expect(
            !first.isFinished,
            "Only the second sleeper was cancelled, but the first one woke too: give each sleep its own identity, and forget only the sleeper of the task that was cancelled."
        )

        advance(by: .seconds(10))
        executor.runUntilIdle()
        #expect(
            first.isFinished && first.error == nil,
            "The first sleeper was never cancelled: the advance to its deadline must wake it without an error; it ended with \(String(describing: first.outcome))."
        )
    }

    @Test("a task cancelled before it sleeps throws even when its deadline is already reached")
    func cancelBeforeSleepingPastTheDeadline() {
        let sleeper = executor.start { try await clock.sleep(for: .zero) }
        sleeper.cancel()  // before the task ever ran

        executor.runUntilIdle()

        #expect(
            sleeper.threwCancellationError,
            "The task was already cancelled when it called sleep: sleep must throw CancellationError, even for a deadline already reached. Check Task.isCancelled before you look at the deadline."
        )
    }
}
