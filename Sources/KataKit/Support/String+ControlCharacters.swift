import Foundation

extension String {
    /// Every control character but newline and tab replaced by U+FFFD, the replacement character.
    var replacingControlCharacters: String {
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            result.append(scalar.isControlBeyondLayout ? "\u{FFFD}" : scalar)
        }
        return String(result)
    }
}
