import Foundation
import XCTest

@testable import Kata08

/// These tests let the queue run, and never wait to see whether something happens.
///
/// The test's queue runs every operation on `lane`, a serial `DispatchQueue` the test made
/// (`queue.underlyingQueue = lane`). When the network comes back or an operation finishes, the
/// queue hands the operations that can start now to `lane` before the call returns. So the test
/// runs `lane` until the queue has no operation left that is ready and not yet started
/// (`settle`): however many operations stand between the cover and the other photos, every
/// download that could start has asked the loader by then, and the test checks the loader's
/// requests with no waiting: what is missing then never happens. Every download ends when the
/// test says so, in the order the test chooses.
///
/// Only the report may arrive on another thread (a downloader may build it in a
/// `completionBlock`, which Foundation runs on a global queue), so the tests wait for it, with
/// XCTest's `XCTWaiter`, at most `timeout`: it returns the moment the report arrives.
final class RunningQueueTests: XCTestCase {
    private let timeout: TimeInterval = 1

    /// A queue whose operations all start on `lane`, with nothing else changed.
    private func makeQueue() -> (queue: OperationQueue, lane: DispatchQueue) {
        let lane = DispatchQueue(label: "kata08.lane")
        let queue = OperationQueue()
        queue.underlyingQueue = lane
        return (queue, lane)
    }

    /// Runs `lane` until the queue is quiet: suspended, or with no operation that is ready and has
    /// not started. An operation that finishes on `lane` hands the ones it freed to `lane`, so each
    /// round may start more; the rounds are bounded, and a correct downloader needs two or three.
    private func settle(_ queue: OperationQueue, on lane: DispatchQueue) {
        for _ in 0..<50 {
            lane.sync {}
            if queue.isSuspended { return }
            let waiting = queue.operations.contains { $0.isReady && !$0.isExecuting && !$0.isFinished }
            if !waiting { return }
        }
    }

    /// Whether a wait of an earlier test already ran out: then the code under test is known not
    /// to deliver, and later tests wait a tenth of `timeout`, so a broken downloader fails the
    /// whole class in about a second, not a second a test.
    private static let aWaitRanOut = LockedBox(false)

    /// Waits at most `timeout`; on a timeout, fails with the expectation's description and lets
    /// the test stop (`guard ... else { return }`).
    private func arrived(_ expectation: XCTestExpectation, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let patience = Self.aWaitRanOut.value ? timeout / 10 : timeout
        guard XCTWaiter().wait(for: [expectation], timeout: patience) == .completed else {
            Self.aWaitRanOut.value = true
            XCTFail(
                "Waited \(patience) s for this, and it never happened: \(expectation.description)", file: file,
                line: line)
            return false
        }
        return true
    }

    /// Checks that the loader has been asked for exactly `photos`, in any order. On a mismatch it
    /// fails with `message` and returns false, and the test stops: the report it would wait for
    /// cannot come.
    private func requested(
        _ loader: ManualImageLoader, _ photos: Set<URL>, _ message: String, file: StaticString = #filePath,
        line: UInt = #line
    ) -> Bool {
        let requests = loader.requestedURLs
        guard Set(requests) == photos, requests.count == photos.count else {
            let names = requests.map(\.lastPathComponent)
            XCTFail("The loader was asked for \(names). \(message)", file: file, line: line)
            return false
        }
        return true
    }

    private func finish(
        _ loader: ManualImageLoader, _ photo: URL, with data: Data, file: StaticString = #filePath, line: UInt = #line
    ) {
        if !loader.finish(photo, with: .success(data)) {
            XCTFail("\(photo.lastPathComponent) was never requested from the injected loader.", file: file, line: line)
        }
    }

    /// How many times the completion of this test's download has run (XCTest makes a new test
    /// case object for every test).
    private let completionCalls = LockedBox(0)

    /// Starts the download and returns a box the completion fills, with an expectation for it.
    /// `expectation` says what the test waits for, in the words a failure shows.
    private func startDownload(
        _ downloader: AlbumDownloader,
        expecting expectation: String =
            "download(_:completion:) called its completion once every photo was done. Add a "
            + "BlockOperation that depends on every download and builds the AlbumDownloadReport."
    ) -> (LockedBox<AlbumDownloadReport?>, XCTestExpectation) {
        let report = LockedBox<AlbumDownloadReport?>(nil)
        let reported = XCTestExpectation(description: expectation)
        let calls = completionCalls
        downloader.download(Lisbon.album) { result in
            calls.value += 1
            guard calls.value == 1 else { return }
            report.value = result
            reported.fulfill()
        }
        return (report, reported)
    }

