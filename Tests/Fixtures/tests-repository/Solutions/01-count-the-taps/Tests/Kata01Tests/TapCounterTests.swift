import Kata01
import Testing

/// Keeps the work until the test runs it.
final class HeldDispatcher: Dispatching {
    private var held: [() -> Void] = []

    func dispatch(_ work: @escaping () -> Void) { held.append(work) }

    func runAll() {
        while !held.isEmpty { held.removeFirst()() }
    }
}

@Suite("TapCounter")
struct TapCounterTests {
    @Test("counts only when the dispatcher runs the work")
    func countsInsideTheWork() {
        let dispatcher = HeldDispatcher()
        let counter = TapCounter(dispatcher: dispatcher)
        counter.tap()
        #expect(counter.taps == 0, "tap() counted before the dispatcher ran its work")
        dispatcher.runAll()
        #expect(counter.taps == 1)
    }

    @Test("tells onChange once per tap, with the new count")
    func tellsOnChangeOnce() {
        let dispatcher = HeldDispatcher()
        let counter = TapCounter(dispatcher: dispatcher)
        var heard: [Int] = []
        counter.onChange = { heard.append($0) }
        counter.tap()
        counter.tap()
        dispatcher.runAll()
        #expect(heard == [1, 2])
    }
}
