import Foundation

/// Text a learner controls (a name, a test's name, a message, a path), made safe to show to a
/// facilitator: control characters and the bidirectional overrides that could make one name
/// look like another (`U+202E` turns `gnp.exe` around) are replaced by `�`, and it is cut to a
/// length a table can hold. HTML escaping comes on top of this, with ``HTML/escape(_:)``.
///
/// ```swift
/// RoomText.clean("ada\u{202E}evil\u{1B}[2J", limit: 40)   // "ada�evil�[2J"
/// ```
public enum RoomText {
    /// The bidirectional formatting characters: embeddings, overrides, isolates and marks.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// One line of safe text, at most `limit` characters (then ending with `…`).
    public static func clean(_ text: String, limit: Int = 200) -> String {
        var cleaned = String.UnicodeScalarView()
        var scalars = 0
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" || scalar == "\r" {
                cleaned.append(" ")
            } else if scalar.isControl || isBidiControl(scalar) {
                cleaned.append("\u{FFFD}")
            } else {
                cleaned.append(scalar)
            }
            // Cut early, by scalars, so a message of megabytes costs no more than its first part.
            scalars += 1
            if scalars > limit * 4 { break }
        }
        let line = String(cleaned)
        return line.count > limit ? String(line.prefix(limit)) + "…" : line
    }
}
