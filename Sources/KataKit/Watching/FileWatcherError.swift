import Foundation

/// Why a watcher could not start, in words for the learner.
public struct FileWatcherError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
