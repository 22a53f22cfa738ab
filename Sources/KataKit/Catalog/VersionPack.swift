import Foundation

/// A tests kata's correct and buggy versions as the learner edition ships them: one file,
/// `Katas/NN-slug/.versions/versions.pack`, where `kata check` reads them and a learner browsing
/// the folder does not.
///
/// A learner who has read the bugs writes a test for each bug rather than for each promise, and
/// a suite written so is thorough against six bugs and nothing else. Examplar, which these katas
/// follow, never shows its chaffs; here the versions are renamed (`bug-1`, `correct-1`), a buggy
/// one keeps only the nudge of its notes, and they are packed as Base64 behind a hidden folder. That hides
/// them from a glance, not from a learner who goes looking: the kata README says so.
///
/// ```swift
/// let pack = try VersionPack(kata: kata)        // from Wheats/*.patch and Chaffs/*.patch
/// try pack.encoded()                             // the file's bytes
/// kata.buggyVersions()                           // in the learner edition, read from the pack
/// ```
public struct VersionPack: Codable, Sendable, Equatable {
    /// The folder, below the kata's, and the file in it.
    public static let folderName = ".versions"
    public static let fileName = "versions.pack"

    /// One version: its kind (`correct` or `buggy`), its anonymous name, what the check may show
    /// of its notes, and its diff against the shipped code.
    public struct Entry: Codable, Sendable, Equatable {
        public var role: String
        public var name: String
        public var notes: String
        public var diff: String
    }

    public var version = 1
    public var versions: [Entry]
    /// The shipped code's mutants its `EQUIVALENT-MUTANTS.md` lists, by id, and the declarations
    /// it leaves out of mutation: the learner edition has no `Solutions/`, and its check must
    /// leave out what the authors' leaves out. Absent from packs written before mutants were graded.
    public var equivalentMutants: [String]?
    public var notMutated: [String]?

    /// The kata's versions, renamed in the order they are graded and reduced to their nudges.
    public init(kata: Kata) throws {
        var entries: [Entry] = []
        for (role, versions) in [("correct", kata.correctVersions()), ("buggy", kata.buggyVersions())] {
            for (index, version) in versions.enumerated() {
                guard let change = version.change else { continue }
                let name = (role == "buggy" ? "bug-" : "correct-") + String(index + 1)
                // A correct version's notes say what it does differently, for a learner whose test
                // rejected it; a buggy version's would name its bug, so only the nudge goes.
                let nudge = VersionNotes.load(for: version)?.nudge ?? ""
                let notes =
                    role == "correct"
                    ? change.notes : nudge.isEmpty ? "" : "# \(name)\n\n## Nudge\n\n\(nudge)\n"
                entries.append(Entry(role: role, name: name, notes: notes, diff: try change.diff().text))
            }
        }
        versions = entries
        let equivalents = try EquivalentMutants.load(for: kata)
        equivalentMutants = equivalents.entries.map(\.id)
        notMutated = equivalents.exclusions.map(\.declaration)
    }

    /// The file's bytes: the JSON, as Base64 in lines of 76 characters.
    public func encoded() throws -> Data {
        let json = try JSONEncoder.stable().encode(self)
        return Data((json.base64EncodedString(options: [.lineLength76Characters, .endLineWithLineFeed]) + "\n").utf8)
    }

    /// The pack in `kata`'s folder, or nil when it has none (the authors' repository) or it
    /// cannot be read.
    static func load(for kata: Kata) -> VersionPack? {
        let url = kata.directory.appendingPathComponent("\(folderName)/\(fileName)")
        guard let data = FileManager.default.contents(atPath: url.path),
            let json = Data(base64Encoded: data, options: .ignoreUnknownCharacters)
        else { return nil }
        return try? JSONDecoder().decode(VersionPack.self, from: json)
    }

    /// The versions of `role` in the pack, as changes to `kata`'s shipped code.
    func versions(_ role: KataVersion.Role, of kata: Kata) -> [KataVersion] {
        let wanted = role == .correct ? "correct" : "buggy"
        return versions.filter { $0.role == wanted && Slug.isValid($0.name) }.map { entry in
            let folder = kata.directory.appendingPathComponent(Self.folderName, isDirectory: true)
            return KataVersion(
                role: role, change: VersionChange(file: nil, text: entry.notes + "\n" + entry.diff),
                base: kata.sourcesDirectory, folder: folder.appendingPathComponent(entry.name, isDirectory: true),
                name: entry.name, label: "Katas/\(kata.folderName)/\(entry.name)", moduleName: kata.moduleName)
        }
    }
}
