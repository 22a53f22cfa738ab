/// Escaping for the HTML the site generator writes by hand (cmark escapes what it renders).
public enum HTML {
    /// Text safe inside an element or a double- or single-quoted attribute. It works scalar by
    /// scalar, not by `Character`, because highlighted code is cut into tokens that may begin
    /// with a combining mark.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A heading's anchor, as GitHub makes it: lower case, punctuation dropped, spaces to dashes.
    public static func anchor(_ text: String) -> String {
        var anchor = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber || character == "-" || character == "_" {
                anchor.append(character)
            } else if character == " " {
                anchor.append("-")
            }
        }
        return anchor.isEmpty ? "section" : anchor
    }
}
