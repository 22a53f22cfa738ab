import Foundation
import Kata22
import Testing

/// PublishAlbumOperation's promises, checked on the test's thread.
///
/// The test calls `start()` itself and ends each upload by hand, so every step has happened by the
/// time the call that caused it returns: nothing to wait for. What the operation told its
/// observers is read from an operation that depends on it: Foundation makes it ready inside
/// `didChangeValue(forKey: "isFinished")`, and only then.
@Suite("PublishAlbumOperation")
struct PublishAlbumOperationTests {
    let album = ["harbour", "castle", "tram", "sunset"].map { URL(fileURLWithPath: "/journal/lisbon/\($0).jpg") }

    // MARK: - Executing, then finished

    @Test("start() asks the uploader for photos and leaves the operation executing")
    func startLeavesItExecuting() {
        let uploader = ManualUploader()
        let publish = PublishAlbumOperation(photos: album, uploader: uploader)
        let page = pageStep(dependingOn: publish)

        publish.start()

        #expect(!uploader.requestedPhotos.isEmpty, "start() returned without asking the uploader for any photo.")
        #expect(
            publish.isExecuting && !publish.isFinished,
            """
            start() has returned and no upload has ended, but isExecuting is \(publish.isExecuting) and isFinished \
            is \(publish.isFinished). The work has only begun: an asynchronous operation stays executing until \
            the uploads call back. (Work handed out from main() is "finished" the moment main() returns.)
            """)
        #expect(!page.isReady, "The page step is ready before a single photo is online.")
    }

    @Test("it stays executing, and the page step waits, while any upload is open")
    func staysExecutingWhileUploadsAreOpen() {
        let uploader = ManualUploader()
        let publish = PublishAlbumOperation(photos: album, uploader: uploader)
        let page = pageStep(dependingOn: publish)
        let tooEarly = Recorded<Int>()

        publish.start()
        uploader.finishEveryUploadLatestFirst(in: album) { ended in
            if ended < album.count, publish.isFinished || !publish.isExecuting || page.isReady {
                tooEarly.append(ended)
            }
        }

        #expect(
            tooEarly.values.isEmpty,
            """
            With only \(tooEarly.values) of \(album.count) photos online, the operation was already finished (or \
            no longer executing, or the page step ready). It finishes when the last upload has called back.
            """)
    }

    @Test("when the last upload ends, the operation has finished and told the step that depends on it")
    func lastUploadFinishesIt() {
        let uploader = ManualUploader()
        let publish = PublishAlbumOperation(photos: album, uploader: uploader)
        let page = pageStep(dependingOn: publish)

        publish.start()
        uploader.finishEveryUploadLatestFirst(in: album)

        #expect(uploader.requestedPhotos.count == album.count, "Every photo is asked for once.")
        #expect(!publish.isExecuting, "Every upload has ended, and isExecuting is still true.")
        try? #require(publish.isFinished, "Every upload has ended, and isFinished is still false.")
        #expect(
            page.isReady,
            """
            The last upload has ended and isFinished is true, but the page step that depends on the operation is \
            still not ready: nobody polls isFinished. The operation must announce the change with \
            willChangeValue/didChangeValue(forKey: "isFinished").
            """)
    }

    @Test("photos the uploader answers at once: it has finished, and told the page step, when start() returns")
    func answersAtOnce() {
        let uploader = ManualUploader(answeringAtOnce: true)
        let publish = PublishAlbumOperation(photos: album, uploader: uploader)
        let page = pageStep(dependingOn: publish)

        publish.start()

        #expect(
            publish.isFinished && !publish.isExecuting, "Every upload ended inside upload(), before start() returned.")
        #expect(
            page.isReady, "The operation finished inside start(), and the page step that depends on it is not ready.")
        #expect(publish.links == album.map(link(for:)))
    }

    // MARK: - What it collects

    @Test("links come in the album's order, whatever order the uploads end in")
    func linksInAlbumOrder() {
        let uploader = ManualUploader()
        let publish = PublishAlbumOperation(photos: album, uploader: uploader)

        publish.start()
        uploader.finishEveryUploadLatestFirst(in: album)

        #expect(
            publish.links == album.map(link(for:)),
            """
            The uploads ended last photo first, and links are not in the album's order. The page shows the photos \
            in the order of links: keep each link at its photo's position, not in the order the uploads end.
            """)
        #expect(publish.error == nil)
    }

    @Test("progress counts the photos online so far, whatever order the uploads end in")
    func progressCountsUp() {
        let uploader = ManualUploader()
        let reports = Recorded<PublishProgress>()
        let publish = PublishAlbumOperation(photos: album, uploader: uploader) { reports.append($0) }
        let reportsAfterEachUpload = Recorded<Int>()

        publish.start()
        uploader.finishEveryUploadLatestFirst(in: album) { ended in
            reportsAfterEachUpload.append(reports.values.filter { $0.uploaded > 0 }.count)
            #expect(
                reports.values.last == PublishProgress(uploaded: ended, total: album.count),
                """
                After \(ended) of \(album.count) uploads ended, the last report is \(String(describing: reports.values.last)). \
                uploaded counts the photos online so far, starting from none: the first upload makes it 1.
                """)
        }

        let expected = (1...album.count).map { PublishProgress(uploaded: $0, total: album.count) }
        #expect(
            reports.values.filter { $0.uploaded > 0 } == expected,
            """
            The uploads ended last photo first. The bar must fill one photo at a time, 1, 2, 3, 4 of 4, never \
            jump back: count the photos online so far, not the position of the one that just arrived.
            """)
        #expect(
            reportsAfterEachUpload.values == Array(1...album.count),
            "Each upload reports its progress once, before its completion returns.")
    }

    @Test("every progress report comes before the operation finishes")
    func noReportAfterFinishing() throws {
        let uploader = ManualUploader()
        let box = OperationBox()
        let finishedWhenReported = Recorded<Bool>()
        let publish = PublishAlbumOperation(photos: album, uploader: uploader) { _ in
            finishedWhenReported.append(box.operation?.isFinished ?? false)
        }
        box.operation = publish

        publish.start()
        // On a thread of its own, bounded: reading isFinished inside onProgress must not wait for ever.
        try #require(
            onAThreadOfItsOwn { uploader.finishEveryUploadLatestFirst(in: album) } != nil,
            """
            The uploads' completions had not returned after a second: onProgress reads isFinished, and that \
            waits for a lock the operation still holds while it reports. Let go of your lock before you call \
            onProgress.
            """)

        #expect(
            !finishedWhenReported.values.contains(true),
            """
            onProgress was called after the operation had finished: the page is built, the "Published" banner is \
            up, and the bar still moves. Report the last photo first, then finish.
            """)
    }

    // MARK: - Failure and cancel

    @Test("a failed upload finishes the operation at once with its error; later uploads change nothing")
    func failureFinishesAtOnce() throws {
        let uploader = ManualUploader()
        let reports = Recorded<PublishProgress>()
        let publish = PublishAlbumOperation(photos: album, uploader: uploader) { reports.append($0) }
        let page = pageStep(dependingOn: publish)

        publish.start()
        let failing = try #require(uploader.latestOpenPhoto(in: album), "start() asked the uploader for no photo.")
        let reportsBefore = reports.values.count
        // On a thread of its own, bounded: a completion that never returns fails here, not by the time limit.
        try #require(
            onAThreadOfItsOwn { uploader.finishUpload(of: failing, with: .failure(Offline())) } != nil,
            """
            The failed upload's completion had not returned after a second: the operation waits inside it for \
            something it holds itself. Let go of your lock before you finish: finishing takes it again.
            """)

        #expect(publish.isFinished && !publish.isExecuting, "An upload failed, and the operation is not finished.")
        #expect(page.isReady, "The operation finished after a failure without telling the step that depends on it.")
        #expect(publish.error as? Offline == Offline(), "The operation keeps the uploader's error.")
        #expect(publish.links == nil, "A failed publish has no links.")

        uploader.finishEveryUploadLatestFirst(in: album)  // the uploads still open end after the failure
        #expect(reports.values.count == reportsBefore, "No progress is reported for a failure, or after it.")
        #expect(publish.links == nil && publish.error as? Offline == Offline(), "Later uploads change nothing.")
    }

    @Test("an upload that ends on the uploader's own thread: its completion returns with the operation finished")
    func uploadsEndingOnAnotherThread() throws {
        let failingUploader = ManualUploader()
        let failing = PublishAlbumOperation(photos: album, uploader: failingUploader)
        failing.start()
        let photo = try #require(failingUploader.latestOpenPhoto(in: album), "start() asked the uploader for no photo.")

        let afterTheFailure = onAThreadOfItsOwn {
            failingUploader.finishUpload(of: photo, with: .failure(Offline()))
            return failing.isFinished
        }

        #expect(
            afterTheFailure != nil,
            """
            A failed upload's completion, called on the uploader's own thread, had not returned after a second: the \
            operation waits inside it for something it holds itself. Let go of your lock before you finish: \
            finishing takes it again.
            """)
        #expect(afterTheFailure == true, "A failed upload's completion returned before the operation had finished.")

        let succeedingUploader = ManualUploader()
        let succeeding = PublishAlbumOperation(photos: album, uploader: succeedingUploader)
        succeeding.start()

        let afterTheLast = onAThreadOfItsOwn {
            succeedingUploader.finishEveryUploadLatestFirst(in: album)
            return succeeding.isFinished
        }

        #expect(
            afterTheLast != nil,
            """
            The uploads' completions, called on the uploader's own thread, had not all returned after a second: the \
            operation waits inside one for something it holds itself.
            """)
        #expect(afterTheLast == true, "The last upload's completion returned before the operation had finished.")
    }

    @Test("its state can be read on one thread while the uploads end on another")
    func stateReadWhileUploadsEndElsewhere() {
        // A queue reads isExecuting and isFinished on its own threads while the uploads end on the
        // uploader's, and nothing else orders the two. Here the test's thread is that queue: it reads
        // while the uploads end, before it waits for them. ThreadSanitizer, which this kata runs
        // under, reports state that two threads touch unguarded, and fails the test. Whether it sees
        // one album depends on how the two threads meet, so there are twenty. Each round reads one of
        // the four alone: a read that takes the operation's lock orders everything the thread read
        // before it against the change the uploader's thread makes under that lock, so a property
        // read unguarded beside guarded ones would race only in the instant between them.
        for round in 1...20 {
            let uploader = ManualUploader()
            let publish = PublishAlbumOperation(photos: album, uploader: uploader)
            publish.start()

            let ended = DispatchSemaphore(value: 0)
            Thread {
                uploader.finishEveryUploadLatestFirst(in: album)
                ended.signal()
            }.start()
            var returned = false
            var looks = 0
            while !returned, looks < 1_000 {
                switch round % 4 {
                case 0: _ = publish.isExecuting
                case 1: _ = publish.isFinished
                case 2: _ = publish.links
                default: _ = publish.error
                }
                looks += 1
                returned = ended.wait(timeout: .now()) == .success
            }
            guard returned || ended.wait(timeout: .now() + 1) == .success else {
                Issue.record(
                    """
                    Album \(round): the uploads' completions, called on the uploader's own thread, had not all \
                    returned after a second: the operation waits inside one for something it holds itself.
                    """)
                return
            }
            #expect(
                publish.isFinished && !publish.isExecuting && publish.links == album.map(link(for:)),
                """
                Album \(round): every upload has ended, so the operation should be finished with a link per photo. \
                isFinished \(publish.isFinished), isExecuting \(publish.isExecuting), \
                links \(publish.links.map(String.init(describing:)) ?? "nil").
                """)
        }
    }

    @Test("an operation cancelled before it starts finishes without asking the uploader")
    func cancelledBeforeStart() {
        let uploader = ManualUploader()
        let publish = PublishAlbumOperation(photos: album, uploader: uploader)
        let page = pageStep(dependingOn: publish)

        publish.cancel()
        publish.start()

        #expect(
            uploader.requestedPhotos.isEmpty,
            """
            A cancelled operation asked the uploader for \(uploader.requestedPhotos.count) photos. A queue calls \
            start() on cancelled operations too, so that they can finish: start() checks isCancelled first.
            """)
        #expect(publish.isFinished, "A cancelled operation finishes in start().")
        #expect(page.isReady, "A cancelled operation finished without telling the step that depends on it.")
        #expect(publish.links == nil)
    }

    @Test("an album with no photos finishes in start(), with no links and no error")
    func emptyAlbumFinishesInStart() {
        let uploader = ManualUploader()
        let publish = PublishAlbumOperation(photos: [], uploader: uploader)
        let page = pageStep(dependingOn: publish)

        publish.start()

        #expect(uploader.requestedPhotos.isEmpty, "An album with no photos asked the uploader for a photo.")
        #expect(
            publish.isFinished && !publish.isExecuting,
            """
            An album with no photos has nothing to wait for, but start() returned and the operation is not \
            finished: no upload will ever call back to finish it. With nothing to upload, finish in start().
            """)
        #expect(
            page.isReady,
            """
            The empty album is finished, but the page step that depends on it is not ready: the operation \
            finished without telling its observers (didChangeValue(forKey: "isFinished")).
            """)
        #expect(
            publish.links == [],
            "An album with no photos publishes an empty list of links, not \(String(describing: publish.links)).")
        #expect(publish.error == nil, "Nothing failed, and error is set.")
    }

    @Test("an album of one photo is asked for in start(), and its upload finishes the operation")
    func albumOfOnePhoto() {
        let photo = album[0]
        let uploader = ManualUploader()
        let reports = Recorded<PublishProgress>()
        let publish = PublishAlbumOperation(photos: [photo], uploader: uploader) { reports.append($0) }
        let page = pageStep(dependingOn: publish)

        publish.start()

        #expect(
            uploader.requestedPhotos.contains(photo),
            """
            An album of one photo, and start() asked the uploader for \(uploader.requestedPhotos). One photo is not \
            an empty album: it must go up before the operation can finish.
            """)
        #expect(
            publish.isExecuting && !publish.isFinished && !page.isReady,
            "Its one upload is open: the operation is executing, and the page step waits.")

        uploader.finishEveryUploadLatestFirst(in: [photo])

        #expect(
            publish.isFinished && !publish.isExecuting, "The album's one upload has ended: the operation is finished.")
        #expect(page.isReady, "The operation finished without telling the step that depends on it.")
        #expect(publish.links == [link(for: photo)], "One photo online, one link.")
        #expect(publish.error == nil)
        #expect(reports.values.filter { $0.uploaded > 0 } == [PublishProgress(uploaded: 1, total: 1)])
    }

    // MARK: - On a queue

    /// The album screen's setup: the operation and the page step on one queue. The queue runs each
    /// `start()` and each block as a block on `lane`, which is serial: once a block the test adds to
    /// it has run, everything the queue handed it before has run too.
    @Test("on a queue, the page step runs once every photo is online, and reads every link")
    func pageStepRunsOnAQueue() {
        let uploader = ManualUploader()
        let publish = PublishAlbumOperation(photos: album, uploader: uploader)
        let linksSeenByThePage = Recorded<[URL]?>()
        let page = BlockOperation { linksSeenByThePage.append(publish.links) }
        page.addDependency(publish)
        let lane = DispatchQueue(label: "kata22.lane")
        let queue = OperationQueue()
        queue.underlyingQueue = lane

        queue.addOperations([publish, page], waitUntilFinished: false)
        lane.sync {}  // the queue's start() of the publish operation has returned
        #expect(linksSeenByThePage.values.isEmpty, "The page step ran before any photo was online.")

        uploader.finishEveryUploadLatestFirst(in: album)
        lane.sync {}  // the queue has run the page step, if it was told the operation finished

        #expect(
            linksSeenByThePage.values == [album.map(link(for:))],
            """
            Every photo is online, and the page step ran \(linksSeenByThePage.values.count) times, seeing \
            \(linksSeenByThePage.values). The queue runs it once the operation announces it finished, and it \
            reads the links then.
            """)
    }
}
