import Foundation

/// What the learner has done so far, as the last `kata check` of each kata saw it.
public enum KataStatus: String, Codable, Sendable, Equatable {
    case notStarted = "not started"
    case failing
    case passed
}
