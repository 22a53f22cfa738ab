import Dispatch
import Foundation

@testable import Kata18

// The doubles and probes the tests use. You don't write them; they only use the seam the README
// names: `CatalogueDecoding`, `LibraryModel(decoder:)`, `status`, `photos` and `onChange`.

/// Answers "is this code running on the main actor?" without stopping the process (as
/// `MainActor.assertIsolated()` would) and without `Thread.isMainThread` (which says false on the
/// main actor under Swift Testing on Linux).
///
/// The main actor runs its work on the main dispatch queue, on Linux and on Apple platforms
/// alike. So the probe asks the queue: a value stored on the main queue under a key of our own
/// is visible to code running on the main queue, and to no other code.
enum MainActorProbe {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// True when the code that asks runs on the main actor (the main queue).
    static var isOnMainActor: Bool { DispatchQueue.getSpecific(key: key) == true }
}

struct UnreadableCatalogue: Error {}

/// A decoder that answers at once, with the photos it was given or with an error, and writes
/// down for every call whether it ran on the main actor. Given several answers, it gives them in
/// turn, one per call, and then the last one again.
final class ProbeDecoder: CatalogueDecoding, @unchecked Sendable {
    private let answers: [Result<[Photo], any Error>]
    private let lock = NSLock()
    private var ranOnMainActor: [Bool] = []

    init(answering photos: [Photo]) { answers = [.success(photos)] }
    init(failingWith error: any Error) { answers = [.failure(error)] }
    init(answers: [Result<[Photo], any Error>]) { self.answers = answers }

    /// How many times `decode(_:)` was called.
    var calls: Int { locked { ranOnMainActor.count } }
    /// How many of those calls ran on the main actor.
    var callsOnTheMainActor: Int { locked { ranOnMainActor.filter { $0 }.count } }

