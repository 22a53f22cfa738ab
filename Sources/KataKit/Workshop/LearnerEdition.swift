import Foundation

/// The marker that makes a repository the learner edition `kata workshop export` writes: a
/// file `.kata-edition.json` at its root. It lives beside `Package.swift`, not in `.kata/`,
/// because `.kata/` (the learner's progress) is git-ignored and the marker must be pushed.
///
/// Commands read it through ``KataRepository/edition``: `kata solution` says where the
/// solutions come from instead of looking for `Solutions/`, `kata check` does not point to a
/// `SOLUTION.md`, and the authors' commands (`verify`, `new`, `ship`) say they need the full
/// repository.
///
/// ```json
/// {"edition":"learner",
///  "solutions":"Your facilitator hands out the reference solutions after the workshop.","version":1}
/// ```
public struct LearnerEdition: Codable, Sendable, Equatable {
    /// The marker's name, at the repository's root.
    public static let fileName = ".kata-edition.json"

    /// Always `learner`; another value is a marker from a newer kata and is read as learner too.
    public var edition: String
    public var version: Int
    /// Where the reference solutions come from, as `kata solution` tells the learner.
    public var solutions: String

    public init(
        solutions: String = "Your facilitator hands out the reference solutions after the workshop."
    ) {
        edition = "learner"
        version = 1
        self.solutions = solutions
    }

    public func json() -> String {
        String(decoding: (try? JSONEncoder.stable(prettyPrinted: true).encode(self)) ?? Data(), as: UTF8.self) + "\n"
    }
}

extension KataRepository {
    /// The learner edition's marker when this repository is one, else nil (the full repository).
    /// A marker that cannot be parsed still makes it a learner edition, with the default words:
    /// a damaged marker must not make the tool look for solutions that are not there.
    public var edition: LearnerEdition? {
        let marker = root.appendingPathComponent(LearnerEdition.fileName)
        guard contains(marker), let data = FileManager.default.contents(atPath: marker.path) else { return nil }
        return (try? JSONDecoder().decode(LearnerEdition.self, from: data)) ?? LearnerEdition()
    }

    /// Throws, politely, when this is the learner edition: `command` is one of the authors'
    /// commands, which need the reference solutions (`verify`, `ship`) or the root manifest's
    /// list of katas (`new`).
    public func requireFullRepository(for command: String) throws {
        guard edition != nil else { return }
        throw KataError(
            .usage,
            "`kata \(command)` is for kata authors and needs the full repository, with Solutions/; this is the learner "
                + "edition, which has none.",
            advice:
                "Run it in a clone of the full dispatch-katas repository. To work on a kata here: `kata show N`, then "
                + "`kata check N`."
        )
    }
}
