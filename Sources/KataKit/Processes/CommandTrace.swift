import Foundation

/// A line per command `kata` ran, for an author who wants to know where a slow `kata verify` or
/// `kata check` spends its time: `KATA_TRACE_COMMANDS=trace.tsv kata verify 10` appends
///
/// ```text
/// 4.213	0	/work/main	/usr/bin/swiftc -emit-library -module-name Kata10 …
/// ```
///
/// (seconds, exit code, folder, command), one line per finished command, whichever thread ran it.
/// PERFORMANCE.md's breakdowns come from such traces.
enum CommandTrace {
    static let variable = "KATA_TRACE_COMMANDS"

    private static let lock = NSLock()

    static func record(
        executable: URL, arguments: [String], in directory: URL, seconds: Double, result: CommandResult,
        to path: String?
    ) {
        guard let path, !path.isEmpty else { return }
        // Arguments can be long (a library's every file): the trace keeps the first few hundred characters.
        let command = ([executable.path] + arguments).joined(separator: " ").prefix(400)
        let exit = result.wasSignaled ? "signal" : String(result.exitCode)
        let line = String(format: "%.3f", seconds) + "\t\(exit)\t\(directory.path)\t\(command)\n"
        lock.lock()
        defer { lock.unlock() }
        if !FileManager.default.fileExists(atPath: path) {
            FileManager.default.createFile(atPath: path, contents: nil)
        }
        // A trace that cannot be written must not break the command it traces.
        guard let handle = FileHandle(forWritingAtPath: path) else { return }
        defer { try? handle.close() }
        _ = try? handle.seekToEnd()
        try? handle.write(contentsOf: Data(line.utf8))
    }
}
