import Dispatch
import Foundation

/// Backs up a batch of photos, several uploads at a time, and reports how many made it.
///
/// The whole batch is one work item on the worker: it uploads the photos one after the other and
/// reports when the loop is over.
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

    /// Uploads every photo, then calls `completion` once, on the worker's queue, with the
    /// counts. A photo that fails to upload is counted and skipped; the next run retries it.
    /// An empty batch reports at once, before `backUp` returns.
    public func backUp(_ photos: [Photo], completion: @escaping @Sendable (BackupReport) -> Void) {
        // With nothing to upload there is no work item to report: report now.
        guard !photos.isEmpty else {
            completion(BackupReport(uploaded: 0, failed: 0))
            return
        }
        // One work item for the whole batch: it counts on one thread, so two counts never meet.
        worker.dispatch {
            let tally = Tally()
            for photo in photos {
                do {
                    try self.uploader.upload(photo)
                    tally.countUpload()
                } catch {
                    tally.countFailure()
                }
            }
            completion(tally.report)
        }
    }
}

/// The running counts of one backup. Every read and every write of `counts` happens while
/// holding `lock`: one thread at a time.
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

    private func withLock<Result>(_ body: (inout BackupReport) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&counts)
    }
}
