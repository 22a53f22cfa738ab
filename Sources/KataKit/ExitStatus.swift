/// The exit codes of the `kata` command. Scripts and CI can rely on them; the README lists them.
public enum ExitStatus {
    /// The check passed, or every kata verified.
    public static let success: Int32 = 0
    /// The kata's tests failed or did not compile, or a kata broke a rule in `kata verify`.
    public static let failure: Int32 = 1
    /// Bad arguments, such as an unknown kata (the same code swift-argument-parser uses).
    public static let usage: Int32 = 64
    /// A kata's README or layout is broken.
    public static let invalidCatalog: Int32 = 65
}
