import Foundation

extension JSONEncoder {
    /// The encoder of every JSON document kata writes (`--format json`, `.shipped.json`, the
    /// progress file, the site's search index): keys sorted, so the same value is always the same
    /// bytes and a diff shows only what changed, and slashes left as they are, so paths read as paths.
    ///
    /// ```swift
    /// try JSONEncoder.stable().encode(["path": "Katas/01"])   // {"path":"Katas/01"}
    /// ```
    package static func stable(prettyPrinted: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if prettyPrinted { encoder.outputFormatting.insert(.prettyPrinted) }
        return encoder
    }
}

extension Encodable {
    /// The value as one line of stable JSON (see ``Foundation/JSONEncoder/stable(prettyPrinted:)``);
    /// `fallback` if it cannot be encoded, which kata's own documents never are.
    package func stableJSON(fallback: String = "{}") -> String {
        String(decoding: (try? JSONEncoder.stable().encode(self)) ?? Data(fallback.utf8), as: UTF8.self)
    }
}
