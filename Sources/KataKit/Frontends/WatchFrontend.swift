import Foundation

/// `kata watch [N]`: checks a kata at once, then again each time one of its files changes,
/// and moves on to the next kata only when the learner asks.
///
/// The learner drives it with single keys: `n` next kata, `r` check again, `h` the next hint,
/// `q` quit. The check itself is ``CheckFrontend``'s, so what it says and records is the same.
///
/// ```swift
/// let status = try WatchFrontend(context: context).run(kata: "2")   // returns 0 when the learner presses q
/// ```
public struct WatchFrontend: Sendable {
    /// An editor's save is several changes in a few milliseconds (a temporary file, a rename, a
    /// touch); the kata is checked once they have been quiet this long.
    public static let quietPeriod: Duration = .milliseconds(200)

    public let context: CommandContext

    public init(context: CommandContext) {
        self.context = context
    }

    /// Watches the kata named by `reference`, or the first one not passed yet when it is nil.
    /// `polling` looks for changes twice a second instead of being notified of them; `timeout`
    /// and `verbose` are `kata check`'s.
    public func run(
        kata reference: String?, polling: Bool = false, timeout: Duration? = CheckFrontend.defaultTimeout,
        verbose: Bool = false
    ) throws -> Int32 {
        let check = CheckFrontend(context: context)
        return try run(
            kata: reference,
            keys: StandardInputKeys(),
            makeWatcher: { tree in polling ? PollingFileWatcher(tree: tree) : Self.notifiedWatcher(for: tree) },
            check: { kata in try check.run(kata: String(kata.number), timeout: timeout, verbose: verbose) }
        )
    }

    /// The watch loop with its parts handed in, so a test can script the keys, the changes and
    /// the checks: `check` returns ``ExitStatus/success`` when the kata passed.
    public func run(
        kata reference: String?,
        keys: any KeySource,
        makeWatcher: @escaping (WatchedTree) -> any FileWatcher,
        quietPeriod: Duration = WatchFrontend.quietPeriod,
        check: @escaping (Kata) throws -> Int32
    ) throws -> Int32 {
        let catalog = try context.catalog()
        let first: Kata
        if let reference {
            first = try catalog.kata(named: reference)
        } else {
            let progress = context.progress(in: catalog.repository)
            guard let next = progress.firstNotPassed(of: catalog.katas) else {
                context.console.line("Every kata has passed. Run `kata watch N` to watch one again.")
                return ExitStatus.success
            }
            first = next
        }
        let events = WatchEventQueue()
        // `h` is `kata hint`: the same count of hints seen, kept in the progress file.
        let hints = HintFrontend(context: context)
        let repository = catalog.repository
        let loop = WatchLoop(
            katas: catalog.katas, kata: first, console: context.console, events: events,
            makeWatcher: makeWatcher, quietPeriod: quietPeriod, check: check,
            showNextHint: { kata in _ = hints.run(kata: kata, in: repository, all: false) }
        )
        defer { loop.stopWatching() }
        try loop.startWatching()
        try keys.start { events.post(.key($0)) }
        defer { keys.stop() }
        return try loop.run()
    }

    /// Notified of changes where the system can tell: inotify on Linux. Elsewhere (macOS) it
    /// polls; see ``InotifyFileWatcher`` for why.
    static func notifiedWatcher(for tree: WatchedTree) -> any FileWatcher {
        #if os(Linux)
            InotifyFileWatcher(tree: tree)
        #else
            PollingFileWatcher(tree: tree)
        #endif
    }
}

/// The state of one `kata watch`: which kata, whether it passed, and when the
/// next check is due. Runs on the caller's thread; watchers and keys only post events.
private final class WatchLoop {
    let katas: [Kata]
    var kata: Kata
    let console: Console
    let events: WatchEventQueue
    let makeWatcher: (WatchedTree) -> any FileWatcher
    let quietPeriod: Duration
    let check: (Kata) throws -> Int32
    let showNextHint: (Kata) -> Void

    var watcher: (any FileWatcher)?
    /// Set once notification failed, so every later kata is polled without another note.
    var pollsSinceNotificationFailed = false
    var passed = false
    /// The learner pressed `n` before the kata passed and was asked to press it again.
    var askedToConfirmMovingOn = false
    /// When to check next: at once at the start, then a quiet period after the last change.
    var checkDue: ContinuousClock.Instant? = .now

