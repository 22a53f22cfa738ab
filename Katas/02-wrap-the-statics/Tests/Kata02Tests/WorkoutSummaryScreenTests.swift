import Dispatch
import Foundation
import Testing

@testable import Kata02

#if canImport(CDispatch)
    // On Linux, the C half of Dispatch, where dispatch_queue_get_label lives.
    import CDispatch
#endif

/// A test double for the queues: runs every piece of work at once, on the caller's thread,
/// and writes down which queue was asked for. No waiting, no threads, no clock.
final class ImmediateQueues: DispatchQueueWrapping {
    enum Hop: Equatable, CustomStringConvertible {
        case main
        case global(DispatchQoS.QoSClass)

        var description: String {
            switch self {
            case .main: "main"
            case .global(let qos): "global(qos: .\(qos))"
            }
        }
    }

    /// Every hop the code asked for, in order.
    private(set) var requested: [Hop] = []
    /// The hops whose work is running right now, outermost first.
    /// `[]` means the caller's own code, outside any dispatched work.
    private(set) var running: [Hop] = []

    func mainAsync(execute work: @escaping () -> Void) {
        run(work, on: .main)
    }

    func globalAsync(qos: DispatchQoS.QoSClass, execute work: @escaping () -> Void) {
        run(work, on: .global(qos))
    }

    private func run(_ work: () -> Void, on hop: Hop) {
        requested.append(hop)
        running.append(hop)
        work()
        running.removeLast()
    }
}

/// Two whole kilometers: the first in 5:00, the second in 5:10, then 300 m more.
let track = [
    TrackPoint(meters: 0, seconds: 0),
    TrackPoint(meters: 500, seconds: 150),
    TrackPoint(meters: 1000, seconds: 300),
    TrackPoint(meters: 1500, seconds: 455),
    TrackPoint(meters: 2000, seconds: 610),
    TrackPoint(meters: 2300, seconds: 700),
]

let expectedSummary = WorkoutSummary(
    meters: 2300,
    seconds: 700,
    splits: [Split(kilometer: 1, seconds: 300), Split(kilometer: 2, seconds: 310)]
)

/// Describes where a value was published, for expectation messages.
func origin(of hops: [ImmediateQueues.Hop]?) -> String {
    switch hops {
    case nil:
        """
        By the time the call returned, onChange had not seen the new value in place: it was \
        not set through the test queues (a hop went straight to DispatchQueue), or onChange was \
        not called after this change, or it ran before the value was set (willSet instead of didSet).
        """
    case []?: "It was set directly, outside any work handed to the queues."
    case let hops?: "It was set from inside \(hops.map(\.description).joined(separator: " → "))."
    }
}

