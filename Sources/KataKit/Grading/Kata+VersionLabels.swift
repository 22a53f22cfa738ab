import Foundation

extension Kata {
    /// What `kata check` and `kata progress` call a version of a tests kata's code: "the shipped
    /// code", "correct version 1" …, "bug 1" … "bug N", never its folder name or title.
    ///
    /// A buggy version's folder is named after its bug (`retries-a-failed-read`): a learner who
    /// reads that writes a test for the bug, not for the promise the README makes, and learns to
    /// test what they were told is broken. So the learner meets a bug by number and by its nudge,
    /// as Examplar shows a student an anonymous chaff. The numbers follow the order the versions
    /// are graded in (by name), so "bug 3" is the same bug in the text, the JSON and the next
    /// check. `kata verify`, for authors, keeps the real names.
    ///
    /// ```swift
    /// kata.learnerLabel(of: kata.buggyVersions()[2])   // "bug 3"
    /// kata.buggyVersion(labelled: "bug 3")?.name       // "retries-a-failed-read"
    /// ```
    public func learnerLabel(of version: KataVersion) -> String {
        switch version.role {
        case .buggy, .wrong:
            return "bug \(Self.position(of: version, among: buggyVersions()))"
        case .shipped:
            return "the shipped code"
        case .mutant:
            return "mutant " + (version.environment[MutationTester.selectorVariable] ?? version.name)
        default:
            return "correct version \(Self.position(of: version, among: correctVersions()))"
        }
    }

    /// The buggy version `kata check` calls `label` ("bug 3"), for a reader of its reports (the
    /// facilitator's room); nil when the kata has no such bug.
    public func buggyVersion(labelled label: String) -> KataVersion? {
        guard label.hasPrefix("bug "), let number = Int(label.dropFirst(4)) else { return nil }
        let versions = buggyVersions().sorted { $0.name < $1.name }
        return versions.indices.contains(number - 1) ? versions[number - 1] : nil
    }

    /// `version`'s place, from 1, among `versions` in the order they are graded (by name).
    private static func position(of version: KataVersion, among versions: [KataVersion]) -> Int {
        let names = versions.map(\.name).sorted()
        return (names.firstIndex(of: version.name) ?? names.count) + 1
    }
}
