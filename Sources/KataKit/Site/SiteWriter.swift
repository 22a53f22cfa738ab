import Foundation

/// Writes a generated site to its folder atomically, or compares it with what is there.
///
/// The new site is written to a folder beside the old one (`site.new`) and swapped in at the end
/// in one step, so a failure, a full disk or Ctrl-C at any point leaves a whole site: the
/// previous one, or the new one once it is complete.
public struct SiteWriter: Sendable {
    public let directory: URL

    public init(directory: URL) {
        self.directory = directory
    }

    /// What differs between `files` and the folder: paths that changed, are missing or are extra.
    public func differences(from files: [String: String]) -> [String] {
        let existing = Set(Self.files(in: directory))
        var differences: [String] = []
        for path in files.keys.sorted() {
            let url = directory.appendingPathComponent(path)
            if !existing.contains(path) {
                differences.append("missing \(path)")
            } else if FileManager.default.contents(atPath: url.path) != Data(files[path]!.utf8) {
                differences.append("changed \(path)")
            }
        }
        for path in existing.sorted() where files[path] == nil {
            differences.append("extra \(path)")
        }
        return differences
    }

    /// Writes `files` as the new site. Every step runs whole with respect to Ctrl-C (see
    /// ``InterruptGuard``): an interrupt before the swap removes the half-written new site and
    /// leaves the old one; after it, the new site is complete.
    public func write(_ files: [String: String], interrupts: InterruptGuard = .shared) throws {
        let fileManager = FileManager.default
        let parent = directory.deletingLastPathComponent()
        let name = directory.lastPathComponent
        let staging = parent.appendingPathComponent(name + ".new", isDirectory: true)
        let previous = parent.appendingPathComponent(name + ".old", isDirectory: true)
        interrupts.whole {
            // Left over from a run that was killed outright; the site itself is whole either way.
            try? fileManager.removeItem(at: staging)
            try? fileManager.removeItem(at: previous)
            interrupts.onInterrupt(say: "Interrupted; \(name)/ was left as it was.") {
                try? FileManager.default.removeItem(at: staging)
            }
        }
        do {
            for (path, content) in files.sorted(by: { $0.key < $1.key }) {
                try interrupts.whole {
                    let url = staging.appendingPathComponent(path)
                    try fileManager.createDirectory(
                        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(content.utf8).write(to: url)
                }
            }
        } catch {
            interrupts.whole { try? fileManager.removeItem(at: staging) }
            throw KataError(
                .fileSystem,
                "Could not write the new site beside \(directory.path): \(FileSystemFailure.reason(of: error))",
                advice: "Free some disk space or make the folder writable, then run `kata site` again. "
                    + "The previous site is untouched."
            )
        }
        try interrupts.whole {
            do {
                try swapIn(staging, previous: previous)
            } catch {
                throw KataError(
                    .fileSystem,
                    "Could not swap the new site into \(directory.path): \(FileSystemFailure.reason(of: error))",
                    advice: "The previous site is kept; the new one is in \(staging.path)."
                )
            }
            interrupts.onInterrupt(say: "Interrupted after the new site was in place; \(name)/ is complete.") {
                // The old site, now beside the new one.
                try? FileManager.default.removeItem(at: staging)
                try? FileManager.default.removeItem(at: previous)
            }
        }
        interrupts.whole {
            try? fileManager.removeItem(at: staging)
            try? fileManager.removeItem(at: previous)
            interrupts.onInterrupt(say: "Interrupted after the new site was in place; \(name)/ is complete.")
        }
    }

    /// Puts `staging` in place of the site. Where the system can exchange two folders in one
    /// step (Linux's `renameat2`, macOS's `renamex_np`), even a kill -9 leaves a whole site, old
    /// or new; afterwards `staging` holds the old site, to be removed. Elsewhere the old site is
    /// moved aside first and put back if the second rename fails.
    private func swapIn(_ staging: URL, previous: URL) throws {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: directory.path) else {
            try fileManager.moveItem(at: staging, to: directory)
            return
        }
        if Self.exchange(staging.path, directory.path) { return }
        try fileManager.moveItem(at: directory, to: previous)
        do {
            try fileManager.moveItem(at: staging, to: directory)
        } catch {
            try? fileManager.moveItem(at: previous, to: directory)
            throw error
        }
    }

    /// Swaps two paths atomically; false when the system or the file system cannot.
    static func exchange(_ first: String, _ second: String) -> Bool {
        #if os(Linux)
            // glibc declares renameat2 only with _GNU_SOURCE, which Swift's Glibc module lacks.
            typealias RenameAt2 =
                @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return false }
            let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
            let renameExchange: UInt32 = 2
            return renameat2(AT_FDCWD, first, AT_FDCWD, second, renameExchange) == 0
        #elseif canImport(Darwin)
            return renamex_np(first, second, UInt32(RENAME_SWAP)) == 0
        #else
            return false
        #endif
    }

    /// Every file below `folder`, as paths relative to it, sorted. Hidden files are not the
    /// site's: Finder's `.DS_Store` must not make `kata site --check` call the site stale.
    static func files(in folder: URL) -> [String] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var paths: [String] = []
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            if let path = url.path(below: folder) { paths.append(path) }
        }
        return paths.sorted()
    }
}
