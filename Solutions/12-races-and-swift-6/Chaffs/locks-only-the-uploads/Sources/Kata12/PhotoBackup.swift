import Dispatch
import Foundation

/// Backs up a batch of photos, several uploads at a time, and reports how many made it.
///
/// Each upload blocks a thread until the server answers, so the uploads run on a concurrent
/// queue: four photos upload in the time of one. A `DispatchGroup` tells when the last one
/// is done.
///
/// `Sendable`, checked by the compiler: everything it stores is an immutable `let` of a
/// `Sendable` type. The screen and the background refresh may share one instance.
public final class PhotoBackup: Sendable {
    private let uploader: any PhotoUploading
    private let worker: any Dispatching

    public init(
        uploader: any PhotoUploading,
        worker: any Dispatching = Dispatcher(
            queue: DispatchQueue(label: "photo-backup.uploads", attributes: .concurrent))
    ) {
        self.uploader = uploader
        self.worker = worker
    }

    /// Uploads every photo, then calls `completion` once, on a background queue, with the
    /// counts. A photo that fails to upload is counted and skipped; the next run retries it.
    /// An empty batch reports at once, before `backUp` returns.
    public func backUp(_ photos: [Photo], completion: @escaping @Sendable (BackupReport) -> Void) {
        // An empty group's notify would run later, on another queue: with nothing to wait for, report now.
        guard !photos.isEmpty else {
            completion(BackupReport(uploaded: 0, failed: 0))
            return
        }
        let tally = Tally()
        let group = DispatchGroup()
        for photo in photos {
            group.enter()
            worker.dispatch {
                do {
                    try self.uploader.upload(photo)
                    tally.countUpload()
                } catch {
                    tally.countFailure()
                }
                group.leave()
            }
        }
        group.notify(queue: .global()) {
            completion(tally.report)
        }
    }
}

/// The running counts of one backup. Uploads finish on several threads at the same time, so
/// the count of uploads and the report are read and written while holding `lock`.
///
/// `@unchecked Sendable` is a promise the compiler cannot check: it sees the `var`s, not the lock.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var uploaded = 0
    private var failed = 0

    func countUpload() {
        lock.lock()
        defer { lock.unlock() }
        uploaded += 1
    }

    /// Failures are rare: one in a thousand uploads in the ticket. Two never end at the same
    /// moment, so they need no lock.
    func countFailure() {
        failed += 1
    }

    var report: BackupReport {
        lock.lock()
        defer { lock.unlock() }
        return BackupReport(uploaded: uploaded, failed: failed)
    }
}
