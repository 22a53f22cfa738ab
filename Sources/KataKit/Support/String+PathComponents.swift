extension String {
    /// The `/`-separated components of a relative path as the file system sees them.
    ///
    /// Split by Unicode scalars, never by `Character`s: a combining mark after a slash joins it
    /// into one larger character, so `"../\u{301}x".split(separator: "/")` is one component, not
    /// `..` and another, and a check that a path does not climb out would pass a path that does.
    /// Empty components are kept (`a//b` has three), for callers that refuse them.
    ///
    /// ```swift
    /// "Sources/K/A.swift".pathComponents   // ["Sources", "K", "A.swift"]
    /// "../\u{301}x".pathComponents         // ["..", "\u{301}x"]
    /// ```
    package var pathComponents: [String] {
        unicodeScalars.split(separator: "/", omittingEmptySubsequences: false).map { String($0) }
    }

    /// Whether the path is absolute, climbs out with a `..` component, or holds a backslash or NUL
    /// (a separator on Windows, an end of string to the C library): one that would reach outside
    /// the folder it is meant to be relative to.
    package var leavesItsFolder: Bool {
        unicodeScalars.first == "/" || pathComponents.contains("..")
            || unicodeScalars.contains { $0 == "\\" || $0 == "\0" }
    }
}
