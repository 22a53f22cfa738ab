import Foundation

extension GradingEngine {
    /// The versions a learner's tests of a tests kata are graded against: the shipped code, the
    /// other correct versions and the named bugs (``Kata/gradedVersions()``), and, when the front
    /// matter sets `mutants:`, every counted mutant of the shipped code (``MutationTester``; the
    /// equivalent ones, which no test can tell apart, left out). The named bugs are the ones the
    /// authors wrote; the mutants are bugs nobody wrote, which no learner has read about.
    ///
    /// The mutants come back too (nil when none are graded), for `kata check --mutants` to show
    /// the ones the tests let through.
    public func learnerVersions(
        of kata: Kata, progress: (@Sendable (String) -> Void)? = nil
    ) throws -> (versions: [KataVersion], mutants: PreparedMutants?) {
        let versions = kata.gradedVersions()
        guard kata.metadata.kind == .tests, kata.metadata.mutantShare != nil else { return (versions, nil) }
        do {
            let prepared = try MutationTester(repository: repository, runner: runner, swift: swift).prepare(
                kata, progress: progress)
            return (versions + prepared.counted.map(\.version), prepared)
        } catch let failure as MutantSchema.UnexplainedErrors {
            throw KataError(
                .invalidCatalog,
                "\(kata.heading): the mutants of its code could not be made, so your tests cannot be graded on them: "
                    + failure.description,
                advice:
                    "If you changed the code in Katas/\(kata.folderName)/Sources, `kata reset \(kata.number)"
                    + " --code-only` puts it back and keeps your tests. If not, the kata itself is broken: tell its"
                    + " author (`kata verify \(kata.number) --mutants` shows it).")
        }
    }
}
