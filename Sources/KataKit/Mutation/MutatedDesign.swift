import Foundation

/// Which of a kata's designs `kata mutate` changes.
///
/// The reference solution's mutants judge the tests on the design they were written beside; a
/// suite grown until it kills those can still miss the same slips in a design built another way.
/// The alternative's mutants judge it on a design it was not grown toward, as a learner's is.
///
/// ```text
/// Solutions/05-expectations-done-right/EQUIVALENT-MUTANTS.md               the reference's listings
/// Solutions/05-expectations-done-right/Alternative/EQUIVALENT-MUTANTS.md   the alternative's
/// ```
public enum MutatedDesign: String, Sendable, CaseIterable {
    /// Katas 01–18: the reference solution; a tests kata: its shipped code.
    case reference
    /// Katas 01–18: `Solutions/NN-slug/Alternative`, the second correct design.
    case alternative

    /// Why `--alternative` cannot mutate a tests kata, said before any work starts.
    static func noAlternative(in kata: Kata) -> KataError {
        KataError(
            .usage, "\(kata.heading) is a tests kata: its shipped code is its one design, and it has no alternative.",
            advice: "Leave out --alternative for katas 19-24, or name katas from 01 to 18.")
    }

    /// The code mutated in `kata`: "the reference solution", "the shipped code" or
    /// "the alternative solution".
    func codeName(in kata: Kata) -> String {
        switch self {
        case .reference: kata.metadata.kind == .tests ? "the shipped code" : "the reference solution"
        case .alternative: "the alternative solution"
        }
    }

    /// The version whose module is mutated.
    func version(of kata: Kata) -> KataVersion {
        switch self {
        case .reference: kata.metadata.kind == .tests ? kata.shippedCode : kata.referenceSolution
        case .alternative: kata.alternativeSolution
        }
    }

    /// Added to the kata's folder name for the schema's folder and the grading stage, so that the
    /// two designs' schemas never overwrite each other.
    var folderSuffix: String { self == .reference ? "" : "-alternative" }

    /// The folder its equivalent-mutants file lives in.
    func solutionFolder(of kata: Kata) -> URL {
        switch self {
        case .reference: kata.solutionDirectory
        case .alternative: kata.alternativeSolution.folder
        }
    }

    /// The same folder, as the repository names it: `Solutions/05-expectations-done-right/Alternative`.
    func solutionLabel(of kata: Kata) -> String {
        switch self {
        case .reference: "Solutions/\(kata.folderName)"
        case .alternative: "Solutions/\(kata.folderName)/Alternative"
        }
    }
}
