import Foundation

/// Writes a generated site to its folder atomically, or compares it with what is there.
///
/// The new site is written to a folder beside the old one (`site.new`) and swapped in with two
/// renames at the end, so a failure at any point before leaves the previous site as it was.
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

    public func write(_ files: [String: String]) throws {
        let fileManager = FileManager.default
        let parent = directory.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(directory.lastPathComponent + ".new", isDirectory: true)
        let previous = parent.appendingPathComponent(directory.lastPathComponent + ".old", isDirectory: true)
        do {
            try? fileManager.removeItem(at: staging)
            try? fileManager.removeItem(at: previous)
            for (path, content) in files.sorted(by: { $0.key < $1.key }) {
                let url = staging.appendingPathComponent(path)
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(content.utf8).write(to: url)
            }
        } catch {
            try? fileManager.removeItem(at: staging)
            throw KataError(
                .fileSystem,
                "Could not write the new site beside \(directory.path): \(error.localizedDescription)",
                advice: "Check that the folder is writable and the disk is not full. The previous site is untouched."
            )
        }
        do {
            if fileManager.fileExists(atPath: directory.path) {
                try fileManager.moveItem(at: directory, to: previous)
            }
            try fileManager.moveItem(at: staging, to: directory)
            try? fileManager.removeItem(at: previous)
        } catch {
            // Put the old site back if it was moved aside.
            if !fileManager.fileExists(atPath: directory.path), fileManager.fileExists(atPath: previous.path) {
                try? fileManager.moveItem(at: previous, to: directory)
            }
            throw KataError(
                .fileSystem,
                "Could not swap the new site into \(directory.path): \(error.localizedDescription)",
                advice: "The previous site is kept; the new one is in \(staging.path)."
            )
        }
    }

    /// Every file below `folder`, as paths relative to it, sorted.
    static func files(in folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        let base = folder.standardizedFileURL.path + "/"
        var paths: [String] = []
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = url.standardizedFileURL.path
            if path.hasPrefix(base) { paths.append(String(path.dropFirst(base.count))) }
        }
        return paths.sorted()
    }
}
