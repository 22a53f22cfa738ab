import Kata01
import Testing

struct ImmediateDispatcher: Dispatching {
    func dispatch(_ work: @escaping () -> Void) { work() }
}

@Suite("TapCounter")
struct TapCounterTests {
    @Test("starts at zero")
    func startsAtZero() {
        #expect(TapCounter(dispatcher: ImmediateDispatcher()).taps == 0)
    }
}
