import Foundation

/// Remembers which of a kata's mutants did not compile, in the schema's folder
/// (`stillborn.json`), for as long as the code, the mutants and the compiler stay the same:
/// finding them takes a compile per round, and a learner's `kata check` of a tests kata makes
/// the same mutants every time.
struct StillbornMemo {
    static let fileName = "stillborn.json"

    /// Names the inputs: the files, the mutants' ids, the language settings, the compiler (its
    /// path and when it was installed, so that a new toolchain is asked again) and this tool
    /// (when it was built: a new one may blame errors otherwise).
    let key: String

    init(files: [String: String], mutants: [Mutant], compiler settings: String?, swift: URL) {
        func installed(_ path: String?) -> Double {
            guard let path,
                let date =
                    (try? FileManager.default.attributesOfItem(
                        atPath: URL(fileURLWithPath: path).resolvingSymlinksInPath().path))?[.modificationDate] as? Date
            else { return 0 }
            return date.timeIntervalSince1970
        }
        var text =
            "\(swift.path) \(installed(swift.path)) \(installed(Bundle.main.executablePath))"
            + " \(settings ?? "package")\n"
        for path in files.keys.sorted() { text += "\(path)\n\(files[path]!)\n\u{0}" }
        text += mutants.map(\.id).joined(separator: "\n")
        key = SHA256.digest(Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    private struct Record: Codable {
        var key: String
        var stillborn: [String]
    }

    /// The stillborn mutants' ids, when `folder` remembers them for these inputs.
    func stillborn(in folder: URL) -> Set<String>? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(Self.fileName).path),
            let record = try? JSONDecoder().decode(Record.self, from: data), record.key == key
        else { return nil }
        return Set(record.stillborn)
    }

    /// Remembers `ids` for these inputs; a memo that cannot be written is only a slower next time.
    func record(stillborn ids: [String], in folder: URL) {
        guard let data = try? JSONEncoder().encode(Record(key: key, stillborn: ids)) else { return }
        try? data.write(to: folder.appendingPathComponent(Self.fileName), options: .atomic)
    }
}
