import Foundation
import TestSupport
import Testing

@testable import KataKit

/// The room reads learners' reports, which are untrusted: every bad one is named with a reason,
/// every learner string is cleaned and escaped, and the rest of the room is still shown.
@Suite("kata workshop room")
struct RoomTests {
    static func catalog() throws -> KataCatalog {
        try KataCatalog.load(from: KataRepository(root: Fixtures.folder.appendingPathComponent("repository")))
    }

    static func result(
        _ number: Int, _ slug: String, _ outcome: String, started: Bool = true, failed: [String] = [],
        message: String? = nil
    ) -> ProgressReport.KataResult {
        ProgressReport.KataResult(
            number: number, slug: slug, title: "Kata \(number)", outcome: outcome, started: started,
            passedTests: [], failedTests: failed,
            firstFailure: message.map { .init(test: failed.first, message: $0) }, seconds: 1)
    }

    static func report(_ learner: String?, _ katas: [ProgressReport.KataResult], commit: String? = "c0ffee") -> Data {
        Data(ProgressReport(learner: learner, commit: commit, katas: katas).json().utf8)
    }

    static let fixtureSlugs = [1: "passing-kata", 2: "failing-kata", 3: "broken-kata", 4: "flaky-kata"]

    @Test("a report survives the trip through JSON, with its schema and version")
    func roundTrip() throws {
        let report = ProgressReport(
            learner: "ada", commit: "abc", katas: [Self.result(2, "failing-kata", "testsFailed", failed: ["x"])])
        let decoded = try JSONDecoder().decode(ProgressReport.self, from: Data(report.json().utf8))
        #expect(decoded == report)
        #expect(report.json().hasPrefix(#"{"commit":"abc","katas":[{"#))
        #expect(report.json().contains(#""schema":"dispatch-katas/progress","total":1,"version":1}"#))
    }

    @Test("a tests kata: bugs caught per learner, the bug most learners miss first, named as the check names them")
    func bugs() throws {
        let catalog = try KataCatalog.load(
            from: KataRepository(root: Fixtures.folder.appendingPathComponent("tests-repository")))
        var room = Room(katas: catalog.katas)
        func result(_ outcome: String, valid: Bool = true, atLarge: [String]) -> ProgressReport.KataResult {
            var result = Self.result(1, "count-the-taps", outcome)
            result.bugs = .init(valid: valid, caught: 5 - atLarge.count, total: 5, atLarge: atLarge)
            return result
        }
        room.add(
            learner: "ada", source: "ada/progress.json",
            results: [result("testsFailed", atLarge: ["bug 5", "bug 2"])])
        // A report written before bugs were numbered names them by folder.
        room.add(
            learner: "grace", source: "grace/progress.json",
            results: [result("testsFailed", atLarge: ["tells-onchange-twice", "<script>made-up</script>", "bug 9"])])
        room.add(learner: "ken", source: "ken/progress.json", results: [result("passed", atLarge: [])])
        room.add(
            learner: "linus", source: "linus/progress.json",
            results: [result("testsFailed", valid: false, atLarge: [])])

        let cells = room.learners.map { $0.cells[1] }
        #expect(cells.map { $0?.bugsCaught } == [3, 4, 5, 0], "tests that are not valid catch nothing")
        #expect(cells[1]?.bugsAtLarge == ["bug 5"], "a bug the kata does not have is dropped")
        let missed = try #require(room.summaries.first).missedBugs
        #expect(missed.map(\.name) == ["bug 5", "bug 2"])
        #expect(missed.first?.learners == 2)
        #expect(missed.first?.nudge == "How many times does your test expect `onChange` to hear about one tap?")

        let text = RoomTable.text(room, style: TextStyle(enabled: false))
        #expect(text.contains("    the tests of 2 miss bug 5: How many times does your test expect"))
        #expect(!text.contains("tells-onchange-twice"), "a bug's folder name would tell the room what it is")
        #expect(text.contains("Bugs their tests catch"))
        #expect(text.contains("ada      3/5"))
        let page = RoomPage.html(room)
        #expect(page.contains("their tests catch 3 of 5 bugs"))
        #expect(!page.contains("<script>"))
        #expect(!page.contains("tells-onchange-twice"))
    }

