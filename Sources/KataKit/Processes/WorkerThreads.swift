import Foundation

/// Runs numbered pieces of work on a bounded number of threads, and hands the results on in
/// order: each one as soon as it and every one before it is done. That is how `kata verify`
/// runs katas side by side and still prints one line per kata in catalog order.
///
/// The work blocks on child processes (`swift build`, `swift test`), so it runs on threads of
/// its own rather than on the cooperative pool or GCD's, which size themselves for computing.
///
/// ```swift
/// let results = WorkerThreads.run(count: katas.count, workers: 2) { index in
///     verify(katas[index])
/// } deliver: { index, result in
///     print(katas[index].heading, result)   // 0, 1, 2, … whatever order they finished in
/// }
/// ```
enum WorkerThreads {
    /// `isFinal`: after an output for which it is true, no new work starts and nothing after it
    /// is delivered (the work already running still finishes). The result has an output for each
    /// index that ran, nil for the rest.
    static func run<Output: Sendable>(
        count: Int,
        workers: Int,
        work: @escaping @Sendable (Int) -> Output,
        isFinal: @escaping @Sendable (Output) -> Bool = { _ in false },
        deliver: @escaping @Sendable (Int, Output) -> Void = { _, _ in }
    ) -> [Output?] {
        let state = State<Output>(count: count, isFinal: isFinal, deliver: deliver)
        let threads = max(1, min(workers, count))
        guard threads > 1 else {
            while let index = state.claim() { state.finish(index, work(index)) }
            return state.outputs
        }
        let group = DispatchGroup()
        for _ in 0..<threads {
            group.enter()
            let thread = Thread {
                while let index = state.claim() { state.finish(index, work(index)) }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        return state.outputs
    }

    private final class State<Output: Sendable>: Sendable {
        private let count: Int
        private let isFinal: @Sendable (Output) -> Bool
        private let deliver: @Sendable (Int, Output) -> Void
        private let progress: Locked<Progress>

        private struct Progress {
            var nextToStart = 0
            var nextToDeliver = 0
            var stopped = false
            var finished: [Output?]
        }

        init(
            count: Int, isFinal: @escaping @Sendable (Output) -> Bool,
            deliver: @escaping @Sendable (Int, Output) -> Void
        ) {
            self.count = count
            self.isFinal = isFinal
            self.deliver = deliver
            progress = Locked(Progress(finished: Array(repeating: nil, count: count)))
        }

        var outputs: [Output?] { progress.withLock { $0.finished } }

        func claim() -> Int? {
            progress.withLock { progress in
                guard !progress.stopped, progress.nextToStart < count else { return nil }
                defer { progress.nextToStart += 1 }
                return progress.nextToStart
            }
        }

        /// Delivering under the lock keeps the order even when two workers finish at once.
        func finish(_ index: Int, _ output: Output) {
            progress.withLock { progress in
                progress.finished[index] = output
                if isFinal(output) { progress.stopped = true }
                while progress.nextToDeliver < count, let ready = progress.finished[progress.nextToDeliver] {
                    deliver(progress.nextToDeliver, ready)
                    progress.nextToDeliver += 1
                    if isFinal(ready) {
                        progress.nextToDeliver = count
                    }
                }
            }
        }
    }
}
