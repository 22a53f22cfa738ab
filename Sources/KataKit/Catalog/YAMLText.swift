/// Writes text into front matter so that it reads back as the same text.
///
/// Plain words stay plain, as an author would type them; anything YAML could read as something
/// else (`key: value`, a comment, a list, `null`, `true`, a number) is double-quoted:
///
/// ```swift
/// YAMLText.scalar("Retry without waiting")     // Retry without waiting
/// YAMLText.scalar("TODO: say what it is")      // "TODO: say what it is"
/// YAMLText.scalar("a, b", inFlowSequence: true) // "a, b"
/// ```
enum YAMLText {
    static func scalar(_ text: String, inFlowSequence: Bool = false) -> String {
        isPlain(text, inFlowSequence: inFlowSequence) ? text : quoted(text)
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// Words of letters and digits, with spaces and a little punctuation inside, starting with a
    /// letter: never a number, a keyword, an indicator or a `key: value`.
    private static func isPlain(_ text: String, inFlowSequence: Bool) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
            first.properties.isAlphabetic, last != " "
        else { return false }
        let keywords: Set<String> = ["null", "true", "false", "yes", "no", "on", "off", "y", "n"]
        guard !keywords.contains(text.lowercased()) else { return false }
        let punctuation: Set<Unicode.Scalar> =
            inFlowSequence
            ? [" ", ".", "-", "(", ")", "'", "?", "!", "/", "@"]
            : [" ", ".", "-", "(", ")", "'", "?", "!", ",", "/", "@"]
        return text.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || punctuation.contains($0)
        }
    }
}