@Suite("WorkoutSummaryScreen with queues injected through init(queues:)")
struct WorkoutSummaryScreenTests {
    @Test("show(_:) publishes the summary before it returns when the queues run work at once")
    func showPublishesAtOnce() {
        let screen = WorkoutSummaryScreen(queues: ImmediateQueues())

        screen.show(track)
        // Read once, so the message shows the state the expectation judged.
        let state = screen.state

        #expect(
            state == .ready(expectedSummary),
            """
            The test queues run work the moment it is handed over, so show(_:) should end in \
            .ready. The state is \(state): the screen still dispatches somewhere else. \
            Replace every DispatchQueue.global(qos:).async and DispatchQueue.main.async with \
            calls on the queues passed to init(queues:).
            """
        )
    }

    @Test("show(_:) calculates at .userInitiated, then hops to main")
    func showAsksForTheRightQueues() {
        let queues = ImmediateQueues()
        let screen = WorkoutSummaryScreen(queues: queues)

        screen.show(track)

        #expect(
            queues.requested == [.global(.userInitiated), .main],
            """
            show(_:) should ask for one background hop at .userInitiated (the runner is \
            waiting for it), then one hop to main. It asked for \(queues.requested). A hop \
            missing from that list went around the injected queues, straight to DispatchQueue.
            """
        )
    }

    @Test("show(_:) shows .calculating, then .ready, and calls onChange after each change")
    func showReportsEveryState() {
        let screen = WorkoutSummaryScreen(queues: ImmediateQueues())
        var heard: [WorkoutSummaryScreen.State] = []
        screen.onChange = { [unowned screen] in heard.append(screen.state) }

        screen.show(track)

        #expect(
            heard == [.calculating, .ready(expectedSummary)],
            """
            onChange runs after each change, so the state it reads should be .calculating \
            (show(_:) sets it at once, as before), then .ready. It read \(heard). A first \
            .empty means onChange runs before the change (willSet instead of didSet); no \
            .calculating means show(_:) no longer shows the spinner.
            """
        )
    }

    @Test("the ready state is published from main work that the background work scheduled")
    func readyIsPublishedOnMain() {
        let queues = ImmediateQueues()
        let screen = WorkoutSummaryScreen(queues: queues)
        var publishedFrom: [ImmediateQueues.Hop]?
        screen.onChange = { [unowned screen] in
            if case .ready = screen.state { publishedFrom = queues.running }
        }

        screen.show(track)

        #expect(
            publishedFrom == [.global(.userInitiated), .main],
            """
            .ready should be set inside mainAsync, called from inside the globalAsync work: \
            background first, then main. \(origin(of: publishedFrom))
            """
        )
    }

    @Test("exportSplits() builds the CSV at .utility and publishes it on main")
    func exportUsesUtilityThenMain() throws {
        let queues = ImmediateQueues()
        let screen = WorkoutSummaryScreen(queues: queues)
        screen.show(track)
        try #require(
            screen.state == .ready(expectedSummary),
            "exportSplits() only exports a ready summary, so show(_:) has to pass its tests first."
        )
        let hopsBeforeExport = queues.requested.count
        var publishedFrom: [ImmediateQueues.Hop]?
        screen.onChange = { [unowned screen] in
            if screen.exportedCSV != nil { publishedFrom = queues.running }
        }

        screen.exportSplits()

        #expect(
            screen.exportedCSV == "km,time\n1,5:00\n2,5:10\n",
            "exportSplits() should publish the CSV before it returns with the test queues; it is \(String(describing: screen.exportedCSV))."
        )
        let exportHops = Array(queues.requested[hopsBeforeExport...])
        #expect(
            exportHops == [.global(.utility), .main],
            """
            exportSplits() should ask for one background hop at .utility (nobody waits on an \
            export), then one hop to main. It asked for \(exportHops). A hop missing from that \
            list went around the injected queues, straight to DispatchQueue.
            """
        )
        #expect(
            publishedFrom == [.global(.utility), .main],
            "The CSV should be set inside mainAsync, inside the .utility work. \(origin(of: publishedFrom))"
        )
    }

    @Test("exportSplits() calls onChange after the CSV is in place")
    func exportReportsTheCSV() throws {
        let screen = WorkoutSummaryScreen(queues: ImmediateQueues())
        screen.show(track)
        try #require(
            screen.state == .ready(expectedSummary),
            "exportSplits() only exports a ready summary, so show(_:) has to pass its tests first."
        )
        var heard: [String?] = []
        screen.onChange = { [unowned screen] in heard.append(screen.exportedCSV) }

        screen.exportSplits()

        #expect(
            heard == ["km,time\n1,5:00\n2,5:10\n"],
            """
            onChange should be called once after exportedCSV changes, as it is after state \
            changes: the screen shows the share button from it. It read \(heard): [] means \
            exportedCSV no longer calls onChange; [nil] means onChange ran before the CSV was \
            set (willSet instead of didSet).
            """
        )
    }
}

/// The label of the queue the calling code runs on, as Dispatch reports it.
func currentQueueLabel() -> String {
    #if canImport(CDispatch)
        String(cString: dispatch_queue_get_label(nil))
    #else
        String(cString: __dispatch_queue_get_label(nil))
    #endif
}

