import Foundation

/// What `kata check` makes sure of before and after it hands a kata package to SwiftPM, because
/// SwiftPM's own words for a half-deleted kata mislead a learner: without `Package.swift` it
/// finds the repository's package instead and says "does not contain a buildable target";
/// without the sources it says "no such module", which reads like the seam the kata asks for.
///
/// ```swift
/// try KataPackageLayout.validate(kata)             // throws for a missing Package.swift, code or tests
/// KataPackageLayout.manifestError(in: output, of: kata)   // a KataError when Package.swift is broken
/// ```
public enum KataPackageLayout {
    public static func validate(_ kata: Kata) throws {
        let folder = "Katas/\(kata.folderName)"
        guard FileManager.default.fileExists(atPath: kata.directory.appendingPathComponent("Package.swift").path) else {
            throw KataError(
                .invalidCatalog,
                "\(folder)/Package.swift is missing, so the kata is not a Swift package kata can build.",
                advice: keepWorkAdvice(kata, restoring: "Package.swift")
            )
        }
        if kata.metadata.kind == .tests, !containsSwiftFiles(kata.testsDirectory) {
            throw KataError(
                .invalidCatalog,
                "\(folder)/Tests/\(kata.testModuleName) has no Swift files: there are no tests to grade yet.",
                advice:
                    "Write your tests in a file there, e.g. Tests/\(kata.testModuleName)/\(kata.testModuleName).swift; "
                    + "`kata reset \(kata.number)` brings back the starter test file (your files are saved to a "
                    + "backup first)."
            )
        }
        guard containsSwiftFiles(kata.sourcesDirectory) else {
            throw KataError(
                .invalidCatalog,
                "\(folder)/Sources/\(kata.moduleName) has no Swift files: the kata's code is missing.",
                advice: kata.metadata.kind == .tests
                    ? keepWorkAdvice(kata, restoring: "code")
                    : "`kata reset \(kata.number)` brings back the starter code; whatever is left in the kata is saved "
                        + "to a backup first."
            )
        }
        guard containsSwiftFiles(kata.testsDirectory) || kata.metadata.kind == .tests else {
            throw KataError(
                .invalidCatalog,
                "\(folder)/Tests/\(kata.testModuleName) has no Swift files: the kata's tests are missing.",
                advice: "`kata reset \(kata.number) --tests-only` brings back the shipped tests and keeps your code."
            )
        }
    }

    /// SwiftPM prefixes the errors of loading a package (rather than building it) with the
    /// package's name: `error: '02-failing-kata': Invalid manifest …`. Those mean the kata's
    /// `Package.swift` is broken, whatever the learner's code says.
    public static func manifestError(in output: String, of kata: Kata) -> KataError? {
        let lines = output.split(separator: "\n").map(String.init)
        if let error = toolsVersionError(in: lines, of: kata) { return error }
        let prefix = "error: '\(kata.folderName)': "
        guard let loading = lines.first(where: { $0.hasPrefix(prefix) }) else { return nil }
        var reason = String(loading.dropFirst(prefix.count))
        if reason.hasPrefix("Invalid manifest"),
            let compilerError = lines.first(where: { $0.contains("Package.swift:") && $0.contains(": error: ") }),
            let location = compilerError.range(of: "Package.swift:")
        {
            // The compiler's line is `/abs/path/Package.swift:4:1: error: expected expression`.
            let rest = compilerError[location.upperBound...]
            let line = rest.prefix { $0.isNumber }
            let message = rest.range(of: ": error: ").map { String(rest[$0.upperBound...]) } ?? String(rest)
            reason = "line \(line): \(message)"
        } else if reason.count > 300 {
            reason = String(reason.prefix(300)) + "…"
        }
        return KataError(
            .invalidCatalog,
            "Katas/\(kata.folderName)/Package.swift is broken, so SwiftPM cannot load the kata: \(reason)",
            advice: keepWorkAdvice(kata, restoring: "Package.swift")
        )
    }

    /// How to restore what the kata owns and keep the learner's work, in the kata's own terms.
    static func keepWorkAdvice(_ kata: Kata, restoring what: String) -> String {
        let flag = ResetFrontend.keepWorkFlag(for: kata)
        return kata.metadata.kind == .tests
            ? "`kata reset \(kata.number) \(flag)` puts back the shipped "
                + "\(what == "code" ? "code" : "Package.swift and code") and keeps your tests."
            : "`kata reset \(kata.number) \(flag)` puts back the shipped \(what) and tests and keeps your code in "
                + "Sources/."
    }

    /// A kata that needs a newer Swift than the learner's declares it as its tools version
    /// (kata 11's exit tests need 6.2), and SwiftPM refuses to load it: `package '11-deadlocks' is
    /// using Swift tools version 6.2.0 but the installed version is 6.0.3`. That is no broken
    /// manifest, and resetting it would not help: say what to install.
    static func toolsVersionError(in lines: [String], of kata: Kata) -> KataError? {
        let marker = "is using Swift tools version "
        guard let line = lines.first(where: { $0.contains(marker) }), let found = line.range(of: marker) else {
            return nil
        }
        let needed = Self.version(in: line[found.upperBound...])
        let installed = line.range(of: "installed version is ").map { Self.version(in: line[$0.upperBound...]) }
        return KataError(
            .toolUnavailable,
            "\(kata.heading) needs Swift \(needed) or newer; this toolchain is Swift \(installed ?? "older").",
            advice:
                "Install Swift \(needed) (Xcode 26 on macOS, https://www.swift.org/install elsewhere) for this kata; "
                + "the other katas work with what you have (`kata list`)."
        )
    }

    /// `6.2` from `6.2.0 but …`: the version up to the first space, without a trailing `.0`.
    private static func version(in text: Substring) -> String {
        var version = String(text.prefix { $0.isNumber || $0 == "." })
        while version.hasSuffix(".") { version.removeLast() }
        if version.hasSuffix(".0"), version.filter({ $0 == "." }).count == 2 { version.removeLast(2) }
        return version
    }

    private static func containsSwiftFiles(_ folder: URL) -> Bool {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return false
        }
        for case let url as URL in enumerator where url.pathExtension == "swift" { return true }
        return false
    }
}