    /// After the report arrived: runs `lane` once more, so that whatever the queue was doing when
    /// the completion ran has ended, then checks that the completion ran exactly once.
    private func reportedOnce(on lane: DispatchQueue, file: StaticString = #filePath, line: UInt = #line) {
        lane.sync {}
        XCTAssertEqual(
            completionCalls.value, 1,
            "download(_:completion:) called its completion \(completionCalls.value) times for one album. It runs "
                + "once, after every photo: the album screen would save the album twice.", file: file, line: line)
    }

    private let coverOnlyOnceTheNetworkIsBack =
        "The network came back: the cover, and only the cover, should have reached the injected loader. Create "
        + "every ImageDownloadOperation with the loader you were given, resume the queue when reachability "
        + "reports true (before the handler returns), and make the other photos depend on the cover."
    private let othersOnceTheCoverIsDone =
        "The cover has finished: the other photos should all start now, side by side. None of them may wait for "
        + "another; each waits for the cover (directly or through operations that wait for the cover), never for "
        + "another photo."

    func test_theCoverDownloadsFirst_thenTheOtherPhotos_thenTheReportArrives() {
        let (queue, lane) = makeQueue()
        let loader = ManualImageLoader()
        let reachability = FakeReachability(isReachable: false)  // holds the queue until the test is ready
        let downloader = AlbumDownloader(queue: queue, loader: loader, reachability: reachability)
        defer { withExtendedLifetime(downloader) {} }
        let (report, reported) = startDownload(downloader)
        // Foundation runs each operation's completionBlock on a global queue, on whichever of its
        // threads is free, and on a phone with several cores photos end side by side. Here the
        // cover's completionBlock keeps its thread until the album has reported, so the other
        // photos end on other threads while the cover's end has not returned. Whatever the
        // downloader counts or collects as photos end is touched by two threads with nothing
        // ordering them unless a lock or a queue does: ThreadSanitizer reports that in every run.
        let coverThreadFree = DispatchSemaphore(value: 0)
        defer { coverThreadFree.signal() }
        queue.downloadsByURL[Lisbon.cover]?.keepItsThreadAfterItsCompletionBlock(until: coverThreadFree)

        reachability.set(reachable: true)
        settle(queue, on: lane)
        guard requested(loader, [Lisbon.cover], coverOnlyOnceTheNetworkIsBack) else { return }

        finish(loader, Lisbon.cover, with: Lisbon.coverJPEG)
        settle(queue, on: lane)
        guard requested(loader, [Lisbon.cover, Lisbon.castle, Lisbon.harbour], othersOnceTheCoverIsDone) else {
            return
        }

        finish(loader, Lisbon.harbour, with: Lisbon.harbourJPEG)
        finish(loader, Lisbon.castle, with: Lisbon.castleJPEG)
        guard arrived(reported) else { return }
        reportedOnce(on: lane)
        XCTAssertEqual(
            report.value?.images,
            [Lisbon.cover: Lisbon.coverJPEG, Lisbon.castle: Lisbon.castleJPEG, Lisbon.harbour: Lisbon.harbourJPEG],
            "The report should hold the bytes of every photo, which means it ran after all of them had finished.")
        XCTAssertEqual(report.value?.cancelled, [], "Nothing was cancelled.")
        XCTAssertEqual(report.value?.failed, [], "Nothing failed.")
    }

    func test_aPhotoCancelledBeforeItStarted_neverReachesTheLoader_andIsReportedAsCancelled() {
        let (queue, lane) = makeQueue()
        let loader = ManualImageLoader()
        let reachability = FakeReachability(isReachable: false)
        let downloader = AlbumDownloader(queue: queue, loader: loader, reachability: reachability)
        defer { withExtendedLifetime(downloader) {} }
        let (report, reported) = startDownload(downloader)

        downloader.cancel(Lisbon.castle)  // the queue is held: the castle cannot have started yet

        reachability.set(reachable: true)
        settle(queue, on: lane)
        guard requested(loader, [Lisbon.cover], coverOnlyOnceTheNetworkIsBack) else { return }
        finish(loader, Lisbon.cover, with: Lisbon.coverJPEG)
        settle(queue, on: lane)
        guard
            requested(
                loader, [Lisbon.cover, Lisbon.harbour],
                "The castle was cancelled before it started, so only the harbour should follow the cover: a "
                    + "cancelled operation finishes without asking the loader.")
        else { return }
        finish(loader, Lisbon.harbour, with: Lisbon.harbourJPEG)

        guard arrived(reported) else { return }
        reportedOnce(on: lane)
        XCTAssertEqual(report.value?.cancelled, [Lisbon.castle], "The report should list the cancelled photo.")
        XCTAssertEqual(
            Set(report.value?.images.keys ?? [:].keys), [Lisbon.cover, Lisbon.harbour],
            "The photos that were not cancelled should still be downloaded.")
    }

