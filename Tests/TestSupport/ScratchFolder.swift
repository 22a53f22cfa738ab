import Foundation

/// Throwaway folders for tests, all inside one folder per test process, which is removed when
/// the process exits.
///
/// An end-to-end test copies a fixture repository and builds a kata in it, a quarter of a
/// gigabyte each; left behind in the temporary directory, a few runs of the suite fill a disk.
/// A run that was killed cannot clean up after itself, so the next run removes the folders of
/// test processes that are no longer alive. Set `KATA_KEEP_TEST_FOLDERS=1` to keep this run's
/// folders, to look at what a failing test left behind.
///
/// ```swift
/// let copy = try ScratchFolder.make("kata-e2e")   // …/kata-tests-4242/kata-e2e-<uuid>, not yet created
/// try FileManager.default.copyItem(at: fixture, to: copy)
/// ```
public enum ScratchFolder {
    private static let prefix = "kata-tests-"

    /// This process's folder, created on first use; the folders of dead test processes go then.
    public static let root: URL = {
        let temporary = FileManager.default.temporaryDirectory
        removeFoldersOfEndedRuns(in: temporary)
        let root = temporary.appendingPathComponent("\(prefix)\(getpid())", isDirectory: true)
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        if ProcessInfo.processInfo.environment["KATA_KEEP_TEST_FOLDERS"] != "1" {
            atexit { try? FileManager.default.removeItem(at: ScratchFolder.root) }
        }
        return root
    }()

    /// A path for a new folder or file named `name-<uuid>` inside ``root``; nothing is created.
    public static func make(_ name: String) -> URL {
        root.appendingPathComponent("\(name)-\(UUID().uuidString)", isDirectory: true)
    }

    /// Removes the `kata-tests-PID` folders in `temporary` whose process has ended.
    public static func removeFoldersOfEndedRuns(in temporary: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid(),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
    }
}
