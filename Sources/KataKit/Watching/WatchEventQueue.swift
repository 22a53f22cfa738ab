import Foundation

/// The events of `kata watch`, posted from the watcher's and the key reader's threads and
/// taken one at a time by the loop, which sleeps on a condition until one comes or a check is due.
final class WatchEventQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [WatchEvent] = []

    func post(_ event: WatchEvent) {
        condition.withLock {
            events.append(event)
            condition.signal()
        }
    }

    /// The oldest event, waiting for one until `deadline` (for ever when nil); nil when the
    /// deadline came first.
    func next(until deadline: ContinuousClock.Instant?) -> WatchEvent? {
        condition.withLock {
            while events.isEmpty {
                guard let deadline else {
                    condition.wait()
                    continue
                }
                let left = ContinuousClock.now.duration(to: deadline)
                guard left > .zero else { return nil }
                let seconds = left.seconds
                _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
            }
            return events.removeFirst()
        }
    }

    /// Forgets the changes reported so far (those of a kata no longer watched), keeping the keys.
    func discardFileChanges() {
        condition.withLock { events.removeAll { $0 == .filesChanged } }
    }
}