    func test_whenEveryOtherPhotoIsCancelled_theReportStillWaitsForTheCover() {
        let (queue, lane) = makeQueue()
        let loader = ManualImageLoader()
        let reachability = FakeReachability(isReachable: false)
        let downloader = AlbumDownloader(queue: queue, loader: loader, reachability: reachability)
        defer { withExtendedLifetime(downloader) {} }
        let (report, reported) = startDownload(downloader)

        // A photo cancelled before it started no longer waits for the cover: it starts, and
        // finishes, as soon as the queue runs. Both are done before the cover is.
        let cancelledAreDone = XCTestExpectation(
            description: "the cancelled photos finished, and their completionBlocks ran, once the network was back.")
        cancelledAreDone.expectedFulfillmentCount = 2
        for photo in [Lisbon.castle, Lisbon.harbour] {
            queue.downloadsByURL[photo]?.fulfillAfterItsCompletionBlock(cancelledAreDone)
        }
        downloader.cancel(Lisbon.castle)
        downloader.cancel(Lisbon.harbour)

        reachability.set(reachable: true)
        // A cancelled photo finishes inside its own start(), on `lane`, and hands what waited for
        // it to `lane` from there: settle runs the lane until nothing more can start.
        settle(queue, on: lane)
        guard arrived(cancelledAreDone) else { return }
        guard requested(loader, [Lisbon.cover], "Only the cover may reach the loader.") else { return }
        guard report.value == nil else {
            XCTFail(
                """
                The report arrived while the cover was still downloading: the cancelled photos had \
                finished, and the completion ran. The report comes after every photo, cover included: make \
                it depend on (or count) every download, not the other photos only, and not the album's last \
                photo only.
                """)
            return
        }

        finish(loader, Lisbon.cover, with: Lisbon.coverJPEG)
        guard arrived(reported) else { return }
        reportedOnce(on: lane)
        XCTAssertEqual(report.value?.images, [Lisbon.cover: Lisbon.coverJPEG], "The report should hold the cover.")
        XCTAssertEqual(report.value?.cancelled, [Lisbon.castle, Lisbon.harbour], "Both other photos were cancelled.")
    }

    func test_goingOfflineMidAlbum_letsTheRunningDownloadFinish_andHoldsTheRestUntilTheNetworkIsBack() {
        let (queue, lane) = makeQueue()
        let loader = ManualImageLoader()
        let reachability = FakeReachability(isReachable: true)
        let downloader = AlbumDownloader(queue: queue, loader: loader, reachability: reachability)
        defer { withExtendedLifetime(downloader) {} }

        let (report, reported) = startDownload(downloader)
        settle(queue, on: lane)
        guard requested(loader, [Lisbon.cover], "The network is up: the cover, and only the cover, should start.")
        else { return }

        reachability.set(reachable: false)
        XCTAssertTrue(
            queue.isSuspended,
            "The network went away while the cover was downloading: the queue should be suspended by the time "
                + "the reachability handler returns, not later on another queue.")

        finish(loader, Lisbon.cover, with: Lisbon.coverJPEG)
        // The cover was already running, so it finished. Its dependents are ready now, but a
        // suspended queue starts nothing new.
        settle(queue, on: lane)
        guard
            requested(
                loader, [Lisbon.cover],
                "While offline, the queue must not start the other photos, even though the cover is done.")
        else { return }

        reachability.set(reachable: true)
        settle(queue, on: lane)
        guard
            requested(
                loader, [Lisbon.cover, Lisbon.castle, Lisbon.harbour],
                "The network came back: the other photos should have started. Resume the queue "
                    + "(isSuspended = false) when reachability reports true, before the handler returns.")
        else { return }

        finish(loader, Lisbon.castle, with: Lisbon.castleJPEG)
        finish(loader, Lisbon.harbour, with: Lisbon.harbourJPEG)
        guard arrived(reported) else { return }
        reportedOnce(on: lane)
        XCTAssertEqual(report.value?.images.count, 3, "After the pause, every photo of the album should be downloaded.")
    }

