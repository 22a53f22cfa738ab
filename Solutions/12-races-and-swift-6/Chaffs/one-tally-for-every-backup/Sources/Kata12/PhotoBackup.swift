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
    /// The running counts. One tally, made once with the backup: no allocation per run, and
    /// `PhotoBackup` stays `Sendable` because `Tally` is.
    private let tally = Tally()

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
        let tally = self.tally
        tally.reset()
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

/// The running counts of a backup. Uploads finish on several threads at the same time, so
/// every read and every write of `counts` happens while holding `lock`: one thread at a time.
///
/// `@unchecked Sendable` is a promise the compiler cannot check: it sees a `var`, not the lock.
/// Keep the promise by never touching `counts` outside `withLock`, and let ThreadSanitizer
/// (`--sanitize thread`) check it.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var counts = BackupReport(uploaded: 0, failed: 0)

    func countUpload() {
        withLock { $0.uploaded += 1 }
    }

    func countFailure() {
        withLock { $0.failed += 1 }
    }

    var report: BackupReport {
        withLock { $0 }
    }

    /// Starts a new run from zero.
    func reset() {
        withLock { $0 = BackupReport(uploaded: 0, failed: 0) }
    }

    private func withLock<Result>(_ body: (inout BackupReport) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&counts)
    }
}