    func decode(_ data: Data) throws -> [Photo] {
        let onMainActor = MainActorProbe.isOnMainActor
        let answer = locked { () -> Result<[Photo], any Error> in
            ranOnMainActor.append(onMainActor)
            return answers[min(ranOnMainActor.count, answers.count) - 1]
        }
        return try answer.get()
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

/// A decoder that keeps working until the test says it is done, like a catalogue that takes two
/// seconds to decode. `decode(_:)` reports that it started, then waits for `finish()`.
///
/// On the main actor it does not wait: nothing else could run there to call `finish()`, not
/// even the test. It reports that it started on the main actor and answers at once.
final class HeldDecoder: CatalogueDecoding, @unchecked Sendable {
    enum Start: Equatable, Sendable {
        case offTheMainActor
        /// Off the main actor, but the main actor did not run a thing for a second after
        /// decode(_:) started: something holds it while it waits for the decode.
        case offTheMainActorWithTheMainActorHeld
        case onTheMainActor
        case never
    }

    private let photos: [Photo]
    private let finished = DispatchSemaphore(value: 0)
    private let started = FirstAnswer<Start>()

    init(answering photos: [Photo]) { self.photos = photos }

    func decode(_ data: Data) throws -> [Photo] {
        guard !MainActorProbe.isOnMainActor else {
            started.give(.onTheMainActor)
            return photos
        }
        // Is the main actor free while the decoding works? Ask it to run a probe. A free main actor
        // runs it within microseconds; one that waits for this decode never does, so after a
        // second the decoder answers at once, to let it go, and reports that it was held.
        let mainActorRan = DispatchSemaphore(value: 0)
        DispatchQueue.main.async { mainActorRan.signal() }
        guard mainActorRan.wait(timeout: .now() + .seconds(1)) == .success else {
            started.give(.offTheMainActorWithTheMainActorHeld)
            return photos
        }
        started.give(.offTheMainActor)
        // A passing test calls finish() within microseconds. The bound only keeps a thread from
        // waiting forever when a test fails before it gets there.
        _ = finished.wait(timeout: .now() + .seconds(60))
        return photos
    }

    /// Lets a decode that has started return its photos.
    func finish() { finished.signal() }

    /// Waits until `decode(_:)` starts while `call` (the test's task around the model's method)
    /// is still running, and says where it started. Returns `.never` if `call` ends first, or if
    /// the test is cancelled (its time limit ran out) while it waits.
    func start(during call: Task<Void, Never>) async -> Start {
        let started = started
        Task {
            await call.value
            started.give(.never)
        }
        return await withTaskCancellationHandler {
            await started.value()
        } onCancel: {
            started.give(.never)
        }
    }
}

/// A decoder that answers at once, and lets a waiter know that `decode(_:)` has begun.
final class StartSignallingDecoder: CatalogueDecoding, @unchecked Sendable {
    private let photos: [Photo]
    private let began = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var callCount = 0

    init(answering photos: [Photo]) { self.photos = photos }

    /// How many times `decode(_:)` was called.
    var calls: Int {
        lock.lock()
        defer { lock.unlock() }
        return callCount
    }

    func decode(_ data: Data) throws -> [Photo] {
        lock.lock()
        callCount += 1
        lock.unlock()
        began.signal()
        return photos
    }

    /// Waits until `decode(_:)` has begun, for a second at most: true when it has.
    func waitForTheStart() -> Bool { began.wait(timeout: .now() + .seconds(1)) == .success }
}

/// A screen whose first redraw after `.importing` is long, as a redraw of 80,000 thumbnails is: at
/// that `onChange` it queues a block on the main queue that keeps the main actor busy until the
/// decoder has begun (a second at most), and writes down whether it had. Work the import queued
/// on the main actor after that `onChange` can run only once the block is done.
final class LongRedraw: @unchecked Sendable {
    private let lock = NSLock()
    private var queued = false
    private var sawTheDecodeBegin: Bool?

    @MainActor
    init(of model: LibraryModel, decoder: StartSignallingDecoder) {
        model.onChange = { @Sendable [weak self, weak model] in
            guard let self, MainActorProbe.isOnMainActor else { return }
            let importing = MainActor.assumeIsolated { model?.status == .importing }
            guard importing, queueOnce() else { return }
            DispatchQueue.main.async { self.record(decoder.waitForTheStart()) }
        }
    }

    /// Whether the decoder had begun while the long redraw held the main actor; nil when the
    /// redraw has not run.
    var decodeBeganDuringTheRedraw: Bool? {
        lock.lock()
        defer { lock.unlock() }
        return sawTheDecodeBegin
    }

    private func queueOnce() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !queued else { return false }
        queued = true
        return true
    }

    private func record(_ began: Bool) {
        lock.lock()
        sawTheDecodeBegin = began
        lock.unlock()
    }
}

/// Every redraw the model asked for through `onChange`, with the status and the photos (their ids)
/// it showed, and whether it came on the main actor.
final class ScreenRecording: @unchecked Sendable {
    enum Redraw: Equatable {
        case onTheMainActor(ImportStatus, photoIDs: [Int])
        case offTheMainActor
    }

    private let lock = NSLock()
    private var redraws: [Redraw] = []

    @MainActor
    init(of model: LibraryModel) {
        // @Sendable: the closure itself must not assume the main actor, so that a redraw from
        // another thread is written down instead of stopping the test process.
        model.onChange = { @Sendable [weak self, weak model] in
            guard MainActorProbe.isOnMainActor else {
                self?.append(.offTheMainActor)
                return
            }
            MainActor.assumeIsolated {
                if let model { self?.append(.onTheMainActor(model.status, photoIDs: model.photos.map(\.id))) }
            }
        }
    }

    /// The redraws so far, in order.
    var all: [Redraw] {
        lock.lock()
        defer { lock.unlock() }
        return redraws
    }

