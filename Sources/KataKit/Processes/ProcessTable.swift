import Foundation

/// The system's table of processes, as ``ProcessTree`` reads it: each process's parent and its
/// state letter (`R` running, `S` sleeping, `T` stopped, `Z` a zombie, finished but not collected).
///
/// Linux shows it in `/proc`, read directly; macOS and the BSDs have no `/proc`, so `ps` lists it.
/// Both work on Linux, which is how the tests run the `ps` reading that macOS depends on:
///
/// ```swift
/// ProcessTable.current.entries()[getpid()]?.parent   // this process's parent
/// ProcessTable.ps.state(of: pid)                     // "T" once SIGSTOP has arrived
/// ```
///
/// Hand-written on purpose: Foundation's `Process` can signal one process only, and this is too
/// small to need a package.
enum ProcessTable: Sendable, CaseIterable {
    /// `/proc/PID/stat` (Linux).
    case proc
    /// `ps -A -o pid= -o ppid= -o stat=` (macOS, BSD, and Linux too).
    case ps

    /// `/proc` where the system has it, `ps` elsewhere.
    static let current: ProcessTable = FileManager.default.fileExists(atPath: "/proc/self/stat") ? .proc : .ps

    struct Entry: Sendable, Equatable {
        var parent: pid_t
        var state: Character
    }

    /// Every process the table lists, by process id.
    func entries() -> [pid_t: Entry] {
        switch self {
        case .proc:
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [:] }
            var entries: [pid_t: Entry] = [:]
            for name in names {
                guard let pid = pid_t(name), let entry = Self.procEntry(pid) else { continue }
                entries[pid] = entry
            }
            return entries
        case .ps:
            return Self.psEntries()
        }
    }

    /// The state letter of one process, or nil when the table does not list it.
    func state(of pid: pid_t) -> Character? {
        switch self {
        case .proc: Self.procEntry(pid)?.state
        case .ps: Self.psEntries(only: pid)[pid]?.state
        }
    }

    /// From `/proc/PID/stat`. The command name sits in parentheses and may itself contain spaces
    /// or parentheses, so the fields are read after the last `)`.
    private static func procEntry(_ pid: pid_t) -> Entry? {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/stat") else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 2, let state = fields[0].first, let parent = pid_t(fields[1]) else { return nil }
        return Entry(parent: parent, state: state)
    }

    private static func psEntries(only pid: pid_t? = nil) -> [pid_t: Entry] {
        let ps = Process()
        ps.executableURL = URL(fileURLWithPath: "/bin/ps")
        ps.arguments = (pid.map { ["-p", String($0)] } ?? ["-A"]) + ["-o", "pid=", "-o", "ppid=", "-o", "stat="]
        let pipe = Pipe()
        ps.standardOutput = pipe
        ps.standardError = FileHandle.nullDevice
        guard (try? ps.run()) != nil else { return [:] }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        ps.waitUntilExit()
        var entries: [pid_t: Entry] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3, let pid = pid_t(fields[0]), let parent = pid_t(fields[1]),
                let state = fields[2].first
            else { continue }
            entries[pid] = Entry(parent: parent, state: state)
        }
        return entries
    }
}
