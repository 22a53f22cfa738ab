import Dispatch

/// Backs up a batch of photos, several uploads at a time, and reports how many made it.
///
/// Each upload blocks a thread until the server answers, so the uploads run on a concurrent
/// queue: four photos upload in the time of one. The counts live in an actor, which also knows
/// how many photos to expect: the count that completes the batch calls the completion. No
/// `DispatchGroup`.
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

    /// Uploads every photo, then calls `completion` once, on a background thread, with the
    /// counts. A photo that fails to upload is counted and skipped; the next run retries it.
    public func backUp(_ photos: [Photo], completion: @escaping @Sendable (BackupReport) -> Void) {
        guard !photos.isEmpty else {
            completion(BackupReport(uploaded: 0, failed: 0))
            return
        }
        let tally = Tally(expecting: photos.count, then: completion)
        for photo in photos {
            worker.dispatch {
                // The upload blocks this worker thread, as it must; only the count hops to the actor.
                let uploaded: Bool
                do {
                    try self.uploader.upload(photo)
                    uploaded = true
                } catch {
                    uploaded = false
                }
                Task { await tally.count(uploaded: uploaded) }
            }
        }
    }
}

/// The running counts of one backup. An actor runs one of its methods at a time, so two uploads
/// that finish at the same moment are counted one after the other: no lock, no `@unchecked`.
actor Tally {
    private let expected: Int
    private let completion: @Sendable (BackupReport) -> Void
    private var counts = BackupReport(uploaded: 0, failed: 0)

    init(expecting expected: Int, then completion: @escaping @Sendable (BackupReport) -> Void) {
        self.expected = expected
        self.completion = completion
    }

    func count(uploaded: Bool) {
        if uploaded {
            counts.uploaded += 1
        } else {
            counts.failed += 1
        }
        if counts.uploaded + counts.failed == expected {
            completion(counts)
        }
    }
}
