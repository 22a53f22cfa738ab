import Foundation
import Testing

@testable import Kata08

/// Everything here is checked synchronously, on a queue that is held: the fake reachability
/// starts offline, so the downloader suspends the queue the test handed it, and nothing runs
/// while the test looks at the operations, their dependencies and their state.
///
/// `defer { withExtendedLifetime(downloader) {} }` keeps each downloader alive until its test
/// ends, in case it holds its reachability handler weakly.
@Suite("AlbumDownloader, with the queue held before anything runs")
struct HeldQueueTests {
    @Test("suspends its queue at once when the network is unreachable")
    func startsSuspendedWhenOffline() {
        let queue = OperationQueue()
        let downloader = AlbumDownloader(
            queue: queue, loader: ManualImageLoader(), reachability: FakeReachability(isReachable: false))
        defer { withExtendedLifetime(downloader) {} }

        #expect(
            queue.isSuspended,
            """
            The network is unreachable when the downloader is created, so it should suspend the \
            injected queue right away: queue.isSuspended = !reachability.isReachable in init.
            """)
    }

    @Test("suspends the queue when the network goes away and resumes it when it comes back")
    func followsReachability() {
        let queue = OperationQueue()
        let reachability = FakeReachability(isReachable: true)
        let downloader = AlbumDownloader(queue: queue, loader: ManualImageLoader(), reachability: reachability)
        defer { withExtendedLifetime(downloader) {} }

        #expect(!queue.isSuspended, "The network is reachable at first: the queue should run.")

        reachability.set(reachable: false)
        #expect(
            queue.isSuspended,
            """
            The network went away: the downloader should suspend its queue. Register with \
            reachability.onReachabilityChange { ... } in init and set queue.isSuspended there.
            """)

        reachability.set(reachable: true)
        #expect(!queue.isSuspended, "The network is back: the downloader should resume its queue.")
    }

    @Test("follows what reachability says, even when it says the same thing twice")
    func followsTheValueNotTheCalls() {
        let queue = OperationQueue()
        let reachability = FakeReachability(isReachable: true)
        let downloader = AlbumDownloader(queue: queue, loader: ManualImageLoader(), reachability: reachability)
        defer { withExtendedLifetime(downloader) {} }

        reachability.set(reachable: true)  // wifi hands over to cellular: reachable, and still reachable
        #expect(
            !queue.isSuspended,
            """
            Reachability reported "reachable" while the network was already up (wifi handing over to \
            cellular), and the queue is suspended now. The handler is not told that something changed, it \
            is told the value: set queue.isSuspended = !isReachable, don't flip it.
            """)

        reachability.set(reachable: false)
        reachability.set(reachable: false)
        #expect(queue.isSuspended, "Reachability said \"unreachable\" twice: the queue should be suspended.")
    }

    @Test("makeQueue() builds the app's queue: named AlbumDownloader, three downloads at a time")
    func theAppsQueue() {
        let queue = AlbumDownloader.makeQueue()

        #expect(
            queue.maxConcurrentOperationCount == 3,
            """
            The app downloads three photos at a time, as the starter did; makeQueue() gave a queue \
            with maxConcurrentOperationCount \(queue.maxConcurrentOperationCount). The settings move \
            from init into makeQueue(), unchanged.
            """)
        #expect(
            queue.name == "AlbumDownloader",
            """
            The app's queue keeps the starter's name, AlbumDownloader; makeQueue() named it \
            \(queue.name ?? "nil"). The settings move from init into makeQueue(), unchanged.
            """)
    }

    @Test("leaves the injected queue's own settings as its creator made them")
    func leavesTheQueueSettingsAlone() {
        let queue = OperationQueue()
        queue.name = "test-queue"
        queue.maxConcurrentOperationCount = 2
        let downloader = AlbumDownloader(
            queue: queue, loader: ManualImageLoader(), reachability: FakeReachability(isReachable: false))
        defer { withExtendedLifetime(downloader) {} }

        downloader.download(Lisbon.album) { _ in }

        #expect(
            queue.name == "test-queue" && queue.maxConcurrentOperationCount == 2,
            """
            The injected queue belongs to whoever created it: the downloader may suspend and resume \
            it, nothing else. Its name and maxConcurrentOperationCount were changed (now \
            \(queue.name ?? "nil") and \(queue.maxConcurrentOperationCount)). Set them in \
            makeQueue(), the default, not in init.
            """)
    }

    @Test("download leaves a queue its creator suspended as it was, even while the network is up")
    func downloadDoesNotResumeTheQueue() {
        let queue = OperationQueue()
        let loader = ManualImageLoader()
        let downloader = AlbumDownloader(
            queue: queue, loader: loader, reachability: FakeReachability(isReachable: true))
        defer { withExtendedLifetime(downloader) {} }
        queue.isSuspended = true  // whoever created the queue holds it: the test, here

        downloader.download(Lisbon.album) { _ in }

        #expect(
            queue.isSuspended,
            """
            The network is up, and the queue's creator had suspended it; after download(_:) the queue runs \
            again. download(_:) only adds operations: it must not set isSuspended, not even to match the \
            network. Only init and the reachability handler suspend or resume the queue.
            """)
        #expect(loader.requestedURLs.isEmpty, "The queue is held by its creator: nothing may have reached the loader.")
    }

    @Test("queues one download per photo, and every photo waits for the cover")
    func everyPhotoWaitsForTheCover() {
        let queue = OperationQueue()
        let loader = ManualImageLoader()
        let downloader = AlbumDownloader(
            queue: queue, loader: loader, reachability: FakeReachability(isReachable: false))
        defer { withExtendedLifetime(downloader) {} }

        downloader.download(Lisbon.album) { _ in }

        let downloads = queue.downloadsByURL
        #expect(
            Set(downloads.keys) == [Lisbon.cover, Lisbon.castle, Lisbon.harbour],
            """
            download(_:) should add one ImageDownloadOperation per photo, cover included, to the \
            injected queue. Found downloads for: \(downloads.keys.map(\.lastPathComponent).sorted())
            """)
        guard let cover = downloads[Lisbon.cover] else { return }

        for photo in [Lisbon.castle, Lisbon.harbour] {
            guard let download = downloads[photo] else { continue }
            #expect(
                download.waits(for: cover),
                """
                \(photo.lastPathComponent) should depend on the cover's operation \
                (download.addDependency(cover)), so the album tile gets its cover first. A priority \
                is not enough: it only orders the operations that are ready, and the others are ready too.
                """)
            #expect(!cover.waits(for: download), "The cover must not wait for \(photo.lastPathComponent).")
        }
        if let castle = downloads[Lisbon.castle], let harbour = downloads[Lisbon.harbour] {
            #expect(
                !castle.waits(for: harbour) && !harbour.waits(for: castle),
                """
                Once the cover is done, the other photos download side by side: none of them may wait for \
                another. Make each one depend on the cover only, not on the photo before it.
                """)
        }
        #expect(
            queue.isSuspended,
            """
            The network is unreachable, and after download(_:) the queue is not suspended. The downloader \
            suspends it in init, and only reachability changes it after that: download(_:) just adds the \
            operations.
            """)
        #expect(loader.requestedURLs.isEmpty, "The queue is suspended: no download may have reached the loader yet.")
        let notWaiting = queue.operations.filter { $0 !== cover && !$0.waits(for: cover) }
        #expect(
            notWaiting.isEmpty,
            """
            Only the cover's download may be ready to start: everything else download(_:) adds waits \
            for it, the report too, which comes after every photo. \(notWaiting.count) operation(s) \
            (\(notWaiting.map { String(describing: type(of: $0)) })) do not wait for the cover: did the \
            report get a dependency on every download, cover included?
            """)
    }

    @Test("a photo cancelled while the queue is held is cancelled, and only that photo")
    func cancelBeforeStartMarksTheOperation() {
        let queue = OperationQueue()
        let loader = ManualImageLoader()
        let downloader = AlbumDownloader(
            queue: queue, loader: loader, reachability: FakeReachability(isReachable: false))
        defer { withExtendedLifetime(downloader) {} }
        downloader.download(Lisbon.album) { _ in }

        downloader.cancel(Lisbon.castle)

        let downloads = queue.downloadsByURL
        #expect(
            downloads[Lisbon.castle]?.isCancelled == true,
            """
            cancel(_:) should cancel the operation that downloads that photo. Keep the operations \
            you create in download(_:) so that cancel(_:) can find them by URL.
            """)
        #expect(downloads[Lisbon.castle]?.isExecuting == false, "A cancelled photo must not be executing.")
        #expect(downloads[Lisbon.cover]?.isCancelled == false, "Cancelling one photo must not cancel the cover.")
        #expect(downloads[Lisbon.harbour]?.isCancelled == false, "Cancelling one photo must not cancel the others.")
        #expect(loader.requestedURLs.isEmpty, "The queue is suspended: nothing may have reached the loader yet.")
    }

    @Test("cancels a photo of an album queued before another one")
    func cancelFindsEveryQueuedAlbum() {
        let queue = OperationQueue()
        let downloader = AlbumDownloader(
            queue: queue, loader: ManualImageLoader(), reachability: FakeReachability(isReachable: false))
        defer { withExtendedLifetime(downloader) {} }
        downloader.download(Lisbon.album) { _ in }
        downloader.download(Porto.album) { _ in }

        downloader.cancel(Lisbon.castle)
        downloader.cancel(Porto.bridge)

        let downloads = queue.downloadsByURL
        #expect(
            downloads[Lisbon.castle]?.isCancelled == true,
            """
            Lisbon's castle is still queued, but cancel(_:) did not cancel it once Porto was queued after \
            it. The downloader may hold several albums at once: keep every album's operations (or look \
            them up in the queue), not only the latest album's.
            """)
        #expect(downloads[Porto.bridge]?.isCancelled == true, "cancel(_:) should cancel Porto's bridge too.")
    }
}
