import Foundation

/// The numbers, slugs and titles the new kata must not repeat: every `NN-slug` folder under
/// `Katas/` and `Solutions/` (readable or not), and the titles of the readable katas.
struct ExistingKatas {
    struct Folder {
        var number: Int
        var slug: String
        /// `Katas/02-failing-kata`
        var path: String
    }

    var folders: [Folder] = []
    var titles: [(number: Int, title: String)] = []

    init(repository: KataRepository) throws {
        let catalog = try KataCatalog.load(from: repository)
        titles = catalog.katas.map { ($0.number, $0.title) }
        for (name, directory) in [("Katas", repository.katasDirectory), ("Solutions", repository.solutionsDirectory)] {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for entry in entries.sorted() {
                guard let folder = KataFolderName(entry) else { continue }
                folders.append(Folder(number: folder.number, slug: folder.slug, path: "\(name)/\(entry)"))
            }
        }
    }

    init(folders: [Folder], titles: [(number: Int, title: String)] = []) {
        self.folders = folders
        self.titles = titles
    }

    /// One past the highest number in use: a new kata goes at the end of the path.
    func nextFreeNumber() throws -> Int {
        let next = (folders.map(\.number).max() ?? 0) + 1
        guard NewFrontend.numberRange.contains(next) else {
            throw KataError(
                .usage, "Kata 99 exists, so there is no next number.",
                advice: "Pick a free number from 01 to 98 with --number.")
        }
        return next
    }
}
