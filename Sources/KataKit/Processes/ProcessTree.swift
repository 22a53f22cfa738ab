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
        stop(roots, patience: patience, table: .current)
    }

    static func stop(_ roots: [pid_t], patience: Duration = .seconds(3), table: ProcessTable) {
        let doomed = freeze(roots, table: table)
        guard !doomed.isEmpty else { return }
        for pid in doomed { kill(pid, SIGKILL) }
        let deadline = ContinuousClock.now + patience
        while ContinuousClock.now < deadline, doomed.contains(where: { isAlive($0, table: table) }) {
            usleep(5_000)
        }
    }

    /// Stops (SIGSTOP) `roots` and their descendants, parents before children, and reads the
    /// tree again until it finds no new process. Returns every process it stopped.
    static func freeze(_ roots: [pid_t], table: ProcessTable = .current) -> [pid_t] {
        var frozen: [pid_t] = []
        var seen: Set<pid_t> = []
        // Bounded: a tree cannot grow once stopped, so a few rounds do; the bound only guards
        // against a process table that changes under us without end.
        for _ in 0..<100 {
            let new = roots.flatMap { [$0] + descendants(of: $0, table: table) }.filter {
                !seen.contains($0) && isAlive($0, table: table)
            }
            guard !new.isEmpty else { break }
            for pid in new where kill(pid, SIGSTOP) == 0 {
                seen.insert(pid)
                frozen.append(pid)
            }
            waitUntilStopped(new, table: table)
        }
        return frozen
    }

    /// A signal is delivered when its process next runs: one in the middle of `fork` stops once
    /// the child exists, so the next reading of the tree sees that child. The table shows the stop
    /// as state `T`.
    private static func waitUntilStopped(_ pids: [pid_t], table: ProcessTable) {
        let deadline = ContinuousClock.now + .milliseconds(500)
        while ContinuousClock.now < deadline,
            pids.contains(where: { pid in
                guard let state = table.state(of: pid) else { return false }
                return state != "T" && state != "t" && state != "Z" && state != "X"
            })
        {
            usleep(1_000)
        }
    }

    /// Every process below `root`, parents before their children.
    public static func descendants(of root: pid_t) -> [pid_t] {
        descendants(of: root, table: .current)
    }

    static func descendants(of root: pid_t, table: ProcessTable) -> [pid_t] {
        var children: [pid_t: [pid_t]] = [:]
        for (pid, entry) in table.entries() { children[entry.parent, default: []].append(pid) }
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
        isAlive(pid, table: .current)
    }

    static func isAlive(_ pid: pid_t, table: ProcessTable) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        if let state = table.state(of: pid) { return state != "Z" && state != "X" }
        return true
    }
}
