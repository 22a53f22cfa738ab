import Foundation
import TestSupport
import Testing

@testable import KataKit

/// The stylesheet, scripts and favicon are files in `Sources/KataKit/Site/Assets`, embedded in the
/// module by both manifests. A file added there but left out of a manifest would be missing from
/// the tool that manifest builds (the learner edition's fails to compile), so both are checked.
@Suite("The site's assets")
struct SiteAssetsTests {
    static let folder = Fixtures.projectRoot.appendingPathComponent("Sources/KataKit/Site/Assets")

    static func file(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test("the site writes the asset files as they are, the stylesheet followed by the width classes")
    func embeddedAsWritten() throws {
        #expect(SiteAssets.script == (try Self.file("site.js")))
        #expect(SiteAssets.themeScript == (try Self.file("theme.js")))
        #expect(SiteAssets.favicon == (try Self.file("favicon.svg")))
        let rules = try Self.file("style.css")
        #expect(rules.hasSuffix("}\n"))
        #expect(SiteAssets.stylesheet == rules.dropLast() + SiteCodeBlock.stylesheetRules + "\n")
    }

    @Test("every file in Site/Assets is embedded by the root manifest and the learner edition's")
    func everyAssetEmbedded() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { !$0.hasPrefix(".") }.sorted()
        #expect(Set(["favicon.svg", "site.js", "style.css", "theme.js"]).isSubset(of: names))
        let root = try String(
            contentsOf: Fixtures.projectRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        for name in names {
            let declaration = ".embedInCode(\"Site/Assets/\(name)\")"
            #expect(root.contains(declaration), "Package.swift does not embed \(name)")
            #expect(LearnerPackageManifest.text.contains(declaration), "the learner manifest does not embed \(name)")
        }
    }
}
