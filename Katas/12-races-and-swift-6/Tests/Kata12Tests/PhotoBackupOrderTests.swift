import Foundation
import Kata12
import Testing

@Suite("PhotoBackup, with uploads that finish in the order the test picks")
struct PhotoBackupOrderTests {
    @Test("reports after the last upload to finish, even when the last photo's upload finishes first")
    func lastPhotoFinishesFirst() async {
        let workers = HeldDispatcher()
        let backup = PhotoBackup(uploader: FakeUploader(rejecting: ["d-1"]), worker: workers)
        let collector = ReportCollector()

        backup.backUp(Fixtures.photos("d", count: 4), completion: collector.completion())
        #expect(
            collector.callsSoFar == 0,
            "backUp called its completion before any upload had run. It must wait for the last upload.")
        workers.runAllNewestFirst()  // d-3 finishes first, d-0 last
        let report = await collector.report()

        #expect(
            report == BackupReport(uploaded: 3, failed: 1),
            """
            Four photos, one rejected: the report must say 3 uploaded and 1 failed, but it says \
            \(report.map { "\($0.uploaded) and \($0.failed)" } ?? "nothing"). The last photo's upload \
            finished first here, and d-0's last: uploads end in any order, not in the order they were \
            handed over. Call the completion when every upload has finished (a DispatchGroup's \
            notify, or a count of finished uploads), not when the last photo's work item is done.
            """)
    }

    @Test("reports once, after every upload, when the worker runs each upload at once, inside dispatch")
    func workerThatRunsAtOnce() async {
        let backup = PhotoBackup(uploader: FakeUploader(rejecting: ["g-1"]), worker: InlineDispatcher())
        let collector = ReportCollector()

        backup.backUp(Fixtures.photos("g", count: 3), completion: collector.completion())
        let report = await collector.report()

        #expect(
            report == BackupReport(uploaded: 2, failed: 1),
            """
            A worker may run each upload at once, inside dispatch, before dispatch returns (a stub \
            does). Three photos, one rejected, must still report 2 and 1, once, but the report says \
            \(report.map { "\($0.uploaded) and \($0.failed)" } ?? "nothing"). Count an upload as \
            pending before you hand it to the worker (group.enter() before dispatch), never after.
            """)
    }

    @Test("the report counts every upload, also when the counting is work an upload started (a Task)")
    func reportWaitsForTheCountingItStarted() async {
        let backup = PhotoBackup(uploader: FakeUploader(rejecting: ["t-1"]), worker: InlineDispatcher())
        let collector = ReportCollector()

        // Every task the uploads' work starts is held back: a report that does not wait for them
        // is made without them, in every run, not only when the machine is busy.
        let held = HeldTasks.hold {
            backup.backUp(Fixtures.photos("t", count: 3), completion: collector.completion())
        }
        let startedTasks = held.isHoldingAny
        // A backup that waits for its tasks cannot report before they run: a fifth of a second
        // is only how long the test gives one that does not wait to report without them.
        var reportedEarly = true
        if startedTasks { reportedEarly = await collector.hasReported(within: 0.2) }
        held.release()  // whatever the backup waits for may run now
        let report = await collector.report()

        #expect(
            report == BackupReport(uploaded: 2, failed: 1),
            """
            Three photos, one rejected, must report 2 and 1, but the report says \
            \(report.map { "\($0.uploaded) and \($0.failed)" } ?? "nothing")\
            \(reportedEarly && startedTasks ? ", made while the tasks the uploads had started had not run yet" : ""). \
            Counting from a Task { await tally.count(...) } and leaving the group at once lets the report \
            read the tally before those tasks have counted: "done" must wait for them (leave the group \
            inside the task, after it has counted), or count in the work itself, under a lock.
            """)
    }

    @Test("a backup that finishes while another backup's uploads wait reports only its own photos")
    func oneBackupFinishesWhileAnotherWaits() async {
        let workers = HeldDispatcher()
        let backup = PhotoBackup(uploader: FakeUploader(rejecting: ["f-1"]), worker: workers)
        let first = ReportCollector()
        let second = ReportCollector()

        backup.backUp(Fixtures.photos("e", count: 3), completion: first.completion())
        backup.backUp(Fixtures.photos("f", count: 2), completion: second.completion())
        workers.runOldest(3)  // the first backup's uploads; the second backup's still wait
        let firstReport = await first.report()
        guard firstReport != nil else { return }  // the collector has said why
        workers.runOldest(2)
        let secondReport = await second.report()

        #expect(
            firstReport == BackupReport(uploaded: 3, failed: 0),
            "The first backup had 3 photos and no failures; its report must count its own photos only.")
        #expect(
            secondReport == BackupReport(uploaded: 1, failed: 1),
            """
            The second backup had 2 photos, one of them rejected, but its report says \
            \(secondReport.map { "\($0.uploaded) and \($0.failed)" } ?? "nothing"): it counted the first \
            backup's uploads too. Two backups on one PhotoBackup must not share counts: make a new \
            tally in each call of backUp, not one for the whole PhotoBackup.
            """)
    }

    @Test("the completion sees everything every upload did: it runs after each upload has returned")
    func completionSeesEveryUpload() async {
        let workers = HeldDispatcher()
        let server = SlowUnguardedServer()
        let backup = PhotoBackup(uploader: server, worker: workers)
        let seen = Seen()
        let collector = ReportCollector()
        let report = collector.completion()

        backup.backUp(Fixtures.photos("h", count: 3)) { counts in
            seen.record(server.stored)  // no lock: every upload has returned by now
            report(counts)
        }
        // h-2, then h-1, then h-0, on a thread of the test's own: the uploads wait for the global
        // queue, so they must not block a thread the global queue might need.
        Thread { workers.runAllNewestFirst() }.start()
        _ = await collector.report()

        #expect(
            seen.stored == [["h-2", "h-1", "h-0"]],
            """
            The completion must run after the last upload has returned, and see everything it did. \
            It saw the server holding \(seen.stored.first.map { "\($0)" } ?? "nothing"), not \
            ["h-2", "h-1", "h-0"]. Counting an upload as done when its work item starts (group.leave() \
            first, then the upload) lets the completion run while the last upload is still going: \
            leave the group (or count) at the end of the work item, after the upload and its count.
            """)
    }
}
