import Foundation

/// Tells when files of a ``WatchedTree`` change, so `kata watch` can check the kata again.
///
/// One save in an editor is often several changes (a temporary file, a rename, a touch), so a
/// watcher may report it more than once; the caller waits for a quiet moment before acting.
/// Two kinds exist: ``PollingFileWatcher`` works everywhere, and on Linux
/// ``InotifyFileWatcher`` is told by the kernel at once and costs nothing while nothing changes.
///
/// ```swift
/// let watcher = PollingFileWatcher(tree: WatchedTree(kata: kata))
/// try watcher.start { paths in print("changed:", paths.sorted()) }   // ["Sources/Kata01/Inbox.swift"]
/// defer { watcher.stop() }
/// ```
public protocol FileWatcher: AnyObject, Sendable {
    /// The files it watches.
    var tree: WatchedTree { get }

    /// Starts watching. `onChange` is called on a thread of the watcher's own with the paths
    /// (relative to the tree's root) that changed, until ``stop()``. Changes made after `start`
    /// returns are reported; a watcher that cannot start throws ``FileWatcherError``.
    func start(onChange: @escaping @Sendable (Set<String>) -> Void) throws

    /// Stops watching; once it returns, `onChange` is not called again.
    func stop()
}
