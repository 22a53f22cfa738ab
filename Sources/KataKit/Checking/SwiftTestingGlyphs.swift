/// The symbols Swift Testing starts its console lines with, in every spelling it uses.
///
/// On Linux and on most Macs it prints Unicode characters (`◇ ✔ ✘ ━ ➜ ↳ ±`); on a Mac with the
/// SF Pro font installed, as on most iOS developers' machines, it prints SF Symbols from the
/// private-use area instead, which look right in Terminal but match none of those characters.
/// On a terminal it colours them with ANSI escape sequences. The console parser reads every
/// line through ``normalized(_:)`` so that none of this changes what it finds; the event stream
/// (``TestEventStream``) needs no symbols at all and is read first.
///
/// ```swift
/// SwiftTestingGlyphs.normalized("\u{1B}[91m\u{100884}\u{1B}[0m Test \"x\" failed after 0.1 seconds.")
/// // "✘ Test \"x\" failed after 0.1 seconds."
/// ```
enum SwiftTestingGlyphs {
    /// Each SF Symbols character (swift-testing's `Event.Symbol`) and the Unicode character
    /// the same event prints elsewhere.
    static let unicodeForSFSymbol: [Unicode.Scalar: String] = [
        "\u{1007C8}": "◇",  // diamond: started, and most other events
        "\u{10065F}": "➜",  // skipped
        "\u{100882}": "━",  // passed with a known issue
        "\u{10105B}": "✔",  // passed
        "\u{100884}": "✘",  // failed, or an issue
        "\u{10017A}": "±",  // a difference
        "\u{1001FF}": "⚠︎",  // a warning
        "\u{100135}": "↳",  // details
        "\u{100237}": "⎙",  // an attachment
    ]

    /// `line` with ANSI escape sequences removed and SF Symbols replaced by the Unicode
    /// characters Linux prints.
    static func normalized(_ line: String) -> String {
        guard line.unicodeScalars.contains(where: { $0 == "\u{1B}" || $0.value >= 0x10_0000 }) else { return line }
        var result = ""
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "\u{1B}" {
                // CSI: ESC [ parameters… final byte in @…~
                guard let next = scalars.next(), next == "[" else { continue }
                while let byte = scalars.next(), !(0x40...0x7E).contains(byte.value) {}
            } else if let unicode = unicodeForSFSymbol[scalar] {
                result += unicode
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
