import CCmarkGFM
import Foundation

/// The one place that sets libcmark-gfm up: GitHub's extensions attached, raw HTML kept (the
/// READMEs' `<details>` hints need it) and `tagfilter` disarming `<script>` and its kind.
enum Cmark {
    static let options = CMARK_OPT_DEFAULT | CMARK_OPT_UNSAFE

    /// The library's version, `0.29.0.gfm.6` on Debian 12: another version may write different
    /// HTML for the same Markdown.
    static var version: String { String(cString: cmark_version_string()) }

    /// The version the committed `site/` is generated with (Debian 12's, where CI runs). A test on
    /// Debian holds this to the installed library, so it stays true when Debian updates it.
    static let siteVersion = "0.29.0.gfm.6"

    /// libcmark-gfm 0.29 is not reentrant: registering the extensions is an unguarded
    /// check-then-set (two threads at once abort in `cmark_register_node_flag`), and parsing
    /// inlines adds the extensions' characters (`~`, `:` …) to a process-wide table and removes
    /// them after (github/cmark-gfm#176), so a parse on another thread misses strikethrough and
    /// autolinks. The tests parse on many threads at once, and so does `kata-fuzz`: one parse at
    /// a time, process-wide.
    private static let parsing = Locked(())

    /// Parses `markdown` and hands `body` the document, the options and the extension list
    /// the HTML renderer needs. Both are freed when `body` returns.
    static func withDocument<Result>(
        _ markdown: String,
        _ body: (OpaquePointer, Int32, UnsafeMutablePointer<cmark_llist>?) throws -> Result
    ) rethrows -> Result {
        let (parser, document) = parsing.withLock { _ in
            cmark_gfm_core_extensions_ensure_registered()
            let parser = cmark_parser_new(options)!
            for name in ["table", "strikethrough", "autolink", "tagfilter"] {
                if let syntaxExtension = cmark_find_syntax_extension(name) {
                    cmark_parser_attach_syntax_extension(parser, syntaxExtension)
                }
            }
            markdown.withCString { cmark_parser_feed(parser, $0, strlen($0)) }
            return (parser, cmark_parser_finish(parser)!)
        }
        defer {
            cmark_node_free(document)
            cmark_parser_free(parser)
        }
        return try body(document, options, cmark_parser_get_syntax_extensions(parser))
    }
}
