import Foundation

/// What a kata's own `Package.swift` says about compiling its module, as ``VersionLibrary``
/// needs it to compile a version with `swiftc` alone: the language mode, and the compiler flags
/// its Swift settings stand for (kata 18's default main-actor isolation and upcoming features).
///
/// SwiftPM reads the manifest (`swift package dump-package`), so a setting written through a
/// constant reads as well as one written in place; the answer is kept beside the grading
/// folders, keyed by the manifest's text, so a kata pays for it once.
///
/// A manifest that says more than flags can carry (a package dependency, as kata 09's OpenCombine
/// on Linux; a setting with a platform condition or of a kind not known here) leaves
/// ``moduleFlags`` nil: its versions are then graded in one SwiftPM package (``GradingPackage``),
/// which takes the kata's manifest as it is.
struct KataBuildSettings: Sendable, Equatable {
    /// `5` or `6`: the package's first language mode.
    var swiftVersion: String
    /// The module's settings as `swiftc` flags; nil when they cannot all be said so.
    var moduleFlags: [String]?

    /// The settings of `kata`'s manifest; nil when SwiftPM could not read it (a manifest that
    /// needs a newer compiler, say), and the slow way, which builds with SwiftPM, says what is wrong.
    static func read(for kata: Kata, runner: CommandRunner, swift: URL, cacheFolder: URL) -> KataBuildSettings? {
        let manifestURL = kata.directory.appendingPathComponent("Package.swift")
        guard let manifest = FileManager.default.contents(atPath: manifestURL.path) else { return nil }
        let cachedManifest = cacheFolder.appendingPathComponent("Package.swift")
        let cachedDump = cacheFolder.appendingPathComponent("dump-package.json")
        if FileManager.default.contents(atPath: cachedManifest.path) == manifest,
            let dump = FileManager.default.contents(atPath: cachedDump.path)
        {
            return parse(dump, moduleName: kata.moduleName)
        }
        guard
            let result = try? runner.run(
                swift, ["package", "dump-package", "--package-path", kata.directory.path], in: kata.directory),
            result.succeeded, let start = result.output.firstIndex(of: "{"),
            let end = result.output.lastIndex(of: "}"), start < end,
            case let dump = Data(result.output[start...end].utf8),
            let settings = parse(dump, moduleName: kata.moduleName)
        else { return nil }
        try? FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
        try? dump.write(to: cachedDump, options: .atomic)
        try? manifest.write(to: cachedManifest, options: .atomic)
        return settings
    }

    /// The settings in `dump-package`'s JSON, or nil when it is not that.
    static func parse(_ json: Data, moduleName: String) -> KataBuildSettings? {
        guard let package = (try? JSONSerialization.jsonObject(with: json)) as? [String: Any],
            let targets = package["targets"] as? [[String: Any]]
        else { return nil }
        let modes = (package["swiftLanguageModes"] ?? package["swiftLanguageVersions"]) as? [String]
        let tools = ((package["toolsVersion"] as? [String: Any])?["_version"] as? String) ?? "6.0"
        let swiftVersion = modes?.first?.split(separator: ".").first.map(String.init) ?? (tools < "6" ? "5" : "6")
        var settings = KataBuildSettings(swiftVersion: swiftVersion, moduleFlags: nil)
        guard let module = targets.first(where: { $0["name"] as? String == moduleName }),
            ((package["dependencies"] as? [Any]) ?? []).isEmpty, ((module["dependencies"] as? [Any]) ?? []).isEmpty
        else { return settings }
        var flags: [String] = []
        for setting in (module["settings"] as? [[String: Any]]) ?? [] where setting["tool"] as? String == "swift" {
            guard setting["condition"] == nil || setting["condition"] is NSNull,
                let kind = setting["kind"] as? [String: Any], kind.count == 1, let (name, value) = kind.first,
                let argument = (value as? [String: Any])?["_0"]
            else { return settings }
            switch (name, argument) {
            case ("enableUpcomingFeature", let feature as String): flags += ["-enable-upcoming-feature", feature]
            case ("enableExperimentalFeature", let feature as String):
                flags += ["-enable-experimental-feature", feature]
            case ("defaultIsolation", let isolation as String): flags += ["-default-isolation", isolation]
            case ("define", let condition as String): flags += ["-D", condition]
            case ("unsafeFlags", let given as [String]): flags += given
            default: return settings
            }
        }
        settings.moduleFlags = flags
        return settings
    }
}
