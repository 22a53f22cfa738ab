import Foundation

extension URL {
    /// This file's path below `folder` (`Sources/Kata01/Inbox.swift`), or nil when it is not below it.
    ///
    /// The two may spell the same place differently: on macOS the temporary folder is `/var/…`
    /// to whoever made the path and `/private/var/…` to the file enumerator, and a repository can be
    /// reached through a symbolic link. Both are compared as given and, failing that, with their
    /// links resolved.
    ///
    /// ```swift
    /// URL(fileURLWithPath: "/private/var/k/Sources/A.swift").path(below: URL(fileURLWithPath: "/var/k"))
    /// // "Sources/A.swift" (on macOS, where /var is a link to /private/var)
    /// ```
    package func path(below folder: URL) -> String? {
        for (file, base) in [
            (standardizedFileURL.path, folder.standardizedFileURL.path),
            (resolvingSymlinksInPath().path, folder.resolvingSymlinksInPath().path),
        ] {
            let prefix = base.hasSuffix("/") ? base : base + "/"
            if file.hasPrefix(prefix) { return String(file.dropFirst(prefix.count)) }
        }
        return nil
    }
}
