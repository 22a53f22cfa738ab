import Foundation

/// One small change to one file of a kata's module, which a good test suite should notice.
///
/// ```swift
/// let mutant = Mutant(
///     operatorName: .deleteCall, file: "InboxViewModel.swift", range: 1520..<1539,
///     original: "onChange?(newState)", replacement: "", line: 56, declaration: "InboxViewModel.publish")
/// mutant.id          // "delete-call:InboxViewModel.swift:InboxViewModel.publish:9b1c04e2"
/// mutant.applied(to: text)        // the file without the call
/// mutant.unifiedDiff(of: text)    // the change, as `git diff` prints it
/// ```
///
/// The ``id`` names the operator, the file, the enclosing declaration and a hash of the change,
/// never a line number: an edit elsewhere in the file keeps every id, so a learner's "killed"
/// record of a mutant stays true until the code the mutant changes changes.
public struct Mutant: Codable, Sendable, Hashable {
    /// Stable across edits elsewhere; `#2`, `#3` end identical changes in one declaration.
    public var id: String
    public var operatorName: MutationOperator
    /// The file's path relative to the module folder, `InboxViewModel.swift`.
    public var file: String
    /// UTF-8 offsets in the file of the text the mutant replaces.
    public var range: Range<Int>
    public var original: String
    public var replacement: String
    /// The line the change starts on, for display only.
    public var line: Int
    /// The enclosing type and function, `InboxViewModel.load`, or `file`.
    public var declaration: String

    public init(
        operatorName: MutationOperator, file: String, range: Range<Int>, original: String, replacement: String,
        line: Int, declaration: String, repeatNumber: Int = 1
    ) {
        self.operatorName = operatorName
        self.file = file
        self.range = range
        self.original = original
        self.replacement = replacement
        self.line = line
        self.declaration = declaration
        let hash = Self.stableHash(original + "\u{0}" + replacement)
        id = "\(operatorName.rawValue):\(file):\(declaration):\(hash)" + (repeatNumber > 1 ? "#\(repeatNumber)" : "")
    }

    /// FNV-1a over the change with runs of whitespace made one space, as 8 hex digits: the same
    /// change re-indented keeps its id. (`hashValue` is seeded per process; this is not.)
    static func stableHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var lastWasSpace = false
        for byte in text.utf8 {
            let isSpace = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
            if isSpace && lastWasSpace { continue }
            lastWasSpace = isSpace
            hash = (hash ^ UInt64(isSpace ? UInt8(ascii: " ") : byte)) &* 0x100_0000_01b3
        }
        return String(String(hash, radix: 16).suffix(8))
    }
}
