import Foundation
import Synchronization
import Testing

@testable import Kata08

/// The album screen calls the downloader on one thread while a background sync queues albums on
/// another, and albums end on the queue's threads. This suite makes those calls take turns in a
/// fixed order: each call comes right after the one before it, on another thread.
///
/// The turns are handed over with a relaxed atomic, which orders the calls in time and in nothing
/// else, exactly like two threads of an app that happen to call one after the other. So when the
/// downloader leaves what the calls share unguarded, nothing orders one thread's access before
/// the other's, and ThreadSanitizer (the kata's `sanitizer: thread`) reports a data race, in every
/// run, whether or not the two accesses met in time. A lock, a serial queue or the queue's own
/// `operations` orders them, and the suite passes.
@Suite("AlbumDownloader, called from two threads in turn while albums end")
struct TwoCallersTests {
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    @Test("download(_:) and cancel(_:) on two threads, each right after the other, while an album ends in between")
    func callsTakingTurns() {
        // ThreadSanitizer remembers only the last few accesses to each variable, so one round can
        // miss a race that the next one shows: eight rounds, each with a downloader of its own.
        for round in 1...8 {
            guard takeTurns(round) else { return }  // one round that failed says it all, and fast
        }
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    private func takeTurns(_ round: Int) -> Bool {
        func photo(_ name: String) -> URL { URL(string: "https://photos.example.com/round-\(round)/\(name).jpg")! }
        let lisbon = Album(title: "Lisbon", cover: photo("tram-28"), photos: [photo("castle"), photo("harbour")])
        // Another album with the castle in it: its cover.
        let highlights = Album(title: "Best of Portugal", cover: photo("castle"), photos: [])
        // The album that ends in between: the test finishes its cover first, then its chapel.
        let evora = Album(title: "Évora", cover: photo("temple"), photos: [photo("chapel")])

        let loader = ManualImageLoader()
        let downloader = AlbumDownloader(
            queue: OperationQueue(), loader: loader, reachability: FakeReachability(isReachable: true))
        defer { withExtendedLifetime(downloader) {} }
        let turns = Turns()
        let evoraReports = LockedBox(0)
        downloader.download(evora) { _ in
            evoraReports.update { $0 += 1 }
            turns.pass(5)  // Évora ended: the screen's turn
        }
        guard loader.waitForRequests([evora.cover]) else {
            Issue.record("The network is up: Évora's cover should reach the loader.")
            return false
        }
        loader.finish(evora.cover, with: .success(Lisbon.coverJPEG))
        guard loader.waitForRequests(evora.photos) else {
            Issue.record("Évora's cover is done: its other photo should reach the loader.")
            return false
        }

        // The album screen, on a thread of its own that runs nothing else (a queue's thread could
        // go on to run an album's end, and one thread's steps are ordered). It removes photos
        // right after the sync queued Lisbon, right after it queued the castle again, and right
        // after Évora ended.
        let screenTurns = LockedBox<[Int]>([])
        let screenDone = DispatchSemaphore(value: 0)
        let screen = Thread {
            var reached: [Int] = []
            if turns.wait(for: 1) {
                reached.append(1)
                downloader.cancel(lisbon.photos[0])
                downloader.cancel(evora.cover)  // done already: nothing to cancel
                turns.pass(2)
            }
            if turns.wait(for: 3) {
                reached.append(3)
                downloader.cancel(evora.cover)
                turns.pass(4)
            }
            if turns.wait(for: 5) {
                reached.append(5)
                downloader.cancel(evora.cover)
            }
            screenTurns.value = reached
            screenDone.signal()
        }
        screen.start()

        // The sync, on the test's thread.
        downloader.download(lisbon) { _ in }
        turns.pass(1)  // the screen's turn
        let firstTurnCame = turns.wait(for: 2)
        downloader.download(highlights) { _ in }  // the castle again, in another album
        turns.pass(3)
        let secondTurnCame = turns.wait(for: 4)
        loader.finish(evora.photos[0], with: .success(Lisbon.castleJPEG))  // Évora ends on the queue

        let screenFinished = screenDone.wait(timeout: .now() + 1) == .success
        #expect(screenFinished, "The album screen's thread never finished.")
        let everyTurnCame = firstTurnCame && secondTurnCame && screenTurns.value == [1, 3, 5]
        #expect(
            everyTurnCame,
            """
            Each call was to come right after the one before it, on the other thread, but a turn never came \
            (the screen reached turns \(screenTurns.value)): does download(_:), cancel(_:) or an album's end \
            wait for another thread?
            """)
        #expect(evoraReports.value == 1, "Évora should report once, when its last photo is done.")
        return screenFinished && everyTurnCame && evoraReports.value == 1
    }
}

/// Whose turn it is, handed from thread to thread in time only.
///
/// A relaxed atomic orders nothing else: ThreadSanitizer sees no lock and no queue between the
/// thread that passes the turn and the one that takes it, as between two threads of an app that
/// call one after the other by chance.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
private final class Turns: Sendable {
    private let current = Atomic<Int>(0)

    func pass(_ turn: Int) {
        current.store(turn, ordering: .relaxed)
    }

    /// Waits until `turn` has come, at most a second. False if it never came.
    func wait(for turn: Int) -> Bool {
        let deadline = DispatchTime.now() + 1
        while current.load(ordering: .relaxed) < turn {
            if DispatchTime.now() > deadline { return false }
            sched_yield()
        }
        return true
    }
}

extension ManualImageLoader {
    /// Waits until every one of `urls` has reached the loader, at most a second.
    fileprivate func waitForRequests(_ urls: [URL]) -> Bool {
        let deadline = DispatchTime.now() + 1
        while !Set(urls).isSubset(of: requestedURLs) {
            if DispatchTime.now() > deadline { return false }
            sched_yield()
        }
        return true
    }
}
