import Foundation

/// What `swift test` is asked to do for one kata package.
public struct TestRunOptions: Sendable, Equatable {
    public var filter: String?
    public var sanitizer: Sanitizer?
    /// How many times to run the tests at most; runs stop at the first one that does not pass.
    public var repetitions: Int

    public init(filter: String? = nil, sanitizer: Sanitizer? = nil, repetitions: Int = 1) {
        self.filter = filter
        self.sanitizer = sanitizer
        self.repetitions = repetitions
    }
}
