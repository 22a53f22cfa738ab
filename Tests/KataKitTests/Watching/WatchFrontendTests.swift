import Foundation
import TestSupport
import Testing

@testable import KataKit

/// The watch loop with its parts scripted: the checks say passed or failed at once, and press
/// keys or report changes while they "run", as a learner and an editor would.
@Suite("kata watch, the loop")
struct WatchFrontendTests {
    /// A watcher that reports a change whenever the test says so.
    final class ManualWatcher: FileWatcher, Sendable {
        let tree: WatchedTree
        private let state = Locked<(onChange: (@Sendable (Set<String>) -> Void)?, isStopped: Bool)>((nil, false))

        init(tree: WatchedTree) { self.tree = tree }

        var isStopped: Bool { state.value.isStopped }

        func start(onChange: @escaping @Sendable (Set<String>) -> Void) throws {
            state.withLock { $0.onChange = onChange }
        }

        func stop() {
            state.withLock { $0 = (nil, true) }
        }

        func change(_ path: String = "Sources/Kata02/Greeter.swift") {
            state.value.onChange?([path])
        }
    }

    /// A watcher whose notification is not available.
    final class UnavailableWatcher: FileWatcher, Sendable {
        let tree: WatchedTree
        init(tree: WatchedTree) { self.tree = tree }
        func start(onChange: @escaping @Sendable (Set<String>) -> Void) throws {
            throw FileWatcherError("inotify is not available (test).")
        }
        func stop() {}
    }

    /// Keys the test presses.
    final class ScriptedKeys: KeySource, Sendable {
        private let onKey = Locked<(@Sendable (UInt8) -> Void)?>(nil)

        func start(onKey: @escaping @Sendable (UInt8) -> Void) throws {
            self.onKey.withLock { $0 = onKey }
        }

        func stop() {}

        func press(_ keys: String) {
            let onKey = onKey.value
            for key in keys.utf8 { onKey?(key) }
        }
    }

    /// One watch, run on a thread of its own so a loop that never ends fails the test (after
    /// `timeLimit`, it is told to quit) instead of hanging it.
    final class Watch: Sendable {
        let repository: KataRepository
        let captured = CapturedConsole()
        let keys = ScriptedKeys()
        private let watchers = Locked<[ManualWatcher]>([])
        private let checkedKatas = Locked<[Int]>([])

        init() throws {
            repository = try Fixtures.repositoryCopy()
        }

        var checked: [Int] { checkedKatas.value }
        var watcher: ManualWatcher? { watchers.value.last }
        var allWatchers: [ManualWatcher] { watchers.value }

        /// Runs `kata watch reference`; `script` is the check: given the kata and how many
        /// checks came before, it returns the check's status.
        func run(
            _ reference: String?,
            makeWatcher: (@Sendable (WatchedTree) -> any FileWatcher)? = nil,
            timeLimit: Double = 30,
            script: @escaping @Sendable (Watch, Kata, Int) throws -> Int32
        ) throws -> Int32 {
            let context = CommandContext(
                workingDirectory: repository.root, environment: [:], console: captured.console())
            let result = Locked<Result<Int32, any Error>?>(nil)
            let finished = DispatchSemaphore(value: 0)
            let thread = Thread {
                let ended = Result {
                    try WatchFrontend(context: context).run(
                        kata: reference,
                        keys: self.keys,
                        makeWatcher: makeWatcher ?? { tree in
                            let watcher = ManualWatcher(tree: tree)
                            self.watchers.withLock { $0.append(watcher) }
                            return watcher
                        },
                        quietPeriod: .milliseconds(50),
                        check: { kata in
                            let before = self.checkedKatas.withLock { checked in
                                defer { checked.append(kata.number) }
                                return checked.count
                            }
                            return try script(self, kata, before)
                        }
                    )
                }
                result.withLock { $0 = ended }
                finished.signal()
            }
            thread.start()
            if finished.wait(timeout: .now() + timeLimit) == .timedOut {
                Issue.record("kata watch did not end within \(timeLimit) s; output so far:\n\(captured.output)")
                keys.press("q")
                _ = finished.wait(timeout: .now() + 10)
            }
            guard let ended = result.value else { throw KataError(.usage, "kata watch did not end.") }
            return try ended.get()
        }
    }