    func test_photosThatFinishBeforeDownloadReturns_stillGetTheirReport() {
        // A queue with free slots starts the cover the moment it is added, and a loader with the
        // photos at hand finishes it at once: on a busy phone, the whole album can be done before
        // download(_:completion:) has reached its next line. This queue does that every time.
        let queue = QueueThatRunsWhatItIsGiven()
        let loader = PhotosAtHand([
            Lisbon.cover: Lisbon.coverJPEG, Lisbon.castle: Lisbon.castleJPEG, Lisbon.harbour: Lisbon.harbourJPEG,
        ])
        let downloader = AlbumDownloader(
            queue: queue, loader: loader, reachability: FakeReachability(isReachable: true))
        defer { withExtendedLifetime(downloader) {} }
        let (report, reported) = startDownload(
            downloader,
            expecting: "download(_:completion:) called its completion for an album whose photos had all finished "
                + "before download returned (a running queue, a loader with the photos at hand). Set up what "
                + "reports (each completionBlock, or a report operation and its dependencies) before you add "
                + "the operations to the queue: an operation that has finished never runs a completionBlock set "
                + "afterwards.")

        guard arrived(reported) else { return }
        reportedOnce(on: queue.lane)
        XCTAssertEqual(
            report.value?.images,
            [Lisbon.cover: Lisbon.coverJPEG, Lisbon.castle: Lisbon.castleJPEG, Lisbon.harbour: Lisbon.harbourJPEG],
            "The report should hold the bytes of every photo.")
    }

    func test_onceAnAlbumHasReported_theDownloaderKeepsNoneOfItsOperations() {
        let (queue, lane) = makeQueue()
        let loader = ManualImageLoader()
        let reachability = FakeReachability(isReachable: false)
        let downloader = AlbumDownloader(queue: queue, loader: loader, reachability: reachability)
        defer { withExtendedLifetime(downloader) {} }
        let (_, reported) = startDownload(downloader)
        // Weak references: they let each operation go once nobody else holds it.
        let operations = queue.operations.map(Weak.init)
        downloader.cancel(Lisbon.castle)  // a cancelled photo must be let go too

        reachability.set(reachable: true)
        settle(queue, on: lane)
        guard requested(loader, [Lisbon.cover], coverOnlyOnceTheNetworkIsBack) else { return }
        finish(loader, Lisbon.cover, with: Lisbon.coverJPEG)
        settle(queue, on: lane)
        guard requested(loader, [Lisbon.cover, Lisbon.harbour], othersOnceTheCoverIsDone) else { return }
        finish(loader, Lisbon.harbour, with: Lisbon.harbourJPEG)
        guard arrived(reported) else { return }
        reportedOnce(on: lane)

        // The queue lets go of an operation on its own threads once it has finished: give it the
        // time that takes, a second at most.
        let deadline = DispatchTime.now() + timeout
        while operations.contains(where: { $0.object != nil }) && DispatchTime.now() < deadline {
            lane.sync {}
            sched_yield()
        }
        let kept = operations.compactMap { $0.object }
        XCTAssertTrue(
            kept.isEmpty,
            "Lisbon has reported, and \(kept.count) of its operations are still alive "
                + "(\(kept.map { ($0 as? ImageDownloadOperation)?.url.lastPathComponent ?? "\(type(of: $0))" })). "
                + "Each download holds its photo's bytes: once the album is done, forget its operations (remove them "
                + "from any table of yours), or an app that saves many albums keeps every photo in memory.")
    }
}

/// A weak reference, to see whether anybody else still holds an object.
final class Weak {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}

/// A queue that has run what it is given by the time `addOperation(_:)` or
/// `addOperations(_:waitUntilFinished:)` returns, as a fast queue may have on a busy phone: every
/// operation starts on `lane`, and each add runs `lane` until no operation is left that is ready
/// and not yet started (a bounded number of rounds).
final class QueueThatRunsWhatItIsGiven: OperationQueue, @unchecked Sendable {
    let lane = DispatchQueue(label: "kata08.runs-what-it-is-given")

    override init() {
        super.init()
        underlyingQueue = lane
    }

    override func addOperation(_ op: Operation) {
        super.addOperation(op)
        runUntilQuiet()
    }

    override func addOperations(_ ops: [Operation], waitUntilFinished wait: Bool) {
        super.addOperations(ops, waitUntilFinished: wait)
        runUntilQuiet()
    }

    private func runUntilQuiet() {
        for _ in 0..<50 {
            lane.sync {}
            if isSuspended { return }
            if !operations.contains(where: { $0.isReady && !$0.isExecuting && !$0.isFinished }) { return }
        }
    }
}

/// A loader that has every photo at hand, as a cache does: it calls back at once, inside
/// `loadImage`, on the queue's thread.
final class PhotosAtHand: ImageLoading {
    private let photos: [URL: Data]

    init(_ photos: [URL: Data]) {
        self.photos = photos
    }

    func loadImage(from url: URL, completion: @escaping (Result<Data, Error>) -> Void) {
        if let data = photos[url] {
            completion(.success(data))
        } else {
            completion(.failure(NotAtHand()))
        }
    }
}

/// What `PhotosAtHand` answers for a photo it does not have.
struct NotAtHand: Error {}
