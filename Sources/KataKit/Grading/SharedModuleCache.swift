import Foundation

/// One Clang module cache for every package `kata` builds to grade or verify a kata.
///
/// SwiftPM gives each package its own cache (`.build/debug/ModuleCache`), and the system's
/// modules (Foundation, Dispatch, Glibc) are compiled into it again for every new package: about
/// half of a suite's first build, 7 of 14 seconds of CPU on this project's machines. `kata verify`
/// builds a few dozen such packages (a suite against each binary interface, the sanitizer's, the
/// starter's), each fresh in a clean clone; sharing one cache builds the system's modules once.
/// Clang keeps the cache safe for builds that run at once (lock files per module), and keys each
/// module by the flags it was built with, so a sanitized build finds its own.
///
/// `KATA_MODULE_CACHE` names another folder: `scripts/test` shares one between the end-to-end
/// tests' many throwaway repositories.
enum SharedModuleCache {
    static let variable = "KATA_MODULE_CACHE"

    static func folder(for repository: KataRepository, environment: [String: String]) -> URL {
        if let path = environment[variable], !path.isEmpty { return URL(fileURLWithPath: path, isDirectory: true) }
        return repository.workDirectory.appendingPathComponent("module-cache", isDirectory: true)
    }

    /// What `swift build` and `swift test` are given so that every target uses the shared cache.
    /// Every command on one package must give the same, or SwiftPM builds it again.
    static func arguments(for repository: KataRepository, environment: [String: String]) -> [String] {
        ["-Xswiftc", "-module-cache-path", "-Xswiftc", folder(for: repository, environment: environment).path]
    }
}
