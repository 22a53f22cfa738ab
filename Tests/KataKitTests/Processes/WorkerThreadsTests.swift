import Foundation
import Testing

@testable import KataKit

@Suite("Ordered work on several threads")
struct WorkerThreadsTests {
    final class Log: Sendable {
        private let state = Locked((entries: [Int](), running: 0, mostAtOnce: 0))
        func append(_ index: Int) { state.withLock { $0.entries.append(index) } }
        var all: [Int] { state.value.entries }
        var mostAtOnce: Int { state.value.mostAtOnce }
        func start() {
            state.withLock {
                $0.running += 1
                $0.mostAtOnce = max($0.mostAtOnce, $0.running)
            }
        }
        func end() { state.withLock { $0.running -= 1 } }
    }

    @Test("results are delivered in order though later ones finish first, with at most the workers running")
    func order() {
        let delivered = Log()
        let started = Log()
        // Item 0 waits until item 2 has finished, so it is certainly the last to finish.
        let laterDone = DispatchSemaphore(value: 0)
        let outputs = WorkerThreads.run(count: 5, workers: 3) { index in
            started.start()
            defer { started.end() }
            if index == 0 { _ = laterDone.wait(timeout: .now() + 10) }
            if index == 2 { laterDone.signal() }
            return index * 10
        } deliver: { index, output in
            #expect(output == index * 10)
            delivered.append(index)
        }
        #expect(delivered.all == [0, 1, 2, 3, 4])
        #expect(outputs == [0, 10, 20, 30, 40])
        #expect(started.mostAtOnce <= 3)
    }

    @Test("after a final output no new work starts and nothing later is delivered")
    func stops() {
        let delivered = Log()
        let outputs = WorkerThreads.run(count: 6, workers: 1) { index in
            index
        } isFinal: {
            $0 == 2
        } deliver: { index, _ in
            delivered.append(index)
        }
        #expect(delivered.all == [0, 1, 2])
        #expect(outputs == [0, 1, 2, nil, nil, nil])
    }
}
