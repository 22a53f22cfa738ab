import Foundation

/// One version of a kata's code built as a shared library under the module's own name,
/// `Libraries/v3/libKata22.so`, with library evolution: a client compiled against another
/// version's interface asks this one for sizes, layouts and entry points at run time rather than
/// assuming its own. So a test bundle compiled once against the shipped code runs against any
/// version whose public interface matches, picked by the dynamic loader from `LD_LIBRARY_PATH`
/// (see ``SharedLibraryGrading``).
///
/// A version is built once: its sources are mirrored beside the library, and the library is built
/// again only when they, or the flags, changed.
struct VersionLibrary: Sendable {
    let version: KataVersion
    let moduleName: String
    /// `Libraries/vN`: the library, the mirrored sources, and the module a suite compiles against.
    let folder: URL
    /// The language mode and flags the kata's manifest gives its module.
    let settings: KataBuildSettings
    let sanitizer: Sanitizer?

    var library: URL { folder.appendingPathComponent("lib\(moduleName).so") }
    private var sources: URL { folder.appendingPathComponent("Sources", isDirectory: true) }
    private var flagsFile: URL { folder.appendingPathComponent("flags.txt") }

    func arguments(files: [String]) -> [String] {
        var arguments = [
            // One compiler job for the whole module, and no debug information: a kata's module is a
            // few files, which one job compiles in half the time of a job per file, and a failing
            // test's file and line come from the suite, not from the library (the runtime's own
            // messages carry theirs as text). `kata verify` builds a few hundred such libraries.
            "-emit-library", "-module-name", moduleName, "-parse-as-library", "-enable-library-evolution",
            "-enable-testing", "-Onone", "-whole-module-optimization", "-swift-version", settings.swiftVersion,
            // Foundation has no library evolution of its own, which the compiler warns of; the
            // libraries live for one machine's checks, so the warning says nothing here.
            "-suppress-warnings",
        ]
        arguments += settings.moduleFlags ?? []
        if let sanitizer { arguments.append("-sanitize=\(sanitizer.rawValue)") }
        // Every version's module, not the base's alone: a version with another binary interface
        // becomes the base of a suite of its own.
        arguments += [
            "-emit-module", "-emit-module-path", folder.appendingPathComponent("\(moduleName).swiftmodule").path,
        ]
        return arguments + files + ["-o", library.path]
    }

    /// Builds the library unless it is up to date. Returns whether it built anew, or throws
    /// ``Failure`` with the compiler's output when it does not compile as a library.
    func build(swiftc: URL, runner: CommandRunner, in directory: URL) throws -> Bool {
        let fileManager = FileManager.default
        let changed = try version.writeSources(to: sources)
        let files = Self.swiftFiles(below: sources)
        let arguments = arguments(files: files.map(\.path))
        let flags = arguments.joined(separator: "\n")
        if !changed, fileManager.fileExists(atPath: library.path),
            fileManager.contents(atPath: flagsFile.path) == Data(flags.utf8)
        {
            return false
        }
        try? fileManager.removeItem(at: library)
        try? fileManager.removeItem(at: flagsFile)
        let result = try runner.run(swiftc, arguments, in: directory)
        guard result.succeeded, fileManager.fileExists(atPath: library.path) else {
            throw Failure(output: result.output)
        }
        try Data(flags.utf8).write(to: flagsFile, options: .atomic)
        return true
    }

    struct Failure: Error {
        var output: String
    }

    /// The `.swift` files below `folder`, in a stable order.
    static func swiftFiles(below folder: URL) -> [URL] {
        let enumerator = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "swift" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }
}
