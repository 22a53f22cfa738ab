import Foundation

/// Reads a folder of progress reports into a ``Room``: every `*.json` file below it, as
/// `gh run download` leaves one artifact per folder (`reports/ada/progress.json`).
///
/// The files come from learners' repositories, so each is untrusted. A report that is too
/// large, not JSON or cut short, of another schema or a newer version, about another set of
/// katas, or a second one for the same learner is listed in ``Room/unreadable`` with the
/// reason, and the rest of the room is still shown.
///
/// ```swift
/// var room = Room(katas: catalog.katas)
/// RoomReportReader.read(folder: URL(fileURLWithPath: "reports"), into: &room)
/// ```
public enum RoomReportReader {
    /// A report larger than this is not read: a real one is kilobytes, its messages cut to 2,000
    /// characters each.
    public static let sizeLimit = 32 * 1024 * 1024

    private struct Header: Decodable {
        var schema: String?
        var version: Int?
    }

    /// The learner's name when a report does not carry one: its folder (`ada/progress.json`), or its
    /// file name (`ada.json`).
    static func learnerName(forRelativePath path: String) -> String {
        let components = path.split(separator: "/").map(String.init)
        if components.count > 1, components.last == "progress.json" {
            return components.dropLast().joined(separator: "/")
        }
        let file = components.last ?? path
        return file.hasSuffix(".json") ? String(file.dropLast(5)) : file
    }

    public static func read(folder: URL, into room: inout Room) {
        let base = folder.standardizedFileURL.resolvingSymlinksInPath()
        guard
            let enumerator = FileManager.default.enumerator(
                at: base, includingPropertiesForKeys: [.isRegularFileKey, .fileSizeKey, .isSymbolicLinkKey])
        else {
            room.unreadable.append(.init(source: folder.path, reason: "the folder cannot be read"))
            return
        }
        var paths: [(relative: String, url: URL)] = []
        while let url = enumerator.nextObject() as? URL {
            guard url.pathExtension.lowercased() == "json" else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(base.path.count + 1))
            paths.append((relative, url))
        }
        var reports: [(relative: String, report: ProgressReport)] = []
        for (relative, url) in paths.sorted(by: { $0.relative < $1.relative }) {
            if let report = read(file: url, relativePath: relative, into: &room) { reports.append((relative, report)) }
        }
        // A report whose own name matches its folder comes first, so that a copy of it in
        // another folder is the one set aside as a copy.
        let canonicalFirst =
            reports.filter { $0.report.learner == learnerName(forRelativePath: $0.relative) }
            + reports.filter { $0.report.learner != learnerName(forRelativePath: $0.relative) }
        for (relative, report) in canonicalFirst {
            add(report, relativePath: relative, into: &room)
        }
        if paths.isEmpty {
            room.unreadable.append(
                .init(source: RoomText.clean(folder.path), reason: "no progress reports (*.json) in it"))
        }
    }

    static func read(file url: URL, relativePath: String, into room: inout Room) -> ProgressReport? {
        func unreadable(_ reason: String) -> ProgressReport? {
            room.unreadable.append(.init(source: RoomText.clean(relativePath, limit: 180), reason: reason))
            return nil
        }
        let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey, .isSymbolicLinkKey])
        guard values?.isSymbolicLink != true, values?.isRegularFile == true else {
            return unreadable("not a regular file (a link or a folder), so not read")
        }
        if let size = values?.fileSize, size > sizeLimit {
            return unreadable("too large (\(size / 1_048_576) MB); a progress report is a few kilobytes")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return unreadable("cannot be read")
        }
        return decode(data, relativePath: relativePath, into: &room)
    }

    /// Reads one report's bytes into the room; `relativePath` (within the folder given) names it.
    public static func read(data: Data, relativePath: String, into room: inout Room) {
        if let report = decode(data, relativePath: relativePath, into: &room) {
            add(report, relativePath: relativePath, into: &room)
        }
    }

    /// The learner is named by the folder the facilitator downloaded the report to, not by the
    /// report, which could claim any name; the report's name is shown beside it when it differs.
    static func add(_ report: ProgressReport, relativePath: String, into room: inout Room) {
        room.add(
            learner: learnerName(forRelativePath: relativePath), source: relativePath, results: report.katas,
            claimedName: report.learner, commit: report.commit)
    }

    /// The report in `data`, or nil with the reason listed in the room.
    static func decode(_ data: Data, relativePath: String, into room: inout Room) -> ProgressReport? {
        func unreadable(_ reason: String) -> ProgressReport? {
            room.unreadable.append(.init(source: RoomText.clean(relativePath, limit: 180), reason: reason))
            return nil
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
            return unreadable("not JSON, or cut short (an upload that did not finish?)")
        }
        guard header.schema == ProgressReport.schemaName else {
            return unreadable("not a kata progress report (its schema is not \"\(ProgressReport.schemaName)\")")
        }
        guard let version = header.version, version <= ProgressReport.currentVersion, version >= 1 else {
            return unreadable(
                "written by a newer kata tool (report version \(header.version.map(String.init) ?? "missing"); this "
                    + "one reads up to \(ProgressReport.currentVersion)): update the tool you run the room with"
            )
        }
        let report: ProgressReport
        do {
            report = try JSONDecoder().decode(ProgressReport.self, from: data)
        } catch {
            return unreadable("damaged: a field is missing or of the wrong type")
        }
        let known = Dictionary(uniqueKeysWithValues: room.katas.map { ($0.number, $0.slug) })
        var numbers: Set<Int> = []
        for kata in report.katas {
            guard known[kata.number] == kata.slug else {
                return unreadable(
                    "for another set of katas: it has kata \(kata.number) '\(RoomText.clean(kata.slug, limit: 60))', "
                        + "which this repository does not"
                )
            }
            guard numbers.insert(kata.number).inserted else {
                return unreadable("damaged: kata \(kata.number) appears twice")
            }
        }
        return report
    }
}
