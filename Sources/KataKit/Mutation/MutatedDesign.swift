import Foundation

/// Which of a kata's designs `kata mutate` changes.
///
/// The reference solution's mutants judge the tests on the design they were written beside; a
/// suite grown until it kills those can still miss the same slips in a design built another way.
/// The other designs' mutants judge it on designs it was not grown toward, as a learner's is: for
/// katas 01–18 the alternative solution, for a tests kata each of its other correct versions (its
/// `Wheats/`), against the reference suite.
///
/// ```text
/// Solutions/05-expectations-done-right/EQUIVALENT-MUTANTS.md                  the reference's listings
/// Solutions/05-expectations-done-right/Alternative/EQUIVALENT-MUTANTS.md      the alternative's
/// Solutions/24-streams-and-actors/Wheats/keeps-the-waiting-callers/EQUIVALENT-MUTANTS.md
///                                                                             a correct version's
/// ```
public enum MutatedDesign: Sendable, Hashable {
    /// Katas 01–18: the reference solution; a tests kata: its shipped code.
    case reference
    /// Katas 01–18: `Solutions/NN-slug/Alternative`, the second correct design.
    case alternative
    /// A tests kata's other correct version `Katas/NN-slug/Wheats/<name>.patch`: only the mutants
    /// its changes make, since the shipped code's own are graded with the shipped code.
    case correctVersion(String)

    /// Every design `kata verify --mutants` holds the kata's tests to: both solutions of a kata of
    /// 01–18; a tests kata's shipped code and each of its correct versions.
    public static func all(of kata: Kata) -> [MutatedDesign] {
        [.reference] + others(of: kata)
    }

    /// The designs `--alternative` mutates: the alternative solution, or a tests kata's correct
    /// versions.
    public static func others(of kata: Kata) -> [MutatedDesign] {
        kata.metadata.kind == .tests ? kata.correctVersions().map { .correctVersion($0.name) } : [.alternative]
    }

    /// Whether its listings count toward the kata's one-in-five share of equivalent mutants: the
    /// designs of the code a learner writes or reads do; a tests kata's correct versions, written to
    /// take the freedoms the README leaves open, do not (``KataVerifier``'s mutants rule says why).
    var isHeldToTheShare: Bool {
        if case .correctVersion = self { return false }
        return true
    }

    /// The code mutated in `kata`: "the reference solution", "the shipped code", "the alternative
    /// solution" or "the correct version `name`".
    func codeName(in kata: Kata) -> String {
        switch self {
        case .reference: kata.metadata.kind == .tests ? "the shipped code" : "the reference solution"
        case .alternative: "the alternative solution"
        case .correctVersion(let name): "the correct version `\(name)`"
        }
    }

    /// The version whose module is mutated.
    func version(of kata: Kata) throws -> KataVersion {
        switch self {
        case .reference: return kata.metadata.kind == .tests ? kata.shippedCode : kata.referenceSolution
        case .alternative: return kata.alternativeSolution
        case .correctVersion(let name):
            guard let version = kata.correctVersions().first(where: { $0.name == name }) else {
                throw KataError(
                    .invalidCatalog,
                    "\(kata.heading) has no correct version `\(name)` in Katas/\(kata.folderName)/Wheats.",
                    advice: "Name one of the patches in Katas/\(kata.folderName)/Wheats, without `.patch`.")
            }
            return version
        }
    }

    /// The schema's folder and grading stage for `kata`'s mutants of this design, so that the
    /// designs' schemas never overwrite each other: `05-…`, `05-…-alternative`, `24-…-correct-<name>`.
    func schemaName(in kata: Kata) -> String {
        switch self {
        case .reference: kata.folderName
        case .alternative: kata.folderName + "-alternative"
        case .correctVersion(let name): kata.folderName + "-correct-" + name
        }
    }

    /// The folder its equivalent-mutants file lives in.
    func solutionFolder(of kata: Kata) -> URL {
        switch self {
        case .reference: kata.solutionDirectory
        case .alternative: kata.alternativeSolution.folder
        case .correctVersion(let name):
            kata.solutionDirectory.appendingPathComponent("Wheats/\(name)", isDirectory: true)
        }
    }

    /// The same folder, as the repository names it: `Solutions/05-expectations-done-right/Alternative`.
    func solutionLabel(of kata: Kata) -> String {
        switch self {
        case .reference: "Solutions/\(kata.folderName)"
        case .alternative: "Solutions/\(kata.folderName)/Alternative"
        case .correctVersion(let name): "Solutions/\(kata.folderName)/Wheats/\(name)"
        }
    }
}
