import Foundation
import XCTest

@testable import Kata08

/// A network switch the test flips by hand. Handlers run at once, on the test's thread, so
/// after `set(reachable:)` returns the downloader has already reacted.
final class FakeReachability: NetworkReachability {
    private let lock = NSLock()
    private var reachable: Bool
    private var handlers: [(Bool) -> Void] = []

    init(isReachable: Bool) {
        reachable = isReachable
    }

    var isReachable: Bool {
        lock.lock()
        defer { lock.unlock() }
        return reachable
    }

    func onReachabilityChange(_ handler: @escaping (Bool) -> Void) {
        lock.lock()
        handlers.append(handler)
        lock.unlock()
    }

    func set(reachable newValue: Bool) {
        lock.lock()
        reachable = newValue
        let handlers = self.handlers
        lock.unlock()
        for handler in handlers {
            handler(newValue)
        }
    }
}

/// A loader the test finishes by hand, photo by photo.
///
/// Each request is written down and its completion kept until the test calls
/// `finish(_:with:)`. Requests arrive on the queue's threads.
final class ManualImageLoader: ImageLoading {
    private let lock = NSLock()
    private var requested: [URL] = []
    private var open: [URL: (Result<Data, Error>) -> Void] = [:]

    /// Every URL asked for so far, oldest first.
    var requestedURLs: [URL] {
        lock.lock()
        defer { lock.unlock() }
        return requested
    }

    func loadImage(from url: URL, completion: @escaping (Result<Data, Error>) -> Void) {
        lock.lock()
        requested.append(url)
        open[url] = completion
        lock.unlock()
    }

    /// Calls back the open request for `url`, on the test's thread. False if there is none.
    @discardableResult
    func finish(_ url: URL, with result: Result<Data, Error>) -> Bool {
        lock.lock()
        let completion = open.removeValue(forKey: url)
        lock.unlock()
        guard let completion = completion else { return false }
        completion(result)
        return true
    }
}

/// A value written on one of the queue's threads and read by the test.
final class LockedBox<Value> {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            stored = newValue
            lock.unlock()
        }
    }

    /// Changes the value in one step, under the lock: no other thread's change can come between
    /// the read and the write.
    func update(_ change: (inout Value) -> Void) {
        lock.lock()
        change(&stored)
        lock.unlock()
    }
}

/// The album every test downloads: a cover and two more photos.
enum Lisbon {
    static let cover = URL(string: "https://photos.example.com/lisbon/tram-28.jpg")!
    static let castle = URL(string: "https://photos.example.com/lisbon/castle.jpg")!
    static let harbour = URL(string: "https://photos.example.com/lisbon/harbour.jpg")!
    static let album = Album(title: "Lisbon, May", cover: cover, photos: [castle, harbour])

    static let coverJPEG = Data([0xFF, 0xD8, 0x01])
    static let castleJPEG = Data([0xFF, 0xD8, 0x02])
    static let harbourJPEG = Data([0xFF, 0xD8, 0x03])
}

/// A second album, saved while the first one is still queued.
enum Porto {
    static let cover = URL(string: "https://photos.example.com/porto/ribeira.jpg")!
    static let bridge = URL(string: "https://photos.example.com/porto/bridge.jpg")!
    static let album = Album(title: "Porto, June", cover: cover, photos: [bridge])
}

extension OperationQueue {
    /// The download operations waiting in a suspended queue, by URL. Reading `operations` is a
    /// race on a running queue; on a suspended one nothing moves, so the answer holds.
    var downloadsByURL: [URL: ImageDownloadOperation] {
        var byURL: [URL: ImageDownloadOperation] = [:]
        for case let download as ImageDownloadOperation in operations {
            byURL[download.url] = download
        }
        return byURL
    }
}

extension Operation {
    /// True if `other` must finish before this operation can start, directly or through others.
    func waits(for other: Operation) -> Bool {
        dependencies.contains { $0 === other || $0.waits(for: other) }
    }

    /// Fulfils `expectation` once this operation has finished and its own `completionBlock`, if
    /// the downloader gave it one, has returned. Foundation runs `completionBlock` on a global
    /// queue, so this is how a test knows that everything the operation's end set off is over.
    /// Call it while the queue is held, before the operation can finish.
    func fulfillAfterItsCompletionBlock(_ expectation: XCTestExpectation) {
        afterItsCompletionBlock { expectation.fulfill() }
    }

    /// Keeps the thread that ran this operation's `completionBlock` (Foundation's, on a global
    /// queue) until `free` is signalled, a second at most: whatever ends after this operation
    /// ends on another thread. Call it while the queue is held, before the operation can finish.
    func keepItsThreadAfterItsCompletionBlock(until free: DispatchSemaphore) {
        afterItsCompletionBlock { _ = free.wait(timeout: .now() + 1) }
    }

    /// Runs `then` on the thread of this operation's `completionBlock`, right after the block the
    /// downloader set, if any.
    private func afterItsCompletionBlock(_ then: @escaping @Sendable () -> Void) {
        let ownBlock = completionBlock
        completionBlock = {
            ownBlock?()
            then()
        }
    }
}
