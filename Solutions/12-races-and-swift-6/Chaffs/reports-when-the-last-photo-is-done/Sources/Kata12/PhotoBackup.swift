import Dispatch
import Foundation

/// Backs up a batch of photos, several uploads at a time, and reports how many made it.
///
/// Each upload blocks a thread until the server answers, so the uploads run on a concurrent
/// queue: four photos upload in the time of one. The last photo's work item reports.
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

    /// Uploads every photo, then calls `completion` once, on the thread of the last upload, with
    /// the counts. A photo that fails to upload is counted and skipped; the next run retries it.
    public func backUp(_ photos: [Photo], completion: @escaping @Sendable (BackupReport) -> Void) {
        guard !photos.isEmpty else {
            completion(BackupReport(uploaded: 0, failed: 0))
            return
        }
        let tally = Tally()
        for (index, photo) in photos.enumerated() {
            let isLast = index == photos.count - 1
            worker.dispatch {
                do {
                    try self.uploader.upload(photo)
                    tally.countUpload()
                } catch {
                    tally.countFailure()
                }
                // The last photo was handed over last, so its upload is the last to finish: no group needed.
                if isLast {
                    completion(tally.report)
                }
            }
        }
    }
}

/// The running counts of one backup. Uploads finish on several threads at the same time, so
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

    private func withLock<Result>(_ body: (inout BackupReport) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&counts)
    }
}