    @Test("checks at once, once more after changes made during a check, and quits on q")
    func checksAgainAfterChanges() throws {
        let watch = try Watch()
        let status = try watch.run("2") { watch, _, before in
            if before == 0 {
                // An editor's save: three changes in a row, during the check.
                watch.watcher?.change()
                watch.watcher?.change()
                watch.watcher?.change("Tests/Kata02Tests/GreeterTests.swift")
            } else {
                watch.keys.press("q")
            }
            return ExitStatus.failure
        }
        #expect(status == ExitStatus.success)
        #expect(watch.checked == [2, 2])
        #expect(
            watch.captured.output.contains(
                "Watching Katas/02-failing-kata for changes · r check again · h hint · q quit\n"))
        #expect(watch.watcher?.isStopped == true)
    }

    @Test("r checks again; other keys do nothing")
    func checkAgainOnR() throws {
        let watch = try Watch()
        _ = try watch.run("2") { watch, _, before in
            watch.keys.press(before == 0 ? "x\nR" : "q")
            return ExitStatus.failure
        }
        #expect(watch.checked == [2, 2])
    }

    @Test("n before a pass asks first and moves on at a second n; after a pass it moves on at once")
    func nextKata() throws {
        let watch = try Watch()
        let status = try watch.run("2") { watch, kata, _ in
            switch kata.number {
            case 2:
                watch.keys.press("nn")
                return ExitStatus.failure
            case 3:
                watch.keys.press("n")
                return ExitStatus.success
            default:
                watch.keys.press("nq")
                return ExitStatus.success
            }
        }
        #expect(status == ExitStatus.success)
        #expect(watch.checked == [2, 3, 4])
        let output = watch.captured.output
        #expect(output.contains("Kata 02 has not passed yet; press n again to move on anyway.\n"))
        #expect(output.contains("✔ Kata 03 passed · n next kata (Kata 04 · Tame the flaky test) · q quit\n"))
        #expect(
            output.contains(
                "✔ Kata 04 passed, the last kata · still watching Katas/04-flaky-kata · r check again · q quit\n"))
        #expect(output.contains("Kata 04 is the last kata; there is no next one. q quits.\n"))
        let watched = watch.allWatchers
        #expect(watched.map(\.tree.root.lastPathComponent) == ["02-failing-kata", "03-broken-kata", "04-flaky-kata"])
        #expect(watched.allSatisfy { $0.isStopped })
    }

    @Test("a key between two n's means the learner changed their mind")
    func secondNMustFollowTheFirst() throws {
        let watch = try Watch()
        _ = try watch.run("2") { watch, _, _ in
            watch.keys.press("nhnq")
            return ExitStatus.failure
        }
        #expect(watch.checked == [2])
        let reminders = watch.captured.output.components(separatedBy: "press n again").count - 1
        #expect(reminders == 2)
    }

    @Test("h shows the kata's hints one by one, like kata hint, then all of them again")
    func hints() throws {
        let watch = try Watch()
        _ = try watch.run("2") { watch, _, _ in
            watch.keys.press("hhhq")
            return ExitStatus.failure
        }
        let output = watch.captured.output
        // The same hints, and the same count, as `kata hint 2`.
        #expect(output.contains("Hint 1 of 2 · Kata 02 · Fix the greeting\n"))
        #expect(output.contains("Hint 2 of 2 · Kata 02 · Fix the greeting\n"))
        #expect(output.contains("That was the last hint."))
        #expect(output.contains("You have seen all 2 hints of Kata 02 · Fix the greeting."))
        #expect(
            ProgressStore(file: watch.repository.stateFile).load().progress.hintsShown(
                of: try KataCatalog.load(from: watch.repository).kata(named: "2")) == 2)
    }

    @Test(
        "a change to the kata's files brings a check through the real polling watcher, when notification is not available"
    )
    func fallsBackToPolling() throws {
        let watch = try Watch()
        let makeWatcher: @Sendable (WatchedTree) -> any FileWatcher = { UnavailableWatcher(tree: $0) }
        let status = try watch.run("2", makeWatcher: makeWatcher) { watch, kata, before in
            if before == 0 {
                try Fixtures.write(
                    "public func greeting(for name: String) -> String { \"Hello, \\(name)!\" }\n",
                    to: kata.sourcesDirectory.appendingPathComponent("Greeter.swift"))
            } else {
                watch.keys.press("q")
            }
            return ExitStatus.failure
        }
        #expect(status == ExitStatus.success)
        #expect(watch.checked == [2, 2])
        #expect(
            watch.captured.errors
                == "note: inotify is not available (test). Looking for changes every half second instead.\n")
    }

    @Test("without a kata, watches the first one not passed")
    func firstNotPassed() throws {
        let watch = try Watch()
        let catalog = try KataCatalog.load(from: watch.repository)
        try ProgressStore(file: watch.repository.stateFile).record(.passed, for: catalog.katas[0])
        _ = try watch.run(nil) { watch, _, _ in
            watch.keys.press("q")
            return ExitStatus.failure
        }
        #expect(watch.checked == [2])
    }

    @Test("when every kata has passed, says so and ends")
    func everyKataPassed() throws {
        let watch = try Watch()
        let catalog = try KataCatalog.load(from: watch.repository)
        for kata in catalog.katas { try ProgressStore(file: watch.repository.stateFile).record(.passed, for: kata) }
        let status = try watch.run(nil) { _, _, _ in ExitStatus.failure }
        #expect(status == ExitStatus.success)
        #expect(watch.checked.isEmpty)
        #expect(watch.captured.output == "Every kata has passed. Run `kata watch N` to watch one again.\n")
    }

    @Test("an unknown kata is a usage error, before anything is watched")
    func unknownKata() throws {
        let watch = try Watch()
        #expect(throws: KataError.self) { try watch.run("17") { _, _, _ in ExitStatus.failure } }
        #expect(watch.checked.isEmpty)
        #expect(watch.allWatchers.isEmpty)
    }

    @Test("the event queue hands events over in order and times out when none comes")
    func eventQueue() {
        let queue = WatchEventQueue()
        #expect(queue.next(until: .now + .milliseconds(20)) == nil)
        queue.post(.filesChanged)
        queue.post(.key(UInt8(ascii: "q")))
        queue.post(.filesChanged)
        queue.discardFileChanges()
        #expect(queue.next(until: .now) == .key(UInt8(ascii: "q")))
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { queue.post(.filesChanged) }
        #expect(queue.next(until: nil) == .filesChanged)
    }
}
