import Foundation

/// Saves a trip album for offline use.
///
/// The cover comes first, so the album's tile can show it while the rest loads; the other
/// photos follow. While the device is offline the queue is suspended, so nothing new starts
/// and nothing is retried in vain. The album screen can cancel a photo the user removed from
/// the album before it was downloaded.
///
/// The queue, the loader and the reachability are handed in. The app uses the defaults; a test
/// passes its own queue (to look at the operations before they run), a loader it finishes by
/// hand, and a reachability it switches on and off.
///
/// This version keeps no table of its own: the queue already knows its operations, and the
/// report is built by whichever download's `completionBlock` happens to finish last.
final class AlbumDownloader {
    private let queue: OperationQueue
    private let loader: ImageLoading

    init(
        queue: OperationQueue = AlbumDownloader.makeQueue(),
        loader: ImageLoading = URLSessionImageLoader(),
        reachability: NetworkReachability = Reachability.shared
    ) {
        self.queue = queue
        self.loader = loader

        // Suspending stops the queue from starting operations; the ones already running go on
        // and finish. The handler keeps the queue (not the downloader) alive.
        queue.isSuspended = !reachability.isReachable
        reachability.onReachabilityChange { [queue] isReachable in
            queue.isSuspended = !isReachable
        }
    }

    /// The queue the app uses: three downloads at a time.
    static func makeQueue() -> OperationQueue {
        let queue = OperationQueue()
        queue.name = "AlbumDownloader"
        queue.maxConcurrentOperationCount = 3
        return queue
    }

    /// Downloads the cover, then the other photos, then calls `completion` once with a report.
    /// `completion` runs on one of the queue's threads.
    func download(_ album: Album, completion: @escaping (AlbumDownloadReport) -> Void) {
        let cover = ImageDownloadOperation(url: album.cover, loader: loader)
        // A fan after the cover: the other photos wait for the cover only, not for each other.
        let photos = album.photos.map { photo -> ImageDownloadOperation in
            let download = ImageDownloadOperation(url: photo, loader: loader)
            download.addDependency(cover)
            return download
        }
        let all = [cover] + photos

        // The countdown holds the album's operations until the last one is done; a block that
        // held them itself would keep its own operation alive forever.
        let remaining = Countdown(all)
        for download in all {
            // Runs after the operation has finished, cancelled ones included (the queue starts a
            // cancelled operation, which finishes at once). The last one to get here reports.
            download.completionBlock = {
                if let done = remaining.countDown() {
                    completion(AlbumDownloadReport(downloads: done))
                }
            }
        }
        queue.addOperations(all, waitUntilFinished: false)
    }

    /// Cancels the download of one photo. A photo that has not started yet is never downloaded.
    func cancel(_ photo: URL) {
        for case let download as ImageDownloadOperation in queue.operations where download.url == photo {
            download.cancel()
        }
    }
}

/// Counts down the album's operations on any thread; hands them to the call that reaches zero,
/// and lets go of them then.
private final class Countdown {
    private let lock = NSLock()
    private var downloads: [ImageDownloadOperation]
    private var left: Int

    init(_ downloads: [ImageDownloadOperation]) {
        self.downloads = downloads
        left = downloads.count
    }

    /// The operations, for exactly one call: the one that brings the count to zero.
    func countDown() -> [ImageDownloadOperation]? {
        lock.lock()
        defer { lock.unlock() }
        left -= 1
        guard left == 0 else { return nil }
        let done = downloads
        downloads = []
        return done
    }
}
