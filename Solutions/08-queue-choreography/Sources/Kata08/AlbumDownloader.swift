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
final class AlbumDownloader {
    private let queue: OperationQueue
    private let loader: ImageLoading
    private let lock = NSLock()
    private var downloads: [URL: ImageDownloadOperation] = [:]

    init(
        queue: OperationQueue = AlbumDownloader.makeQueue(),
        loader: ImageLoading = URLSessionImageLoader(),
        reachability: NetworkReachability = Reachability.shared
    ) {
        self.queue = queue
        self.loader = loader

        // Suspending stops the queue from starting operations; the ones already running go on
        // and finish. Whoever holds the queue sees `isSuspended` change at once.
        queue.isSuspended = !reachability.isReachable
        reachability.onReachabilityChange { [weak queue] isReachable in
            queue?.isSuspended = !isReachable
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
        let photos = album.photos.map { ImageDownloadOperation(url: $0, loader: loader) }
        for photo in photos {
            photo.addDependency(cover)
        }
        let all = [cover] + photos

        lock.lock()
        for download in all {
            downloads[download.url] = download
        }
        lock.unlock()

        let report = BlockOperation { [weak self] in
            self?.forget(all)
            completion(AlbumDownloadReport(downloads: all))
        }
        for download in all {
            report.addDependency(download)
        }
        queue.addOperations(all + [report], waitUntilFinished: false)
    }

    /// Cancels the download of one photo. A photo that has not started yet is never downloaded.
    func cancel(_ photo: URL) {
        download(of: photo)?.cancel()
    }

    /// The operation that downloads `photo`, if it has not been forgotten. Only the look-up holds
    /// the lock: `cancel()` is Foundation's, called outside it.
    private func download(of photo: URL) -> ImageDownloadOperation? {
        lock.lock()
        defer { lock.unlock() }
        return downloads[photo]
    }

    private func forget(_ finished: [ImageDownloadOperation]) {
        lock.lock()
        for download in finished where downloads[download.url] === download {
            downloads[download.url] = nil
        }
        lock.unlock()
    }
}
