import Foundation

/// Decodes a file the katas are made of, which must be UTF-8: an editor that saved it as Latin-1
/// or UTF-16 would otherwise make kata show garbage, or nothing.
///
/// ```swift
/// let text = try UTF8Text.decode(data, file: "Katas/01-x/README.md")
/// // KataError: "Katas/01-x/README.md:12: byte 3 of the line is not UTF-8 text."
/// ```
public enum UTF8Text {
    public static func decode(_ data: Data, file: String, restore: String? = nil) throws -> String {
        if let text = String(data: data, encoding: .utf8) { return text }
        let (line, column) = firstInvalidByte(in: data)
        let restoreAdvice = restore.map { ", or restore it with `\($0)`" } ?? ""
        throw KataError(
            .invalidCatalog,
            "\(file):\(line): byte \(column) of the line is not UTF-8 text "
                + "(the file was saved in another encoding, or is not text).",
            advice: "Save the file as UTF-8 in your editor\(restoreAdvice)."
        )
    }

    /// The 1-based line, and byte within it, of the first byte that is not valid UTF-8.
    static func firstInvalidByte(in data: Data) -> (line: Int, column: Int) {
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = data.makeIterator()
        var line = 1
        var column = 1
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let scalar):
                if scalar.count == 1, scalar.first == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += scalar.count
                }
            case .error:
                return (line, column)
            case .emptyInput:
                return (line, column)
            }
        }
    }
}
