import Foundation

/// An error the `kata` command explains to its user: what was wrong and what to do about it.
///
/// Every failure that is not a failing kata ends here, so the command can print one clear
/// message and exit with a code that scripts can tell apart:
///
/// ```swift
/// throw KataError(.usage, "There is no kata '17'.", advice: "Run `kata list` to see the katas.")
/// ```
public struct KataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of problem this is; it decides the exit code.
    public enum Kind: Sendable, Equatable {
        /// The command line names something that does not exist or makes no sense.
        case usage
        /// A kata's front matter or layout is broken (an author's mistake, or a damaged clone).
        case invalidCatalog
        /// No kata repository was found where the command looked.
        case repositoryNotFound
        /// A tool the command needs, like `swift`, could not be started.
        case toolUnavailable
        /// Reading or writing a file failed.
        case fileSystem
    }

    public var kind: Kind
    public var message: String
    public var advice: String?

    public init(_ kind: Kind, _ message: String, advice: String? = nil) {
        self.kind = kind
        self.message = message
        self.advice = advice
    }

    /// The ``ExitStatus`` for this kind of problem.
    public var exitCode: Int32 {
        switch kind {
        case .usage: ExitStatus.usage
        case .invalidCatalog: ExitStatus.invalidCatalog
        case .repositoryNotFound: ExitStatus.repositoryNotFound
        case .toolUnavailable: ExitStatus.toolUnavailable
        case .fileSystem: ExitStatus.fileSystem
        }
    }

    /// The error as the one JSON object `--format json` promises, so a tool reading standard
    /// output gets an object whatever happened:
    /// `{"outcome":"error","passed":false,"exitCode":64,"error":"There is no kata '17'.","advice":"…"}`.
    public func json() -> String {
        struct Object: Encodable {
            var outcome = "error"
            var passed = false
            var exitCode: Int32
            var error: String
            var advice: String?
        }
        return Object(exitCode: exitCode, error: message, advice: advice).stableJSON()
    }

    public var description: String {
        guard let advice else { return message }
        return message + "\n" + advice
    }
}
