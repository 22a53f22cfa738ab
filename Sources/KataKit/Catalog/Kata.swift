import Foundation

/// One kata of the catalog: its metadata and where its files are.
public struct Kata: Sendable, Equatable {
    public var metadata: KataMetadata
    /// `Katas/NN-slug`, the learner's package.
    public var directory: URL
    /// `Solutions/NN-slug`, the reference solution.
    public var solutionDirectory: URL
    /// The README without its front matter.
    public var instructions: String

    public var number: Int { metadata.number }
    public var title: String { metadata.title }
    public var slug: String { metadata.slug }
    /// The number as the learner sees it: `01`.
    public var id: String { Kata.id(number) }
    /// `NN-slug`, the folder name under `Katas/` and `Solutions/`.
    public var folderName: String { "\(id)-\(slug)" }
    /// `KataNN`, the Swift module the learner works on.
    public var moduleName: String { "Kata\(id)" }
    /// `KataNNTests`, the test target.
    public var testModuleName: String { moduleName + "Tests" }
    /// `Kata 01 · Stub the dispatcher`
    public var heading: String { "Kata \(id) · \(title)" }

    public var sourcesDirectory: URL { directory.appendingPathComponent("Sources/\(moduleName)", isDirectory: true) }
    public var testsDirectory: URL { directory.appendingPathComponent("Tests/\(testModuleName)", isDirectory: true) }
    /// The file of the kata's tests or sources called `fileName`: Swift Testing prints a file's
    /// bare name, and the learner needs its path.
    public func file(named fileName: String) -> URL? {
        for folder in [testsDirectory, sourcesDirectory] {
            guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in enumerator where url.lastPathComponent == fileName {
                return url
            }
        }
        return nil
    }

    static func id(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
}
