/// The exit codes of the `kata` command, defined here and nowhere else. Scripts and CI can rely
/// on them; the README and `kata --help` list them.
///
/// Beyond 0 and 1 they follow BSD `sysexits.h`, so they stay clear of 1, which means "a kata
/// failed", and 130 is the shell's code for a process ended by Ctrl-C.
public enum ExitStatus {
    /// The check passed, or every kata verified.
    public static let success: Int32 = 0
    /// The kata's tests failed or did not compile, or a kata broke a rule in `kata verify`.
    public static let failure: Int32 = 1
    /// Bad arguments, such as an unknown kata (the same code swift-argument-parser uses).
    public static let usage: Int32 = 64
    /// A kata's README or layout is broken.
    public static let invalidCatalog: Int32 = 65
    /// No kata repository was found where the command looked.
    public static let repositoryNotFound: Int32 = 66
    /// A tool kata needs, like `swift` or `diff`, could not be started.
    public static let toolUnavailable: Int32 = 69
    /// A file could not be read or written.
    public static let fileSystem: Int32 = 74
    /// Ctrl-C (SIGINT) or SIGTERM stopped the command.
    public static let interrupted: Int32 = 130
}
