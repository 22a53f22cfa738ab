/// What a kata's front matter says about it: the catalog entry `kata list` and the site show.
///
/// It is written as YAML between `---` lines at the top of the kata's `README.md`:
///
/// ```yaml
/// ---
/// number: 1
/// title: Stub the dispatcher
/// slug: stub-the-dispatcher
/// patterns: [protocol, synchronous stub, constructor injection]
/// seed: Hiding DispatchQueue behind a Dispatching protocol
/// minutes: 25
/// difficulty: beginner
/// summary: Make a view model that loads on a background queue testable without waiting.
/// hints:
///   - What would the view model need to be handed instead of a queue?
/// ---
/// ```
///
/// A kata whose wrong solutions only a sanitizer can catch (a data race no test can force) adds
/// `sanitizer: thread`: `kata check`, `kata progress` and `kata verify` then run its tests built
/// with ThreadSanitizer, and a race it reports fails the check.
public struct KataMetadata: Sendable, Equatable {
    public enum Difficulty: String, Sendable, Equatable, CaseIterable {
        case beginner, intermediate, advanced
    }

    /// What the learner writes. A kata without `kind:` in its front matter is of the first kind.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// The learner makes untestable code testable; the kata's tests say when it is.
        case code
        /// The code is testable and correct; the learner writes the tests, and they are graded
        /// against correct and buggy versions of the code (`kind: tests`).
        case tests
    }

    public var number: Int
    public var title: String
    public var slug: String
    public var patterns: [String]
    public var seed: String
    public var minutes: Int
    public var difficulty: Difficulty
    public var summary: String
    public var hints: [String]
    /// The sanitizer every run of the kata's tests is built with; nil for none (the usual).
    public var sanitizer: Sanitizer?
    public var kind: Kind
    /// A tests kata's `mutants: 0.8`: the share of the shipped code's mutants (``MutationTester``,
    /// the equivalent ones left out) a learner's tests must kill to pass, beside every named bug.
    /// Nil: the check grades no mutants.
    public var mutantShare: Double?
    /// `mutants-at-least: 8`: the fewest mutants `kata verify --mutants` judges the kata's tests on,
    /// over all its designs, where the kata lowers ``KataVerifier/minimumMutants`` (a test
    /// fixture's few lines). Nil: that floor.
    public var mutantFloor: Int?

    public init(
        number: Int, title: String, slug: String, patterns: [String], seed: String,
        minutes: Int, difficulty: Difficulty, summary: String, hints: [String], sanitizer: Sanitizer? = nil,
        kind: Kind = .code, mutantShare: Double? = nil, mutantFloor: Int? = nil
    ) {
        self.number = number
        self.title = title
        self.slug = slug
        self.patterns = patterns
        self.seed = seed
        self.minutes = minutes
        self.difficulty = difficulty
        self.summary = summary
        self.hints = hints
        self.sanitizer = sanitizer
        self.kind = kind
        self.mutantShare = mutantShare
        self.mutantFloor = mutantFloor
    }
}
