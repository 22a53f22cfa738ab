/// The site's stylesheet and scripts, written by hand and shipped with the pages: no framework,
/// nothing fetched from elsewhere, nothing to build. Both are small enough to read.
///
/// They are files of their own in `Site/Assets/` (`style.css`, `theme.js`, `site.js`,
/// `favicon.svg`), where an editor and a linter for their language read them. `Package.swift`
/// embeds each in the module as bytes (`.embedInCode`, read here as `PackageResources.style_css`
/// and so on), not as a resource bundle beside the binary: a `kata` copied alone, or run from
/// any folder, still writes the whole site.
enum SiteAssets {
    /// A file, not inline data: the Content-Security-Policy's `img-src 'self'` covers it.
    static let favicon = text(PackageResources.favicon_svg)

    /// The stylesheet: `style.css`, then the code blocks' width classes
    /// (``SiteCodeBlock/stylesheetRules``), which start on its last line (the file's final line
    /// break is left out, so an editor that adds or removes one does not change the site).
    static let stylesheet = stylesheetRules + SiteCodeBlock.stylesheetRules + "\n"

    private static let stylesheetRules: String = {
        var rules = text(PackageResources.style_css)
        while rules.hasSuffix("\n") { rules.removeLast() }
        return rules
    }()

    /// Runs before the page is drawn (loaded in `<head>` without `defer`), so a reader who chose
    /// a theme never sees the other one flash first.
    static let themeScript = text(PackageResources.theme_js)

    /// Search, copy buttons, the menu, the theme switch and keyboard navigation: loaded in
    /// `<head>` with `defer`, it runs once the page is read, without holding up its drawing.
    static let script = text(PackageResources.site_js)

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
