import Foundation

/// The kata's code as the repository shipped it: `Package.swift`, `Sources/` and `Tests/` (and a
/// tests kata's versions, `Wheats/` and `Chaffs/`), kept in `Katas/NN-slug/.shipped.json`.
///
/// `kata reset` restores the starter from it, and `kata check` compares the tests with it to warn a
/// learner who changed them. It is a file in the kata rather than a git query on purpose: it
/// works the same after the learner committed their work, in a zip download without history,
/// and on a machine without git. Authors write it with `kata ship`; `kata verify` fails when it
/// no longer matches the starter.
///
/// ```swift
/// let record = try ShippedRecord.load(for: kata)
/// let changed = record.differences(from: try ShippedRecord.capture(kata), under: "Tests/")
/// // ["Tests/Kata01Tests/InboxViewModelTests.swift": .changed]
/// ```
public struct ShippedRecord: Codable, Sendable, Equatable {
    public static let fileName = ".shipped.json"

    /// How a file of the learner's kata differs from the shipped one.
    public enum Difference: String, Sendable, Equatable {
        case changed, added, deleted
    }

    /// Why the file exists, for whoever opens it.
    public var about: String? =
        "The kata's code as shipped. `kata reset` restores it and `kata check` compares the tests with it. Written by "
        + "`kata ship`; do not edit."
    /// Contents by path relative to the kata folder, `Sources/Kata01/Inbox.swift`.
    public var files: [String: String]

    public init(files: [String: String]) {
        self.files = files
    }

    public static func url(for kata: Kata) -> URL {
        kata.directory.appendingPathComponent(fileName)
    }

    /// The kata's code as it is on disk now: `Package.swift` and every file under `Sources/` and
    /// `Tests/`, skipping hidden files and folders (build output, editor swap files).
    public static func capture(_ kata: Kata) throws -> ShippedRecord {
        var files: [String: String] = [:]
        let fileManager = FileManager.default
        let package = kata.directory.appendingPathComponent("Package.swift")
        if let data = fileManager.contents(atPath: package.path) { files["Package.swift"] = try text(data, package) }
        for folder in kata.shippedFolders {
            let root = kata.directory.appendingPathComponent(folder, isDirectory: true)
            guard
                let enumerator = fileManager.enumerator(
                    at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
            else { continue }
            for case let url as URL in enumerator {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
                guard let below = url.path(below: root) else { continue }
                let relative = folder + "/" + below
                guard let data = fileManager.contents(atPath: url.path) else {
                    throw KataError(.fileSystem, "Could not read \(url.path).", advice: "Check the file's permissions.")
                }
                files[relative] = try text(data, url)
            }
        }
        return ShippedRecord(files: files)
    }

    /// The record the repository shipped with the kata.
    public static func load(for kata: Kata) throws -> ShippedRecord {
        let url = url(for: kata)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw KataError(
                .invalidCatalog,
                "Katas/\(kata.folderName)/\(fileName) is missing, so kata cannot tell what the kata shipped with.",
                advice:
                    "Restore it from the repository (`git checkout -- Katas/\(kata.folderName)/\(fileName)`), or, as "
                    + "the kata's author, run `kata ship \(kata.number)`."
            )
        }
        do {
            return try JSONDecoder().decode(ShippedRecord.self, from: data)
        } catch {
            throw KataError(
                .invalidCatalog,
                "Katas/\(kata.folderName)/\(fileName) is damaged: \(error.localizedDescription)",
                advice:
                    "Restore it from the repository (`git checkout -- Katas/\(kata.folderName)/\(fileName)`), or, as "
                    + "the kata's author, run `kata ship \(kata.number)`."
            )
        }
    }

    /// The bytes `kata ship` writes: sorted keys, so the file only changes when the code does.
    public func encoded() throws -> Data {
        try JSONEncoder.stable(prettyPrinted: true).encode(self) + Data("\n".utf8)
    }

    /// What differs in `current` (the learner's kata) from this record, for paths under `prefix`.
    public func differences(from current: ShippedRecord, under prefix: String = "") -> [(
        path: String, difference: Difference
    )] {
        let paths = Set(files.keys).union(current.files.keys).filter { $0.hasPrefix(prefix) }.sorted()
        return paths.compactMap { path in
            switch (files[path], current.files[path]) {
            case (let shipped?, let now?): shipped == now ? nil : (path, .changed)
            case (nil, _?): (path, .added)
            case (_?, nil): (path, .deleted)
            case (nil, nil): nil
            }
        }
    }

    private static func text(_ data: Data, _ url: URL) throws -> String {
        guard let text = String(data: data, encoding: .utf8) else {
            throw KataError(
                .invalidCatalog, "\(url.path) is not UTF-8 text.",
                advice: "A kata's code must be UTF-8 text; save the file as UTF-8.")
        }
        return text
    }
}
