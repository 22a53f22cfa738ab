import Foundation

/// A runtime checker `swift test --sanitize` can build the tests with.
public enum Sanitizer: String, Sendable, CaseIterable {
    case thread, address, undefined

    /// Each sanitizer rebuilds everything, so it gets a build folder of its own and the normal
    /// build stays warm: `.build-tsan`, `.build-asan`, `.build-ubsan`.
    public var scratchFolderName: String {
        switch self {
        case .thread: ".build-tsan"
        case .address: ".build-asan"
        case .undefined: ".build-ubsan"
        }
    }
}