    init(
        katas: [Kata], kata: Kata, console: Console, events: WatchEventQueue,
        makeWatcher: @escaping (WatchedTree) -> any FileWatcher, quietPeriod: Duration,
        check: @escaping (Kata) throws -> Int32,
        showNextHint: @escaping (Kata) -> Void
    ) {
        self.katas = katas
        self.kata = kata
        self.console = console
        self.events = events
        self.makeWatcher = makeWatcher
        self.quietPeriod = quietPeriod
        self.check = check
        self.showNextHint = showNextHint
    }

    var style: TextStyle { console.style }
    var nextKata: Kata? { katas.first { $0.number > kata.number } }

    /// Until the learner quits. A check blocks the loop: changes made meanwhile wait in the
    /// queue and bring one more check after it, and keys count once it ends.
    func run() throws -> Int32 {
        while true {
            if let due = checkDue, due <= .now {
                checkDue = nil
                try checkKata()
                continue
            }
            guard let event = events.next(until: checkDue) else { continue }
            switch event {
            case .filesChanged:
                checkDue = .now + quietPeriod
            case .key(let key):
                let wasAskedToConfirm = askedToConfirmMovingOn
                askedToConfirmMovingOn = false
                switch Character(Unicode.Scalar(key)).lowercased() {
                case "q": return ExitStatus.success
                case "r": checkDue = .now
                case "h": showNextHint(kata)
                case "n": try moveOn(confirmed: wasAskedToConfirm)
                default: break
                }
            }
        }
    }

    func checkKata() throws {
        if console.isTerminal { console.write("\u{1B}[2J\u{1B}[H") }
        passed = try check(kata) == ExitStatus.success
        console.line()
        console.line(statusLine())
    }

    func statusLine() -> String {
        let folder = "Katas/\(kata.folderName)"
        guard passed else {
            let hint = kata.metadata.hints.isEmpty ? "" : " · h hint"
            return style.dim("Watching \(folder) for changes · r check again\(hint) · q quit")
        }
        let done = style.bold(style.green("✔ Kata \(kata.id) passed"))
        guard let next = nextKata else {
            return done + ", the last kata · still watching \(folder) · r check again · q quit"
        }
        return done + " · n next kata (\(next.heading)) · q quit"
    }

    func moveOn(confirmed: Bool) throws {
        guard let next = nextKata else {
            console.line("Kata \(kata.id) is the last kata; there is no next one. q quits.")
            return
        }
        guard passed || confirmed else {
            askedToConfirmMovingOn = true
            console.line("Kata \(kata.id) has not passed yet; press n again to move on anyway.")
            return
        }
        kata = next
        passed = false
        try startWatching()
        checkDue = .now
    }

    /// Watches the current kata, polling when notification cannot start.
    func startWatching() throws {
        stopWatching()
        // What the last kata's watcher reported is no reason to check the new one twice.
        events.discardFileChanges()
        let tree = WatchedTree(kata: kata)
        let events = events
        let onChange: @Sendable (Set<String>) -> Void = { _ in events.post(.filesChanged) }
        if !pollsSinceNotificationFailed {
            let preferred = makeWatcher(tree)
            do {
                try preferred.start(onChange: onChange)
                watcher = preferred
                return
            } catch let error as FileWatcherError where !(preferred is PollingFileWatcher) {
                pollsSinceNotificationFailed = true
                console.error(
                    style.yellow("note: ") + "\(error.description) Looking for changes every half second instead.")
            } catch let error as FileWatcherError {
                throw KataError(.fileSystem, "Cannot watch Katas/\(kata.folderName): \(error.description)")
            }
        }
        let polling = PollingFileWatcher(tree: tree)
        do {
            try polling.start(onChange: onChange)
        } catch let error as FileWatcherError {
            throw KataError(.fileSystem, "Cannot watch Katas/\(kata.folderName): \(error.description)")
        }
        watcher = polling
    }

    func stopWatching() {
        watcher?.stop()
        watcher = nil
    }
}
