import Foundation

/// `kata site`: renders the katas into the static workshop site in `site/`, or with `checkOnly`
/// only says whether `site/` is up to date.
public struct SiteFrontend: Sendable {
    public let context: CommandContext

    public init(context: CommandContext) {
        self.context = context
    }

    public func run(checkOnly: Bool) throws -> Int32 {
        let started = ContinuousClock.now
        let catalog = try context.catalog()
        if context.reportProblems(of: catalog) {
            context.console.error(
                "The site is built only from a complete catalog; fix the katas above first. site/ was not changed.")
            return ExitStatus.invalidCatalog
        }
        let configuration = try SiteConfiguration.load(from: catalog.repository.root)
        // The learner edition has no solutions, so its site has no solution pages.
        let files = try SiteGenerator(
            catalog: catalog, configuration: configuration, includesSolutions: catalog.repository.edition == nil
        ).generate()
        let writer = SiteWriter(directory: catalog.repository.root.appendingPathComponent("site", isDirectory: true))
        let console = context.console
        if checkOnly {
            let differences = writer.differences(from: files)
            guard differences.isEmpty else {
                console.error(
                    console.style.red("error: ")
                        + "site/ is out of date with the katas (\(differences.count) "
                        + "file\(differences.count == 1 ? "" : "s")):"
                )
                for difference in differences.prefix(10) { console.error("  " + difference) }
                if differences.count > 10 { console.error("  … and \(differences.count - 10) more") }
                console.error("Run `kata site` and commit site/.")
                if Cmark.version != Cmark.siteVersion {
                    console.error(
                        "This machine renders Markdown with libcmark-gfm \(Cmark.version); site/ is generated with"
                            + " \(Cmark.siteVersion) (Debian 12's, as CI does). Another version can write"
                            + " different HTML for the same katas: if you changed no kata, that is the difference,"
                            + " and CI's check is the one that counts."
                    )
                }
                return ExitStatus.failure
            }
            console.line("site/ is up to date: \(files.count) files.")
            return ExitStatus.success
        }
        try writer.write(files)
        let bytes = files.values.map(\.utf8.count).reduce(0, +)
        let elapsed = ContinuousClock.now - started
        let milliseconds = Int(elapsed.seconds * 1000)
        console.line(
            "Wrote site/: \(files.count) files, \(bytes / 1024) KB, in \(milliseconds) ms. Open site/index.html, or "
                + "publish the folder as it is."
        )
        return ExitStatus.success
    }
}
