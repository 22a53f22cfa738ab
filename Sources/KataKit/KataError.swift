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

    /// Exit codes follow BSD `sysexits.h`, so they stay clear of 1, which means "a kata failed".
    public var exitCode: Int32 {
        switch kind {
        case .usage: 64
        case .invalidCatalog: 65
        case .repositoryNotFound: 66
        case .toolUnavailable: 69
        case .fileSystem: 74
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
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let object = Object(exitCode: exitCode, error: message, advice: advice)
        return String(decoding: (try? encoder.encode(object)) ?? Data("{}".utf8), as: UTF8.self)
    }

    public var description: String {
        guard let advice else { return message }
        return message + "\n" + advice
    }
}
