import Foundation

/// Saves a trip album for offline use.
///
/// The cover comes first, so the album's tile can show it while the rest loads; the other
/// photos follow, three at a time. While the device is offline the queue is suspended, so
/// nothing new starts and nothing is retried in vain. The album screen can cancel a photo the
/// user removed from the album before it was downloaded.
final class AlbumDownloader {
    private let queue = OperationQueue()
    private let lock = NSLock()
    private var downloads: [URL: ImageDownloadOperation] = [:]

    init() {
        queue.name = "AlbumDownloader"
        queue.maxConcurrentOperationCount = 3

        Reachability.shared.addListener { [weak self] connection in
            self?.queue.isSuspended = connection == .unavailable
        }
    }

    /// Downloads the cover, then the other photos, then calls `completion` once with a report.
    /// `completion` runs on one of the queue's threads.
    func download(_ album: Album, completion: @escaping (AlbumDownloadReport) -> Void) {
        let cover = ImageDownloadOperation(url: album.cover)
        let photos = album.photos.map { ImageDownloadOperation(url: $0) }
        for photo in photos {
            photo.addDependency(cover)
        }
        let all = [cover] + photos

        let report = BlockOperation { [weak self] in
            self?.forget(all)
            completion(AlbumDownloadReport(downloads: all))
        }
        for download in all {
            report.addDependency(download)
        }

        lock.lock()
        for download in all {
            downloads[download.url] = download
        }
        lock.unlock()

        queue.addOperations(all + [report], waitUntilFinished: false)
    }

    /// Cancels the download of one photo. A photo that has not started yet is never downloaded.
    func cancel(_ photo: URL) {
        lock.lock()
        let download = downloads[photo]
        lock.unlock()
        download?.cancel()
    }

    private func forget(_ finished: [ImageDownloadOperation]) {
        lock.lock()
        for download in finished where downloads[download.url] === download {
            downloads[download.url] = nil
        }
        lock.unlock()
    }
}