    @Test("mutants killed beside bugs caught, per learner; counts that cannot be true are not shown")
    func mutants() throws {
        let catalog = try KataCatalog.load(
            from: KataRepository(root: Fixtures.folder.appendingPathComponent("tests-repository")))
        var room = Room(katas: catalog.katas)
        func result(_ mutants: ProgressReport.Mutants?, valid: Bool = true) -> ProgressReport.KataResult {
            var result = Self.result(1, "count-the-taps", "passed")
            result.bugs = .init(valid: valid, caught: 5, total: 5, atLarge: [])
            result.mutants = mutants
            return result
        }
        room.add(learner: "ada", source: "a", results: [result(.init(killed: 38, total: 41, required: 33))])
        room.add(learner: "bob", source: "b", results: [result(.init(killed: 50, total: 41, required: 33))])
        room.add(learner: "cy", source: "c", results: [result(.init(killed: 3, total: 9_999_999, required: 1))])
        room.add(
            learner: "di", source: "d", results: [result(.init(killed: 30, total: 41, required: 33), valid: false)])
        room.add(learner: "ed", source: "e", results: [result(nil)])
        let cells = room.learners.map { $0.cells[1] }
        #expect(cells.map { $0?.mutantsKilled } == [38, nil, nil, 0, nil], "more killed than made, or too many")
        #expect(cells.map { $0?.caughtSummary } == ["5/5 38/41", "5/5", "5/5", "0/5 0/41", "5/5"])
        let text = RoomTable.text(room, style: TextStyle(enabled: false))
        #expect(text.contains("Bugs and mutants their tests catch"))
        #expect(text.contains("ada      5/5 38/41"), "\(text)")
        #expect(RoomPage.html(room).contains("their tests catch 5 of 5 bugs and 38 of 41 mutants"))
        let old =
            #"{"number":1,"slug":"count-the-taps","title":"T","outcome":"passed","started":true,"#
            + #""passedTests":[],"failedTests":[],"seconds":1}"#
        #expect(try JSONDecoder().decode(ProgressReport.KataResult.self, from: Data(old.utf8)).mutants == nil)
    }