/// Starts `handOver`, which reports a value through the function it is handed, and awaits the
/// first report, or nil after a second: work on the real queues comes back in milliseconds, so
/// only a wrapper that drops the work makes a test wait, and then it fails by an assertion
/// instead of hanging the run. Later reports are ignored.
func firstReport<Value: Sendable>(
    of handOver: (@escaping @Sendable (Value) -> Void) -> Void
) async -> Value? {
    await withCheckedContinuation { continuation in
        let once = ResumeOnce(continuation)
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { once.resume(returning: nil) }
        handOver { once.resume(returning: $0) }
    }
}

/// A continuation resumed by whichever comes first, the report or the second's end.
final class ResumeOnce<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value?, Never>?

    init(_ continuation: CheckedContinuation<Value?, Never>) { self.continuation = continuation }

    func resume(returning value: Value?) {
        lock.lock()
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(returning: value)
    }
}

/// What a test says when the work handed to the wrapper never ran.
func neverRan(_ call: String, forwardingTo queue: String) -> Comment {
    """
    The work handed to \(call) never ran within a second: the wrapper must forward it, \
    \(queue).async(execute: work), not drop it.
    """
}

/// These tests use the real queues, so they await, each at most a second (`firstReport(of:)`);
/// the time limit is a ceiling a passing run never reaches.
@Suite("DispatchQueueWrapper, the production wrapper", .timeLimit(.minutes(1)))
struct DispatchQueueWrapperTests {
    @Test("mainAsync(execute:) runs the work on the main queue")
    func mainAsyncRunsOnMain() async {
        let isMain = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: isMain, value: true)
        defer { DispatchQueue.main.setSpecific(key: isMain, value: nil) }

        let ranOnMain = await firstReport { done in
            DispatchQueueWrapper().mainAsync { done(DispatchQueue.getSpecific(key: isMain) ?? false) }
        }

