import Foundation

extension Mutant {
    /// The file's text with this mutant's change made, or nil when the text at ``range`` is not
    /// ``original`` (the file changed since the mutant was made). A change that leaves its line
    /// blank (a statement deleted) takes the line away too, as a person deleting it would.
    public func applied(to text: String) -> String? {
        var bytes = Array(text.utf8)
        guard range.upperBound <= bytes.count,
            String(decoding: bytes[range], as: UTF8.self) == original
        else { return nil }
        bytes.replaceSubrange(range, with: Array(replacement.utf8))
        if replacement.isEmpty {
            var start = range.lowerBound
            while start > 0, bytes[start - 1] == UInt8(ascii: " ") || bytes[start - 1] == UInt8(ascii: "\t") {
                start -= 1
            }
            var end = range.lowerBound
            while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
            let lineIsBlank =
                (start == 0 || bytes[start - 1] == UInt8(ascii: "\n"))
                && (end == bytes.count || bytes[end] == UInt8(ascii: "\n"))
            if lineIsBlank && start > 0 {
                bytes.removeSubrange(start..<min(end + 1, bytes.count))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The change as a unified diff of ``file`` (`--- a/file`, `+++ b/file`, hunks with three
    /// lines of context), written by ``UnifiedDiff``; nil when the mutant does not apply.
    public func unifiedDiff(of text: String) -> String? {
        guard let mutated = applied(to: text) else { return nil }
        return UnifiedDiff.between([file: Data(text.utf8)], [file: Data(mutated.utf8)]).text
    }
}

extension Mutant {
    /// Whether the change takes a way out of its body away: a `return`, a `guard`, a `throw`
    /// removed. Such a mutant may not compile ("missing return"), and the compiler says so at the
    /// body's end, far from the change (``SchemaLineMap``).
    var removesAnExit: Bool {
        if operatorName == .removeReturn || operatorName == .removeGuard { return true }
        let words = { (text: String) in Set(text.split { !$0.isLetter }.map(String.init)) }
        let exits: Set<String> = ["return", "throw", "guard"]
        return !words(original).intersection(exits).isEmpty && words(replacement).intersection(exits).isEmpty
    }
}
