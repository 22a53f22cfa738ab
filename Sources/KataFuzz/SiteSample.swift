import Foundation
import KataKit

/// Builds a whole site from one fuzzed kata, in a throwaway repository on disk, so the real link
/// resolver, the catalog and every page template see the fuzzed front matter and markdown (the
/// README's text doubles as the solution's notes and code). The pages must escape every value,
/// load only the site's own scripts, and carry the Content-Security-Policy; the search index must
/// be JSON that cannot close a `<script>`.
struct SiteSample {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kata-fuzz-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Katas"), withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    func run(readme: [UInt8], metadata: KataMetadata) -> [String] {
        let fileManager = FileManager.default
        let folder = "\(metadata.number < 10 ? "0" : "")\(metadata.number)-\(metadata.slug)"
        for name in ["Katas", "Solutions"] {
            try? fileManager.removeItem(at: root.appendingPathComponent(name))
        }
        let kata = root.appendingPathComponent("Katas/\(folder)")
        let solution = root.appendingPathComponent("Solutions/\(folder)")
        let body = String(decoding: readme, as: UTF8.self)
        do {
            try fileManager.createDirectory(at: kata, withIntermediateDirectories: true)
            try fileManager.createDirectory(
                at: solution.appendingPathComponent("Sources/Kata\(folder.prefix(2))"),
                withIntermediateDirectories: true)
            try Data(readme).write(to: kata.appendingPathComponent("README.md"))
            try Data(body.utf8).write(to: solution.appendingPathComponent("SOLUTION.md"))
            try Data(body.utf8).write(
                to: solution.appendingPathComponent("Sources/Kata\(folder.prefix(2))/Solution.swift"))
        } catch {
            return ["site sample: could not write the sample repository: \(error)"]
        }

        let files: [String: String]
        do {
            let catalog = try KataCatalog.load(from: KataRepository(root: root))
            guard catalog.problems.isEmpty else { return [] }
            files = try SiteGenerator(catalog: catalog).generate()
        } catch let error as KataError {
            return error.advice == nil ? ["site sample: a KataError without advice: \(error)"] : []
        } catch {
            return ["site sample threw \(type(of: error)), not a KataError: \(error)"]
        }

        var problems: [String] = []
        // The markdown may repeat a value with allowed tags in it, so escaping is checked where
        // the templates put each value; the inspector below catches anything that could run.
        let kataPage = files["katas/\(folder).html"] ?? ""
        let expected =
            [
                ("the title", "<h1>\(HTML.escape(metadata.title))</h1>", kataPage),
                ("the summary", "<p class=\"lead\">\(HTML.escape(metadata.summary))</p>", kataPage),
                ("the seed", "<dt>Grew from</dt><dd>\(HTML.escape(metadata.seed))</dd>", kataPage),
                ("the title in the index", ">\(HTML.escape(metadata.title))</a>", files["index.html"] ?? ""),
            ] + metadata.patterns.map { ("a pattern", "<li>\(HTML.escape($0))</li>", kataPage) }
        for (what, html, page) in expected where !page.contains(html) {
            problems.append("site sample: \(what) is not on its page as escaped text")
        }
        for (path, content) in files where path.hasSuffix(".html") {
            let depth = path.contains("/") ? "../" : ""
            let scripts: Set<String> = [
                "\(depth)assets/search-index.js", "\(depth)assets/site.js", "\(depth)assets/theme.js",
            ]
            for problem in HTMLSafetyInspector.problems(in: content, scriptSources: scripts) {
                problems.append("site sample, \(path): \(problem)")
            }
            if !content.contains(#"<meta http-equiv="Content-Security-Policy""#) {
                problems.append("site sample, \(path): no Content-Security-Policy")
            }
        }
        if let index = files["assets/search-index.js"] {
            if index.contains("</") { problems.append("site sample: the search index contains '</'") }
            let prefix = "window.KATA_SEARCH_INDEX = "
            if let start = index.range(of: prefix), let json = index[start.upperBound...].split(separator: "\n").first,
                (try? JSONSerialization.jsonObject(with: Data(json.dropLast().utf8))) == nil
            {
                problems.append("site sample: the search index is not JSON")
            }
        }
        return problems
    }
}
