import Foundation
import XCTest

@testable import Kata08

/// These tests let the queue run, so they have to wait for its threads. They use XCTest for a
/// bounded wait: `XCTWaiter` returns as soon as the expectation is fulfilled (milliseconds with
/// a correct downloader) and fails after `timeout` only when something is wrong. Nothing
/// sleeps, and every download ends when the test says so, in the order the test chooses.
final class RunningQueueTests: XCTestCase {
    private let timeout: TimeInterval = 1

    /// Waits at most `timeout`; on a timeout, fails with the expectation's description and lets
    /// the test stop (`guard ... else { return }`).
    private func arrived(_ expectation: XCTestExpectation, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        guard XCTWaiter().wait(for: [expectation], timeout: timeout) == .completed else {
            XCTFail(
                "Waited \(timeout) s for this, and it never happened: \(expectation.description)", file: file,
                line: line)
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

    /// Starts the download and returns a box the completion fills, with an expectation for it.
    private func startDownload(_ downloader: AlbumDownloader) -> (LockedBox<AlbumDownloadReport?>, XCTestExpectation) {
        let report = LockedBox<AlbumDownloadReport?>(nil)
        let reported = XCTestExpectation(
            description: "download(_:completion:) called its completion once every photo was done. Add a "
                + "BlockOperation that depends on every download and builds the AlbumDownloadReport.")
        downloader.download(Lisbon.album) { result in
            report.value = result
            reported.fulfill()
        }
        return (report, reported)
    }

    func test_theCoverDownloadsFirst_thenTheOtherPhotos_thenTheReportArrives() {
        let queue = OperationQueue()
        let loader = ManualImageLoader()
        let reachability = FakeReachability(isReachable: false)  // holds the queue until the test is ready
        let downloader = AlbumDownloader(queue: queue, loader: loader, reachability: reachability)
        defer { withExtendedLifetime(downloader) {} }
        let (report, reported) = startDownload(downloader)

        let coverRequested = loader.expectation(
            forRequestCount: 1,
            description: "a download reached the injected loader once the network came back. Create every "
                + "ImageDownloadOperation with the loader you were given, and resume the queue when "
                + "reachability reports true.")
        reachability.set(reachable: true)
        guard arrived(coverRequested) else { return }
        XCTAssertEqual(
            loader.requestedURLs, [Lisbon.cover],
            "Only the cover may be downloading now: the other photos depend on it and wait until it has finished.")

        let photosRequested = loader.expectation(
            forRequestCount: 3,
            description: "the other two photos were requested after the cover finished.")
        finish(loader, Lisbon.cover, with: Lisbon.coverJPEG)
        guard arrived(photosRequested) else { return }
        XCTAssertEqual(Set(loader.requestedURLs.dropFirst()), [Lisbon.castle, Lisbon.harbour])

        finish(loader, Lisbon.harbour, with: Lisbon.harbourJPEG)
        finish(loader, Lisbon.castle, with: Lisbon.castleJPEG)
        guard arrived(reported) else { return }
        XCTAssertEqual(
            report.value?.images,
            [Lisbon.cover: Lisbon.coverJPEG, Lisbon.castle: Lisbon.castleJPEG, Lisbon.harbour: Lisbon.harbourJPEG],
            "The report should hold the bytes of every photo, which means it ran after all of them had finished.")
        XCTAssertEqual(report.value?.cancelled, [], "Nothing was cancelled.")
        XCTAssertEqual(report.value?.failed, [], "Nothing failed.")
    }

    func test_aPhotoCancelledBeforeItStarted_neverReachesTheLoader_andIsReportedAsCancelled() {
        let queue = OperationQueue()
        let loader = ManualImageLoader()
        let reachability = FakeReachability(isReachable: false)
        let downloader = AlbumDownloader(queue: queue, loader: loader, reachability: reachability)
        defer { withExtendedLifetime(downloader) {} }
        let (report, reported) = startDownload(downloader)

        downloader.cancel(Lisbon.castle)  // the queue is held: the castle cannot have started yet

        let coverRequested = loader.expectation(
            forRequestCount: 1, description: "the cover was requested once the network came back.")
        reachability.set(reachable: true)
        guard arrived(coverRequested) else { return }

        let harbourRequested = loader.expectation(
            forRequestCount: 2, description: "the harbour was requested after the cover finished.")
        finish(loader, Lisbon.cover, with: Lisbon.coverJPEG)
        guard arrived(harbourRequested) else { return }
        finish(loader, Lisbon.harbour, with: Lisbon.harbourJPEG)

        guard arrived(reported) else { return }
        XCTAssertFalse(
            loader.requestedURLs.contains(Lisbon.castle),
            "The castle was cancelled before it started: its operation must finish without asking the loader.")
        XCTAssertEqual(report.value?.cancelled, [Lisbon.castle], "The report should list the cancelled photo.")
        XCTAssertEqual(
            Set(report.value?.images.keys ?? [:].keys), [Lisbon.cover, Lisbon.harbour],
            "The photos that were not cancelled should still be downloaded.")
    }

    func test_goingOfflineMidAlbum_letsTheRunningDownloadFinish_andHoldsTheRestUntilTheNetworkIsBack() {
        let queue = OperationQueue()
        let loader = ManualImageLoader()
        let reachability = FakeReachability(isReachable: true)
        let downloader = AlbumDownloader(queue: queue, loader: loader, reachability: reachability)
        defer { withExtendedLifetime(downloader) {} }

        let coverRequested = loader.expectation(
            forRequestCount: 1, description: "the cover was requested right away, with the network up.")
        let (report, reported) = startDownload(downloader)
        guard arrived(coverRequested) else { return }

        reachability.set(reachable: false)
        XCTAssertTrue(
            queue.isSuspended, "The network went away while the cover was downloading: the queue should be suspended.")

        finish(loader, Lisbon.cover, with: Lisbon.coverJPEG)
        // The cover was already running, so it finished. Its dependents are ready now, but a
        // suspended queue starts nothing new: this holds the moment finish(_:) returns.
        XCTAssertEqual(
            loader.requestedURLs, [Lisbon.cover],
            "While offline, the queue must not start the other photos, even though the cover is done.")

        let photosRequested = loader.expectation(
            forRequestCount: 3,
            description: "the other photos were requested once the network came back. Resume the queue "
                + "(isSuspended = false) when reachability reports true.")
        reachability.set(reachable: true)
        guard arrived(photosRequested) else { return }

        finish(loader, Lisbon.castle, with: Lisbon.castleJPEG)
        finish(loader, Lisbon.harbour, with: Lisbon.harbourJPEG)
        guard arrived(reported) else { return }
        XCTAssertEqual(report.value?.images.count, 3, "After the pause, every photo of the album should be downloaded.")
    }
}
