import Foundation

/// A trip album, as the album screen knows it.
struct Album {
    let title: String
    /// The photo shown on the album's tile. It is downloaded before any other photo.
    let cover: URL
    /// The other photos, in the album's order. The cover is not repeated here.
    let photos: [URL]
}

/// What happened to each photo of an album once all of them are done.
struct AlbumDownloadReport {
    /// The downloaded bytes of every photo that made it, the cover included.
    var images: [URL: Data] = [:]
    /// Photos whose download failed, in the album's order.
    var failed: [URL] = []
    /// Photos cancelled before they were downloaded, in the album's order.
    var cancelled: [URL] = []

    init(images: [URL: Data] = [:], failed: [URL] = [], cancelled: [URL] = []) {
        self.images = images
        self.failed = failed
        self.cancelled = cancelled
    }

    /// Reads the outcome of finished download operations.
    init(downloads: [ImageDownloadOperation]) {
        for download in downloads {
            if let data = download.imageData {
                images[download.url] = data
            } else if download.isCancelled {
                cancelled.append(download.url)
            } else {
                failed.append(download.url)
            }
        }
    }
}
