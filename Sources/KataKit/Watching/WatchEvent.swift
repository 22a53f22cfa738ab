import Foundation

/// Something `kata watch` reacts to.
enum WatchEvent: Sendable, Equatable {
    /// A file of the watched kata changed.
    case filesChanged
    /// The learner pressed a key.
    case key(UInt8)
}