        guard let ranOnMain else {
            Issue.record(neverRan("mainAsync(execute:)", forwardingTo: "DispatchQueue.main"))
            return
        }
        #expect(ranOnMain, "mainAsync(execute:) should forward to DispatchQueue.main.async.")
    }

    @Test("globalAsync(qos:execute:) runs the work on the global queue of the QoS it was given")
    func globalAsyncRunsOnTheGlobalQueueOfItsQoS() async {
        let isMain = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: isMain, value: true)
        defer { DispatchQueue.main.setSpecific(key: isMain, value: nil) }

        for qos in [DispatchQoS.QoSClass.utility, .userInitiated] {
            let sighting = await firstReport { done in
                DispatchQueueWrapper().globalAsync(qos: qos) {
                    done((DispatchQueue.getSpecific(key: isMain) ?? false, currentQueueLabel()))
                }
            }
            guard let (ranOnMain, ranOn) = sighting else {
                Issue.record(neverRan("globalAsync(qos:execute:)", forwardingTo: "DispatchQueue.global(qos: qos)"))
                return
            }

            #expect(
                !ranOnMain,
                "globalAsync(qos:execute:) should forward to DispatchQueue.global(qos:).async, not to main.")
            #expect(
                ranOn == DispatchQueue.global(qos: qos).label,
                """
                globalAsync(qos: .\(String(describing: qos))) ran the work on "\(ranOn)", not on the global queue of \
                that QoS, "\(DispatchQueue.global(qos: qos).label)". The wrapper only forwards: \
                DispatchQueue.global(qos: qos).async(execute: work), with the QoS it was given \
                and no queue of its own.
                """)
        }
    }

    /// Hands work over through `handOver` from a thread of the test's own, then signals that the
    /// call has returned. Reports whether the work saw that signal, or nil when the work never
    /// ran. The work waits for it at most one second: a wrapper that hands over with async
    /// returns at once, so a passing run never comes near the bound; one that waits for the work
    /// (sync) cannot return until it gives up.
    func workSawTheCallReturn(handOver: @escaping (@escaping () -> Void) -> Void) async -> Bool? {
        await firstReport { done in
            let callReturned = DispatchSemaphore(value: 0)
            let caller = Thread {
                handOver { done(callReturned.wait(timeout: .now() + 1) == .success) }
                callReturned.signal()
            }
            caller.start()
        }
    }

    @Test("mainAsync(execute:) returns before the work runs, also when called on the main queue")
    func mainAsyncHandsOver() async {
        guard let fromAThread = await workSawTheCallReturn(handOver: { DispatchQueueWrapper().mainAsync(execute: $0) })
        else {
            Issue.record(neverRan("mainAsync(execute:)", forwardingTo: "DispatchQueue.main"))
            return
        }

        #expect(
            fromAThread,
            """
            mainAsync(execute:) did not return until its work had run: the wrapper waits for the \
            work (DispatchQueue.main.sync does that), so the caller blocks. It must hand the work \
            over and return at once: DispatchQueue.main.async(execute: work).
            """)
        // A wrapper that waits for main-queue work would crash when called on the main queue.
        guard fromAThread else { return }

        // On the main queue, which is serial: work handed over with async can only start after
        // this block has finished.
        let sawItReturn = await firstReport { done in
            DispatchQueue.main.async {
                var mainAsyncHadReturned = false
                DispatchQueueWrapper().mainAsync { done(mainAsyncHadReturned) }
                mainAsyncHadReturned = true
            }
        }
        guard let fromMain = sawItReturn else {
            Issue.record(neverRan("mainAsync(execute:)", forwardingTo: "DispatchQueue.main"))
            return
        }

        #expect(
            fromMain,
            """
            Called on the main queue, mainAsync(execute:) ran the work in place, before it \
            returned: a "we are already on main" shortcut. The caller's code after the call \
            then runs after the work instead of before it. mainAsync only forwards, wherever it \
            is called from: DispatchQueue.main.async(execute: work).
            """)
    }

    @Test("globalAsync(qos:execute:) returns before the work runs")
    func globalAsyncHandsOver() async {
        guard
            let fromAThread = await workSawTheCallReturn(handOver: {
                DispatchQueueWrapper().globalAsync(qos: .utility, execute: $0)
            })
        else {
            Issue.record(neverRan("globalAsync(qos:execute:)", forwardingTo: "DispatchQueue.global(qos: qos)"))
            return
        }

        #expect(
            fromAThread,
            """
            globalAsync(qos:execute:) did not return until its work had run: the wrapper waits \
            for the work (DispatchQueue.global(qos:).sync does that), so show(_:) would block \
            the main queue for the whole calculation. It must hand the work over and return at \
            once: DispatchQueue.global(qos: qos).async(execute: work).
            """)
    }

    @Test("WorkoutSummaryScreen() still works, on the real queues, without arguments")
    func defaultInitUsesTheRealQueues() async {
        let screen = WorkoutSummaryScreen()

        // The screen's state belongs to the main queue: it is read there, inside onChange, and
        // handed to the test, so the test never reads it from another thread while the main
        // queue may be writing it. The first change past .calculating is the one reported, so a
        // screen that calls onChange at the wrong moment fails here at once; one that never
        // publishes .ready is given up on after a second.
        let shown = await firstReport { done in
            screen.onChange = {
                guard screen.state != .calculating else { return }
                done(screen.state)
            }
            screen.show(track)
        }

        guard let shown else {
            Issue.record(
                """
                WorkoutSummaryScreen() on the real queues showed .calculating and then nothing for a \
                second: the calculation never published .ready. The work handed to globalAsync must \
                calculate the summary and hand a piece of work to mainAsync that sets .ready.
                """)
            return
        }
        #expect(
            shown == .ready(expectedSummary),
            """
            On the real queues, the first state onChange read after .calculating was \(shown), \
            not the ready summary. .empty means onChange ran before the new state was in place \
            (willSet instead of didSet): it must be called after each change, with the new value \
            already set. Otherwise WorkoutSummaryScreen(), the app's call site, must calculate \
            through DispatchQueueWrapper() and publish .ready through mainAsync.
            """
        )
    }
}