    private func append(_ redraw: Redraw) {
        lock.lock()
        redraws.append(redraw)
        lock.unlock()
    }
}

/// A screen that draws on the main actor's next turn, as SwiftUI does: at every `onChange` it queues
/// a block on the main queue, and that block writes down the status and the photos (their ids) it
/// finds when it runs. Whatever the main actor ran in between, the block sees.
final class DeferredRedraws: @unchecked Sendable {
    struct Redraw: Equatable, CustomStringConvertible {
        var status: ImportStatus
        var photoIDs: [Int]
        var description: String { "(\(status), \(photoIDs))" }
    }

    private let lock = NSLock()
    private var redraws: [Redraw] = []

    @MainActor
    init(of model: LibraryModel) {
        model.onChange = { @Sendable [weak self, weak model] in
            DispatchQueue.main.async {
                MainActor.assumeIsolated {
                    if let model { self?.append(Redraw(status: model.status, photoIDs: model.photos.map(\.id))) }
                }
            }
        }
    }

    /// The redraws that ran so far, in order.
    var all: [Redraw] {
        lock.lock()
        defer { lock.unlock() }
        return redraws
    }

    /// Returns once the main queue has run every block queued on it before this call.
    static func drainMainQueue() async {
        await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume() }
        }
    }

    private func append(_ redraw: Redraw) {
        lock.lock()
        redraws.append(redraw)
        lock.unlock()
    }
}

/// The first of several possible answers, handed to whoever waits for it. Later answers are
/// ignored. Lets a test wait for "whichever comes first" without a clock.
final class FirstAnswer<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var answer: Value?
    private var waiter: CheckedContinuation<Value, Never>?

    func give(_ value: Value) {
        lock.lock()
        guard answer == nil else {
            lock.unlock()
            return
        }
        answer = value
        let waiting = waiter
        waiter = nil
        lock.unlock()
        waiting?.resume(returning: value)
    }

    func value() async -> Value {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let answer {
                lock.unlock()
                continuation.resume(returning: answer)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }
}

enum Fixtures {
    private static let evening = Date(timeIntervalSince1970: 1_767_294_000)  // 2026-01-01 19:00 UTC

    private static func photo(_ id: Int, _ title: String, hoursAgo: Int, revision: Int = 0) -> Photo {
        Photo(id: id, title: title, takenAt: evening.addingTimeInterval(Double(-hoursAgo * 3600)), revision: revision)
    }

    /// What the doubles answer, and what the real decoder reads from `exportedCatalogue`: three
    /// photos, the newest revision of each, newest first.
    static let photos = [
        photo(3, "Fireworks over the bridge", hoursAgo: 1),
        photo(2, "Lunch at the harbour", hoursAgo: 7),
        photo(1, "Frost on the window", hoursAgo: 12, revision: 1),
    ]

    /// The same photos in an order no sort gives: not by date, id or title, either way round.
    static let inTheDecodersOrder = [photos[1], photos[0], photos[2]]

    /// Two photos of another library, for a second import.
    static let otherLibrary = [
        photo(5, "Snow on the harbour wall", hoursAgo: 2),
        photo(4, "The last ferry", hoursAgo: 5),
    ]

    /// Any bytes: the doubles do not read them.
    static let someCatalogue = Data("[]".utf8)

    /// A real export, for the real decoder: photo 1 in two revisions, oldest photo first.
    static let exportedCatalogue = Data(
        """
        [
          {"id": 1, "title": "IMG_0001", "takenAt": "2026-01-01T07:00:00Z", "revision": 0},
          {"id": 2, "title": "Lunch at the harbour", "takenAt": "2026-01-01T12:00:00Z", "revision": 0},
          {"id": 3, "title": "Fireworks over the bridge", "takenAt": "2026-01-01T18:00:00Z", "revision": 0},
          {"id": 1, "title": "Frost on the window", "takenAt": "2026-01-01T07:00:00Z", "revision": 1}
        ]
        """.utf8
    )
}
