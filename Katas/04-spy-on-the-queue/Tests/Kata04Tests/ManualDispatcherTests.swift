import Testing

@testable import Kata04

// The contract of the recording fake you write in Sources/Kata04.
@Suite("ManualDispatcher, the recording fake")
struct ManualDispatcherTests {
    @Test("work sent to either queue is recorded, not run")
    func recordsWithoutRunning() {
        let queue = ManualDispatcher()
        var ran: [String] = []

        queue.mainAsync { ran.append("main") }
        queue.backgroundAsync { ran.append("background") }

        #expect(
            ran.isEmpty, "mainAsync and backgroundAsync must only write the work down; the test decides when it runs.")
        #expect(
            queue.pending == [TargetQueue.main, .background],
            "pending lists the queue of every work item not yet run, oldest first.")
    }

    @Test("runNext runs the oldest work item and returns the queue it was sent to")
    func runNextIsFirstInFirstOut() {
        let queue = ManualDispatcher()
        var ran: [String] = []
        queue.mainAsync { ran.append("main") }
        queue.backgroundAsync { ran.append("background") }

        #expect(queue.runNext() == .main, "The oldest work item went to main, so runNext() must return .main.")
        #expect(ran == ["main"], "runNext() runs exactly one work item: the oldest.")
        #expect(queue.pending == [.background], "The item that ran leaves pending; the others stay, in order.")

        #expect(
            queue.runNext() == .background,
            "The second item went to the background queue, so the second runNext() must return .background.")
        #expect(ran == ["main", "background"], "Two runNext() calls run the two items, oldest first.")
        #expect(queue.pending.isEmpty, "Every item ran, so nothing is pending.")
    }

    @Test("runNext with nothing pending runs nothing and returns nil")
    func runNextWhenEmpty() {
        let queue = ManualDispatcher()

        #expect(queue.runNext() == nil, "With nothing pending, runNext() must return nil (and must not crash).")
    }

    @Test("work dispatched by running work waits for its own turn")
    func nestedWorkWaits() {
        let queue = ManualDispatcher()
        var ran: [String] = []
        queue.backgroundAsync {
            ran.append("read")
            queue.mainAsync { ran.append("show") }
        }

        #expect(
            queue.runNext() == .background,
            "The only item went to the background queue, so runNext() must return .background.")
        #expect(
            ran == ["read"],
            "runNext() runs one item. The main work that the background work dispatched must wait for a later run.")
        #expect(queue.pending == [.main], "Work dispatched while an item runs is recorded behind the others.")
    }

    @Test("main work dispatched by running main work waits for its own turn")
    func nestedMainWorkWaits() {
        let queue = ManualDispatcher()
        var ran: [String] = []
        queue.mainAsync {
            ran.append("show the orders")
            queue.mainAsync { ran.append("scroll to the top") }
        }

        #expect(queue.runNext() == .main, "The only item went to main, so runNext() must return .main.")
        #expect(
            ran == ["show the orders"],
            """
            runNext() ran a main item and also the main work that item dispatched: it ran \(ran). \
            The fake never runs work when it is handed over, not even main work sent from main work \
            ("we are already on main" is the real queue's business, and the real main queue waits \
            too): it goes to the end of the line and runs in a later runNext().
            """)
        #expect(
            queue.pending == [.main],
            "Main work dispatched while a main item runs is recorded behind the others; pending is \(queue.pending).")
    }

    @Test("runAll runs everything, including work dispatched while it runs")
    func runAllDrains() {
        let queue = ManualDispatcher()
        var ran: [String] = []
        queue.backgroundAsync {
            ran.append("read")
            queue.mainAsync { ran.append("show") }
        }
        queue.mainAsync { ran.append("spinner") }

        queue.runAllWithinASecond()

        #expect(
            ran == ["read", "spinner", "show"],
            "runAll() runs items oldest first until none is left, including ones dispatched along the way.")
        #expect(queue.pending.isEmpty, "After runAll() nothing is pending.")
    }
}
