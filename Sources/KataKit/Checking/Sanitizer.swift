import Foundation

/// A runtime checker `swift test --sanitize` can build the tests with.
public enum Sanitizer: String, Sendable, CaseIterable {
    case thread, address, undefined

    /// Each sanitizer rebuilds everything, so it gets a build folder of its own and the normal
    /// build stays warm: `.build-tsan`, `.build-asan`, `.build-ubsan`.
    public var scratchFolderName: String {
        switch self {
        case .thread: ".build-tsan"
        case .address: ".build-asan"
        case .undefined: ".build-ubsan"
        }
    }

    /// `environment` for a run of tests built with this sanitizer. ThreadSanitizer pauses a second
    /// at exit (to catch threads racing while the process ends), and every exit test's child, which
    /// inherits the environment, paid that second too: the tests have given their verdict by then,
    /// so the pause is off (`atexit_sleep_ms=0`; kata 06's `kata verify --repeat 3` took 95 s with
    /// it, 46 s without). `haltingAtFirstReport` stops the run at the first race
    /// (`halt_on_error=1`), for a graded run: see ``GradingEngine``. Options already set come last,
    /// so they win.
    public func runEnvironment(_ environment: [String: String], haltingAtFirstReport: Bool = false) -> [String: String]
    {
        guard self == .thread else { return environment }
        var options = haltingAtFirstReport ? ["halt_on_error=1"] : []
        options.append("atexit_sleep_ms=0")
        var result = environment
        result["TSAN_OPTIONS"] = (options + [environment["TSAN_OPTIONS"]].compactMap { $0 }).joined(separator: ":")
        return result
    }
}
