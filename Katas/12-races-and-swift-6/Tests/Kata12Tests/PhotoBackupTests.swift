import Dispatch
import Kata12
import Testing

@Suite("PhotoBackup, with uploads that really overlap")
struct PhotoBackupTests {
    @Test("counts every photo when a thousand uploads run on four threads at once")
    func countsEveryPhoto() async {
        let photos = Fixtures.photos("p", count: 1_000)
        let rejected: Set<String> = ["p-7", "p-99", "p-500", "p-501", "p-999"]
        let workers = ParallelDispatcher()
        let backup = PhotoBackup(uploader: FakeUploader(rejecting: rejected), worker: workers)
        let collector = ReportCollector()

        backup.backUp(photos, completion: collector.completion())
        #expect(
            workers.heldCount == photos.count,
            "backUp must hand each photo's upload to the worker dispatcher: one work item per photo.")
        workers.runAllAtOnce()
        let report = await collector.report()

        #expect(
            report == BackupReport(uploaded: 995, failed: 5),
            """
            995 uploads succeeded and 5 failed, but the report says \
            \(report.map { "\($0.uploaded) and \($0.failed)" } ?? "nothing"). Counts that come up \
            short are lost updates: two threads read the same old count and both write it plus \
            one. Guard the counts with a lock, a serial queue or an actor, and run \
            `kata check 12 --sanitize thread` to see the race.
            """)
    }

    @Test("counts every failure when a thousand uploads fail on four threads at once")
    func countsEveryFailure() async {
        let photos = Fixtures.photos("x", count: 1_000)
        let workers = ParallelDispatcher()
        let backup = PhotoBackup(uploader: FakeUploader(rejecting: Set(photos.map(\.id))), worker: workers)
        let collector = ReportCollector()

        backup.backUp(photos, completion: collector.completion())
        workers.runAllAtOnce()
        let report = await collector.report()

        #expect(
            report == BackupReport(uploaded: 0, failed: 1_000),
            """
            All 1,000 uploads failed, but the report says \
            \(report.map { "\($0.uploaded) uploaded and \($0.failed) failed" } ?? "nothing"). Failures \
            finish at the same moment as easily as successes: every count, the failures too, must be \
            read and written under the same lock (or serial queue, or actor). Run \
            `kata check 12 --sanitize thread` to see the race.
            """)
    }

    @Test("two backups started on two threads at once each report their own photos")
    func twoBackupsAtOnce() async {
        let workers = ParallelDispatcher()
        let backup = PhotoBackup(uploader: FakeUploader(rejecting: ["b-3"]), worker: workers)
        let batches = [Fixtures.photos("a", count: 300), Fixtures.photos("b", count: 200)]
        let collector = ReportCollector(expecting: batches.count)

        // The screen's "Back up now" and the nightly background refresh, on two threads.
        DispatchQueue.concurrentPerform(iterations: batches.count) { index in
            backup.backUp(batches[index], completion: collector.completion(for: index))
        }
        workers.runAllAtOnce()  // the uploads of both backups, mixed, on four threads
        let reports = await collector.reports()

        #expect(
            reports[0] == BackupReport(uploaded: 300, failed: 0),
            "The first backup had 300 photos and no failures; its report must count its own photos only.")
        #expect(
            reports[1] == BackupReport(uploaded: 199, failed: 1),
            "The second backup had 200 photos, one of them rejected; its report must count its own photos only.")
    }

    @Test("PhotoBackup(uploader:) backs up on the app's concurrent queue")
    func defaultWorker() async {
        let backup = PhotoBackup(uploader: FakeUploader(rejecting: ["c-1"]))
        let collector = ReportCollector()

        backup.backUp(Fixtures.photos("c", count: 3), completion: collector.completion())
        let report = await collector.report()

        #expect(
            report == BackupReport(uploaded: 2, failed: 1),
            "With the default worker (a real concurrent queue), three photos with one rejected report 2 and 1.")
    }

    @Test("an empty batch reports zero before backUp returns")
    func emptyBatch() async throws {
        let backup = PhotoBackup(uploader: FakeUploader(), worker: ParallelDispatcher())
        let collector = ReportCollector()

        backup.backUp([], completion: collector.completion())
        try #require(
            collector.callsSoFar > 0,
            """
            backUp([]) returned without calling its completion. With no upload there is nothing to \
            wait for, and no upload whose end could call it later: call \
            completion(BackupReport(uploaded: 0, failed: 0)) before backUp returns. (A DispatchGroup \
            with nothing in it calls notify later, on another queue.)
            """)
        let report = await collector.report()

        #expect(report == BackupReport(uploaded: 0, failed: 0), "With nothing to upload, the report says 0 and 0.")
    }
}
