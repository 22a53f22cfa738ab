import Dispatch

/// Backs up a batch of photos, several uploads at a time, and reports how many made it.
///
/// Each upload blocks a thread until the server answers, so the uploads run on a concurrent
/// queue: four photos upload in the time of one. A `DispatchGroup` tells when the last one
/// is done.
public final class PhotoBackup {
    private let uploader: PhotoUploading
    private let worker: Dispatching

    public init(
        uploader: PhotoUploading,
        worker: Dispatching = Dispatcher(queue: DispatchQueue(label: "photo-backup.uploads", attributes: .concurrent))
    ) {
        self.uploader = uploader
        self.worker = worker
    }

    /// Uploads every photo, then calls `completion` once, on a background queue, with the
    /// counts. A photo that fails to upload is counted and skipped; the next run retries it.
    public func backUp(_ photos: [Photo], completion: @escaping (BackupReport) -> Void) {
        let tally = Tally()
        let group = DispatchGroup()
        for photo in photos {
            group.enter()
            worker.dispatch {
                do {
                    try self.uploader.upload(photo)
                    tally.uploaded += 1
                } catch {
                    tally.failed += 1
                }
                group.leave()
            }
        }
        group.notify(queue: .global()) {
            completion(BackupReport(uploaded: tally.uploaded, failed: tally.failed))
        }
    }
}

/// The running counts of one backup.
final class Tally {
    var uploaded = 0
    var failed = 0
}
