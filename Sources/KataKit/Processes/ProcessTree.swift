import Foundation

/// Stops a command together with every process it started.
///
/// Signalling a process group is not enough: Foundation starts `swift test` in a group of its
/// own, and `swift test` starts the test binary in yet another group. Killing only the first
/// leaves the deadlocked test process running, holding the output pipe open, so kata would
/// wait forever.
///
/// Reading the tree and then signalling it is not enough either while a build runs: the build
/// starts a new `swift-frontend` between the reading and the signal, or on its way out, and
/// that child, an orphan adopted by init, compiles on. So the tree is frozen first (SIGSTOP,
/// read again, until no process is new: a stopped process starts no other), then killed with
/// SIGKILL, which a stopped process cannot delay or answer by starting another. Nothing is
/// lost by not asking first: the tests are stuck or the learner pressed Ctrl-C, SwiftPM's lock
/// is released by the kernel, and its build database survives a kill as it survives a crash.
///
/// ```swift
/// ProcessTree.stop([process.processIdentifier])
/// ```
public enum ProcessTree {
    /// Freezes `roots` and all their descendants, kills them, and waits (up to `patience`) until
    /// they are gone, so a caller that checks the process table afterwards finds none of them.
    public static func stop(_ roots: [pid_t], patience: Duration = .seconds(3)) {
        let doomed = freeze(roots)
        guard !doomed.isEmpty else { return }
        for pid in doomed { kill(pid, SIGKILL) }
        let deadline = ContinuousClock.now + patience
        while ContinuousClock.now < deadline, doomed.contains(where: isAlive) {
            usleep(5_000)
        }
    }

    /// Stops (SIGSTOP) `roots` and their descendants, parents before children, and reads the
    /// tree again until it finds no new process. Returns every process it stopped.
    static func freeze(_ roots: [pid_t]) -> [pid_t] {
        var frozen: [pid_t] = []
        var seen: Set<pid_t> = []
        // Bounded: a tree cannot grow once stopped, so a few rounds do; the bound only guards
        // against a process table that changes under us without end.
        for _ in 0..<100 {
            let new = roots.flatMap { [$0] + descendants(of: $0) }.filter { !seen.contains($0) && isAlive($0) }
            guard !new.isEmpty else { break }
            for pid in new where kill(pid, SIGSTOP) == 0 {
                seen.insert(pid)
                frozen.append(pid)
            }
            waitUntilStopped(new)
        }
        return frozen
    }

    /// A signal is delivered when its process next runs: one in the middle of `fork` stops once
    /// the child exists, so the next reading of the tree sees that child. Linux shows the stop in
    /// /proc; elsewhere a short pause stands in for it.
    private static func waitUntilStopped(_ pids: [pid_t]) {
        guard FileManager.default.fileExists(atPath: "/proc/self/stat") else {
            usleep(20_000)
            return
        }
        let deadline = ContinuousClock.now + .milliseconds(500)
        while ContinuousClock.now < deadline,
            pids.contains(where: { pid in
                guard let state = processStat(pid)?.state else { return false }
                return state != "T" && state != "t" && state != "Z" && state != "X"
            })
        {
            usleep(1_000)
        }
    }

    /// Every process below `root`, parents before their children.
    public static func descendants(of root: pid_t) -> [pid_t] {
        let parents = parentsByProcess()
        var children: [pid_t: [pid_t]] = [:]
        for (pid, parent) in parents { children[parent, default: []].append(pid) }
        var result: [pid_t] = []
        var queue = [root]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            for child in (children[next] ?? []).sorted() where !result.contains(child) && child != root {
                result.append(child)
                queue.append(child)
            }
        }
        return result
    }

    /// True while `pid` runs (a zombie, finished but not yet collected by its parent, is not running).
    public static func isAlive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        if let state = processStat(pid)?.state { return state != "Z" && state != "X" }
        return true
    }

    /// Linux reads /proc directly; elsewhere (macOS) `ps` lists the table. Hand-written on purpose:
    /// Foundation's `Process` can signal one process only, and this is too small to need a package.
    private static func parentsByProcess() -> [pid_t: pid_t] {
        if let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc"), entries.contains("self") {
            var parents: [pid_t: pid_t] = [:]
            for entry in entries {
                guard let pid = pid_t(entry), let stat = processStat(pid) else { continue }
                parents[pid] = stat.parent
            }
            return parents
        }
        return psParents()
    }

    /// The state letter and parent of a process, from `/proc/PID/stat`. The command name sits in
    /// parentheses and may itself contain spaces or parentheses, so fields are read after the last `)`.
    private static func processStat(_ pid: pid_t) -> (state: Character, parent: pid_t)? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 2, let state = fields[0].first, let parent = pid_t(fields[1]) else { return nil }
        return (state, parent)
    }

    private static func psParents() -> [pid_t: pid_t] {
        let ps = Process()
        ps.executableURL = URL(fileURLWithPath: "/bin/ps")
        ps.arguments = ["-A", "-o", "pid=", "-o", "ppid="]
        let pipe = Pipe()
        ps.standardOutput = pipe
        ps.standardError = FileHandle.nullDevice
        guard (try? ps.run()) != nil else { return [:] }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        ps.waitUntilExit()
        var parents: [pid_t: pid_t] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.count == 2, let pid = pid_t(fields[0]), let parent = pid_t(fields[1]) { parents[pid] = parent }
        }
        return parents
    }
}
