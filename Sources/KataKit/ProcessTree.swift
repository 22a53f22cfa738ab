import Foundation

/// Stops a command together with every process it started.
///
/// Signalling a process group is not enough: Foundation starts `swift test` in a group of its
/// own, and `swift test` starts the test binary in yet another group. Killing only the first
/// leaves the deadlocked test process running, holding the output pipe open, so kata would
/// wait forever. The tree is read before anything is signalled, while every process still
/// has its parent.
///
/// ```swift
/// ProcessTree.stop([process.processIdentifier])   // SIGTERM, then SIGKILL after the grace period
/// ```
public enum ProcessTree {
    /// Sends SIGTERM to `roots` and all their descendants (deepest first), waits up to `grace`
    /// for them to end, then sends SIGKILL to whatever is left.
    public static func stop(_ roots: [pid_t], grace: Duration = .seconds(3)) {
        let doomed = roots.flatMap { [$0] + descendants(of: $0) }.reversed()
        guard !doomed.isEmpty else { return }
        for pid in doomed { kill(pid, SIGTERM) }
        let deadline = ContinuousClock.now + grace
        while ContinuousClock.now < deadline, doomed.contains(where: isAlive) {
            usleep(20_000)
        }
        for pid in doomed where isAlive(pid) {
            // Whatever it started after the snapshot goes too.
            for late in descendants(of: pid) { kill(late, SIGKILL) }
            kill(pid, SIGKILL)
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