    @Test("bad reports are each named with a reason, and the good ones are still shown")
    func hostileReports() throws {
        var room = Room(katas: try Self.catalog().katas)
        let good = Self.report("ada", [Self.result(1, "passing-kata", "passed")])
        RoomReportReader.read(data: good, relativePath: "ada/progress.json", into: &room)
        RoomReportReader.read(data: good.prefix(good.count / 2), relativePath: "cut/progress.json", into: &room)
        RoomReportReader.read(data: Data("<html>".utf8), relativePath: "html/progress.json", into: &room)
        RoomReportReader.read(
            data: Data(#"{"schema":"dispatch-katas/progress","version":99,"katas":[]}"#.utf8),
            relativePath: "future/progress.json", into: &room)
        RoomReportReader.read(
            data: Data(#"{"schema":"something-else","version":1}"#.utf8), relativePath: "other.json", into: &room)
        RoomReportReader.read(
            data: Self.report("bob", [Self.result(7, "deadlocks", "passed")]), relativePath: "bob/progress.json",
            into: &room)
        RoomReportReader.read(data: good, relativePath: "ada-again/progress.json", into: &room)
        RoomReportReader.read(
            data: Data(#"{"schema":"dispatch-katas/progress","version":1,"katas":"no"}"#.utf8),
            relativePath: "damaged/progress.json", into: &room)

        #expect(room.learners.map(\.name) == ["ada"])
        let reasons = Dictionary(uniqueKeysWithValues: room.unreadable.map { ($0.source, $0.reason) })
        #expect(reasons["cut/progress.json"]?.contains("not JSON, or cut short") == true)
        #expect(reasons["html/progress.json"]?.contains("not JSON") == true)
        #expect(reasons["future/progress.json"]?.contains("newer kata tool (report version 99") == true)
        #expect(reasons["other.json"]?.contains("not a kata progress report") == true)
        #expect(reasons["bob/progress.json"]?.contains("for another set of katas") == true)
        #expect(reasons["ada-again/progress.json"]?.contains("a copy of the report of learner ada") == true)
        #expect(reasons["damaged/progress.json"]?.contains("damaged") == true)
        #expect(room.unreadable.count == 7)
    }

    @Test("names with HTML, control and bidi characters, and megabyte messages, are cleaned, cut and escaped")
    func hostileStrings() throws {
        var room = Room(katas: try Self.catalog().katas)
        let huge = String(repeating: "A<b>", count: 1_000_000)
        let name = "<script>alert(1)</script>\u{202E}evil\u{1B}[2J"
        let katas = [
            Self.result(2, "failing-kata", "testsFailed", failed: ["<img src=x onerror=alert(1)>"], message: huge)
        ]
        RoomReportReader.read(data: Self.report(name, katas), relativePath: "x/progress.json", into: &room)
        let learner = try #require(room.learners.first)
        #expect(learner.name == "x")
        let claimed = try #require(learner.claimedName)
        #expect(!claimed.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x1B })
        #expect(claimed.count <= Room.nameLimit + 1)
        let message = try #require(learner.cells[2]?.firstFailureMessage)
        #expect(message.count <= Room.messageLimit + 1)

        let html = RoomPage.html(room)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<b>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.count < 100_000)
        let terminal = RoomTable.text(room, style: TextStyle(enabled: false))
        #expect(!terminal.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
    }

    @Test("the page allows no script and only its own stylesheet, by hash")
    func contentSecurityPolicy() {
        let html = RoomPage.html(Room(katas: []))
        #expect(html.contains("default-src 'none'"))
        #expect(!html.contains("script-src"))
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(SHA256.base64("abc") == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
        #expect(SHA256.base64("") == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
        #expect(html.contains("style-src 'sha256-\(SHA256.base64(RoomPage.stylesheet))'"))
    }

    @Test("the folder names the learner, not the report, which could claim to be anyone")
    func folderNamesTheLearner() throws {
        var room = Room(katas: try Self.catalog().katas)
        let katas = [Self.result(1, "passing-kata", "passed")]
        RoomReportReader.read(
            data: Self.report("ada", katas, commit: "1"), relativePath: "ada/progress.json", into: &room)
        RoomReportReader.read(
            data: Self.report("ada", katas, commit: "2"), relativePath: "ken/progress.json", into: &room)
        RoomReportReader.read(data: Self.report(nil, katas), relativePath: "grace.json", into: &room)
        #expect(room.learners.map(\.name) == ["ada", "grace", "ken"])
        #expect(room.learners[2].claimedName == "ada")
        #expect(room.learners[0].claimedName == nil)
        #expect(RoomPage.html(room).contains("says: ada"))
        #expect(room.unreadable.isEmpty)
    }

    @Test("the kata where most learners are stuck comes first, with the test that fails most")
    func stuckOrder() throws {
        var room = Room(katas: try Self.catalog().katas)
        for learner in ["a", "b", "c"] {
            room.add(
                learner: learner, source: learner,
                results: [
                    Self.result(1, "passing-kata", "passed"),
                    Self.result(
                        3, "broken-kata", "testsFailed", failed: ["greets", learner == "a" ? "rare" : "greets"],
                        message: "expected Hello"),
                    Self.result(2, "failing-kata", learner == "c" ? "buildFailed" : "passed", message: "no Greeting"),
                    Self.result(4, "flaky-kata", "testsFailed", started: false),
                ])
        }
        let stuck = room.stuck
        #expect(stuck.map(\.kata.number) == [3, 2])
        #expect(stuck[0].failingTests.first?.name == "greets")
        #expect(stuck[0].failingTests.first?.learners == 3)
        #expect(stuck[0].failingTests.first?.message == "expected Hello")
        #expect(stuck[1].doesNotCompile == 1)
        #expect(room.summaries[3].notStarted == 3)
        #expect(room.learners[0].state(of: room.katas[3]) == .notStarted)
    }

    @Test("the Markdown table escapes what would break it")
    func markdown() {
        let report = ProgressReport(
            learner: nil, commit: nil,
            katas: [Self.result(2, "failing-kata", "testsFailed", failed: ["a|b"], message: "<b>x</b>\nnext|line")])
        let markdown = report.markdown()
        #expect(markdown.contains("`a\\|b`: &lt;b&gt;x&lt;/b&gt; next\\|line"))
        #expect(markdown.contains("❌ tests fail"))
    }

    @Test("valid tests that miss a bug read as bugs at large, not as failing tests, and count as stuck in the room")
    func notThorough() {
        let report = ProgressReport(
            learner: nil, commit: nil, katas: [Self.result(2, "failing-kata", TestGrade.notThorough)])
        #expect(report.markdown().contains("🐛 bugs at large"))
        #expect(!report.markdown().contains("❌ tests fail"))
        #expect(Room.State(report.katas[0]) == .failing)
    }
}
