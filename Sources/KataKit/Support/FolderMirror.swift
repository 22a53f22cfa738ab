import Foundation

/// Makes a folder an exact copy of another while touching only what differs, so that a build
/// in it afterwards recompiles only what changed: `kata verify` stages each version of a kata in
/// one package, and `kata check` stages a learner's tests beside every version of a tests kata.
///
/// A file whose bytes changed is written anew with the current time: the Swift driver rebuilds
/// files newer than its last build, and a copy would keep the original's (older) time. A file
/// whose bytes are the same is left alone, time and all. A file the source no longer has is
/// removed. Paths `skipping` names (relative, `/`-separated) are neither copied nor removed, on
/// either side: a build folder stays where it is.
///
/// ```swift
/// try FolderMirror.mirror(kata.directory, to: stage) { $0.hasPrefix(".build") || $0 == "Sources" }
/// ```
enum FolderMirror {
    /// Returns whether anything changed.
    @discardableResult
    static func mirror(_ source: URL, to destination: URL, skipping: (String) -> Bool = { _ in false }) throws -> Bool {
        try mirror(contents(of: source, skipping: skipping), to: destination, skipping: skipping)
    }

    /// Makes `destination` hold exactly `files` (contents by relative path), with the same care:
    /// a version stored as a change to its base is written this way, from its files as they are
    /// after the change.
    @discardableResult
    static func mirror(_ wanted: [String: Data], to destination: URL, skipping: (String) -> Bool = { _ in false })
        throws -> Bool
    {
        let fileManager = FileManager.default
        var changed = false
        try fileManager.createDirectory(at: destination, withIntermediateDirectories: true)
        let present = files(below: destination, skipping: skipping)
        for path in present.keys where wanted[path] == nil {
            try fileManager.removeItem(at: destination.appendingPathComponent(path))
            changed = true
        }
        for (path, data) in wanted {
            let target = destination.appendingPathComponent(path)
            if let existing = present[path], fileManager.contents(atPath: existing.path) == data { continue }
            try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: target, options: .atomic)
            changed = true
        }
        try removeEmptyFolders(below: destination, skipping: skipping)
        return changed
    }

    /// Every regular file below `folder` (hidden ones left out), read, by relative path.
    static func contents(of folder: URL, skipping: (String) -> Bool = { _ in false }) throws -> [String: Data] {
        var contents: [String: Data] = [:]
        for (path, url) in files(below: folder, skipping: skipping) {
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
            contents[path] = data
        }
        return contents
    }

    /// Removes a module's compiled objects from a package's build folders (the usual one and each
    /// sanitizer's), so that the next build compiles its sources again. Sources mirrored within
    /// moments of the last build were seen, now and then, taken for already built: a wrong
    /// solution then "passed" as the version staged before it. The build plan stays, so this
    /// costs only the module's own compilation.
    static func discardObjects(ofModule module: String, inPackage package: URL) {
        let fileManager = FileManager.default
        for scratch in [".build"] + Sanitizer.allCases.map(\.scratchFolderName) {
            let objects = package.appendingPathComponent("\(scratch)/debug/\(module).build")
            for name in (try? fileManager.contentsOfDirectory(atPath: objects.path)) ?? []
            where name.hasSuffix(".o") || name.hasSuffix(".swiftdeps") {
                try? fileManager.removeItem(at: objects.appendingPathComponent(name))
            }
        }
    }

    /// Every regular file below `folder` by its relative path; hidden files and folders (an
    /// editor's swap file, `.DS_Store`, `.swiftpm`) are left out, as are the paths `skipping` names.
    private static func files(below folder: URL, skipping: (String) -> Bool) -> [String: URL] {
        var files: [String: URL] = [:]
        guard
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return files }
        for case let url as URL in enumerator {
            guard let relative = url.path(below: folder) else { continue }
            if skipping(relative) {
                enumerator.skipDescendants()
                continue
            }
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                files[relative] = url
            }
        }
        return files
    }

    /// A version that had a folder the next one lacks would leave it behind, empty.
    private static func removeEmptyFolders(below folder: URL, skipping: (String) -> Bool) throws {
        let fileManager = FileManager.default
        guard
            let enumerator = fileManager.enumerator(
                at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else { return }
        var folders: [URL] = []
        for case let url as URL in enumerator {
            guard let relative = url.path(below: folder) else { continue }
            if skipping(relative) {
                enumerator.skipDescendants()
                continue
            }
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true { folders.append(url) }
        }
        // Deepest first, so a folder whose only content was an empty folder goes too.
        for url in folders.sorted(by: { $0.path.count > $1.path.count })
        where (try? fileManager.contentsOfDirectory(atPath: url.path))?.isEmpty == true {
            try fileManager.removeItem(at: url)
        }
    }
}
