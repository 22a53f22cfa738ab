import Testing

@testable import Kata10

// The contract of the test scheduler you write in Sources/Kata10. Virtual time starts at zero
// and moves only when a test calls advance(by:), so every check here is exact to the
// millisecond and takes no real time at all.
@Suite("ManualScheduler, virtual time for tests")
struct ManualSchedulerTests {
    let scheduler = ManualScheduler()
    let alarm = StuckAdvanceAlarm()

    @Test("is a Scheduling, and starts at time zero with nothing run")
    func startsStill() {
        let seam: any Scheduling = scheduler
        var ran = false

        seam.schedule(after: .seconds(1)) { ran = true }

        #expect(
            !ran, "schedule(after:_:) must only write the work down. It runs when advance(by:) reaches its deadline.")
        #expect(
            scheduler.now == .zero, "A new ManualScheduler starts at .zero, and scheduling work does not move time.")
    }

    @Test("runs work exactly at its deadline, not a millisecond before")
    func runsAtTheDeadline() {
        var ran = false
        scheduler.schedule(after: .seconds(3)) { ran = true }

        scheduler.advance(by: .milliseconds(2999))
        #expect(!ran, "At 2.999 s the work scheduled after 3 s must not have run yet.")
        #expect(scheduler.now == .milliseconds(2999), "advance(by:) moves now forward by exactly the amount given.")

        scheduler.advance(by: .milliseconds(1))
        #expect(ran, "At 3 s the deadline is reached: advance(by:) must run work whose deadline is <= the new now.")
        #expect(scheduler.now == .seconds(3))
    }

    @Test("three thousand steps of 1 ms reach 3 s exactly")
    func smallStepsAddUp() {
        var ran = false
        scheduler.schedule(after: .seconds(3)) { ran = true }

        for _ in 1..<3000 { scheduler.advance(by: .milliseconds(1)) }
        #expect(!ran, "After 2999 steps of 1 ms it is 2.999 s: the work due at 3 s must not have run yet.")

        scheduler.advance(by: .milliseconds(1))
        #expect(
            ran && scheduler.now == .seconds(3),
            "After 3000 steps of 1 ms it is exactly 3 s, and the work due then must have run. A clock kept in Double seconds adds 0.001 with a rounding error each time and ends just short of 3 s: keep now and the deadlines as Durations, which add up exactly."
        )
    }

    @Test("advance(by: .zero) runs work that is already due")
    func advanceByZero() {
        var ran = false
        scheduler.schedule(after: .zero) { ran = true }

        scheduler.advance(by: .zero)

        #expect(
            ran,
            "Work scheduled after .zero is due at once; advance(by: .zero) must run it. Compare deadlines with <=, not <."
        )
    }

    @Test("runs due work in deadline order, whatever order it was scheduled in")
    func deadlineOrder() {
        var ran: [String] = []
        scheduler.schedule(after: .seconds(3)) { ran.append("3 s") }
        scheduler.schedule(after: .seconds(1)) { ran.append("1 s") }
        scheduler.schedule(after: .seconds(2)) { ran.append("2 s") }

        scheduler.advance(by: .seconds(5))

        #expect(
            ran == ["1 s", "2 s", "3 s"], "One long advance must run work earliest deadline first, as real time would.")
    }

    @Test("runs work with the same deadline first in, first out")
    func sameDeadlineIsFIFO() {
        var ran: [String] = []
        scheduler.schedule(after: .seconds(1)) { ran.append("first") }
        scheduler.schedule(after: .seconds(1)) { ran.append("second") }
        scheduler.schedule(after: .seconds(1)) { ran.append("third") }

        scheduler.advance(by: .seconds(1))

        #expect(
            ran == ["first", "second", "third"],
            "Ties on the deadline are broken by scheduling order, like a serial queue. Keep a counter next to each deadline, or keep your storage stable."
        )
    }

    @Test("inside running work, now is that work's deadline")
    func nowInsideWork() {
        var seenAt: [Duration] = []
        scheduler.schedule(after: .seconds(1)) { seenAt.append(scheduler.now) }
        scheduler.schedule(after: .seconds(2)) { seenAt.append(scheduler.now) }

        scheduler.advance(by: .seconds(5))

        #expect(
            seenAt == [.seconds(1), .seconds(2)],
            "Set now to each work item's deadline before running it, so work that reads the time, or schedules more work, sees the right moment."
        )
        #expect(
            scheduler.now == .seconds(5),
            "After the advance, now is the end of it, even when the last work ran earlier.")
    }

    @Test("work scheduled by running work runs in the same advance when it falls due")
    func nestedScheduling() {
        var ran: [String] = []
        var times: [Duration] = []
        func record(_ name: String) {
            ran.append(name)
            times.append(scheduler.now)
        }
        scheduler.schedule(after: .seconds(1)) {
            record("A")
            scheduler.schedule(after: .seconds(1)) { record("B") }
            scheduler.schedule(after: .seconds(5)) { record("D") }
        }
        scheduler.schedule(after: .seconds(3)) { record("C") }

        scheduler.advance(by: .seconds(3))

        #expect(
            ran == ["A", "B", "C"],
            "A (due at 1 s) schedules B one second later, at 2 s: B is due before C and before the advance ends, so it must run between A and C. Pick the next due item again after each one runs, instead of collecting the due items once up front."
        )
        #expect(
            times == [.seconds(1), .seconds(2), .seconds(3)],
            "A, B and C must each see now equal to their own deadline.")

        scheduler.advance(by: .seconds(3))

        #expect(
            ran.last == "D" && times.last == .seconds(6),
            "D was scheduled at 1 s for 5 s later: due at 6 s, not at 5 s and not at 8 s. A delay counts from now at the moment schedule is called."
        )
    }

    @Test("zero-delay work scheduled by running work waits behind work already due")
    func zeroDelayNested() {
        var ran: [String] = []
        scheduler.schedule(after: .seconds(1)) {
            ran.append("A")
            scheduler.schedule(after: .zero) { ran.append("A's follow-up") }
        }
        scheduler.schedule(after: .seconds(1)) { ran.append("B") }

        scheduler.advance(by: .seconds(1))

        #expect(
            ran == ["A", "B", "A's follow-up"],
            "The follow-up is due at 1 s too, but it was scheduled after B: same deadline, so it runs after B. It must also run in this advance, not the next."
        )
    }

    @Test("cancelled work never runs")
    func cancel() {
        var ran: [String] = []
        let reminder = scheduler.schedule(after: .seconds(1)) { ran.append("reminder") }
        scheduler.schedule(after: .seconds(2)) { ran.append("digest") }

        reminder.cancel()
        scheduler.advance(by: .seconds(5))

        #expect(
            ran == ["digest"],
            "cancel() on the value schedule returned must keep that work from ever running, and leave other work alone."
        )
    }

    @Test("work can cancel later work while the scheduler advances")
    func cancelWhileAdvancing() {
        var ran: [String] = []
        var later: (any ScheduledWork)?
        scheduler.schedule(after: .seconds(1)) {
            ran.append("first")
            later?.cancel()
        }
        later = scheduler.schedule(after: .seconds(2)) { ran.append("second") }

        scheduler.advance(by: .seconds(3))

        #expect(
            ran == ["first"],
            "Work cancelled during an advance, before its deadline, must not run in that advance. Check for cancellation when an item's turn comes, not when the advance starts."
        )
    }

    @Test("work can cancel other work due at the same instant")
    func cancelSiblingDueAtTheSameInstant() {
        var ran: [String] = []
        var sibling: (any ScheduledWork)?
        scheduler.schedule(after: .seconds(1)) {
            ran.append("first")
            sibling?.cancel()
        }
        sibling = scheduler.schedule(after: .seconds(1)) { ran.append("sibling") }

        scheduler.advance(by: .seconds(1))

        #expect(
            ran == ["first"],
            "Two pieces of work were due at 1 s; the first cancelled the second, and the second ran anyway: \(ran). Work due at the same instant is not one batch decided in advance: check for cancellation when each item's turn comes."
        )
    }

    @Test("cancelling work that already ran does nothing")
    func cancelAfterRunning() {
        var runs = 0
        let work = scheduler.schedule(after: .seconds(1)) { runs += 1 }
        scheduler.advance(by: .seconds(1))

        work.cancel()
        work.cancel()
        scheduler.advance(by: .seconds(10))

        #expect(runs == 1, "Work runs once. Cancelling it afterwards, even twice, is harmless.")
    }
}
