import Foundation

/// The room as one static HTML page: the heat map (learners × katas), where the room is stuck,
/// and what could not be read.
///
/// Same rules as the site: it works opened from disk (`file://`), loads nothing from elsewhere,
/// and carries a Content-Security-Policy that allows no script at all and only its own inline
/// stylesheet (by hash). Every learner-controlled string was cleaned by ``Room`` and is
/// escaped here with ``HTML/escape(_:)``, so a name like `<script>` is shown, never run.
///
/// ```swift
/// let html = RoomPage.html(room)
/// try html.write(to: URL(fileURLWithPath: "room.html"), atomically: true, encoding: .utf8)
/// ```
public enum RoomPage {
    static let stylesheet = """
        :root { color-scheme: light dark; --passed: #2e7d32; --failing: #c62828; --compile: #ef6c00; \
        --hung: #6a1b9a; --none: #9e9e9e; }
        body { font: 15px/1.45 system-ui, sans-serif; margin: 2rem; max-width: 80rem; }
        h1 { margin-bottom: .2rem; } .lead { margin-top: 0; color: GrayText; }
        table { border-collapse: collapse; margin: 1rem 0; }
        th, td { padding: .25rem .5rem; text-align: left; vertical-align: top; }
        table.heat td.cell { width: 2.2rem; text-align: center; color: #fff; font-weight: 600; \
        border: 2px solid Canvas; }
        table.heat th.learner { max-width: 18rem; overflow-wrap: anywhere; font-weight: 500; }
        .passed { background: var(--passed); } .failing { background: var(--failing); }
        .doesNotCompile { background: var(--compile); } .hung { background: var(--hung); }
        .notStarted { background: var(--none); }
        .legend span { display: inline-block; padding: .1rem .5rem; margin-right: .4rem; color: #fff; \
        border-radius: 3px; }
        .stuck li { margin-bottom: .8rem; } .stuck code, .unreadable code { overflow-wrap: anywhere; }
        .message, .claimed { display: block; color: GrayText; font-size: 90%; overflow-wrap: anywhere; \
        white-space: pre-wrap; }
        """

    public static var contentSecurityPolicy: String {
        "default-src 'none'; style-src 'sha256-\(SHA256.base64(stylesheet))'; img-src 'none'; base-uri 'none'; "
            + "form-action 'none'"
    }

    public static func html(_ room: Room) -> String {
        let e = HTML.escape
        var body = ""
        let passedAll = room.learners.filter { $0.passed == room.katas.count }.count
        let unreadable =
            room.unreadable.isEmpty
            ? "" : " \(room.unreadable.count) input\(room.unreadable.count == 1 ? "" : "s") could not be read (below)."
        body += """
            <h1>The room</h1>
            <p class="lead">\(room.learners.count) learner\(room.learners.count == 1 ? "" : "s"), \
            \(room.katas.count) katas; \(passedAll) passed them all.\(unreadable)</p>

            """
        body += "<h2 id=\"stuck\">Where the room is stuck</h2>\n"
        let stuck = room.stuck
        if stuck.isEmpty {
            body += "<p>Nobody is stuck: every kata that was started passes.</p>\n"
        } else {
            body += "<ol class=\"stuck\">\n"
            for summary in stuck {
                body +=
                    "<li><strong>\(e(summary.kata.heading))</strong>: \(summary.stuck) stuck, \(summary.passed) "
                    + "passed, \(summary.notStarted) not started"
                body += summary.doesNotCompile > 0 ? "; \(summary.doesNotCompile) do not compile" : ""
                body += summary.hung > 0 ? "; \(summary.hung) hung" : ""
                body += ".\n"
                if !summary.failingTests.isEmpty || summary.firstCompileError != nil || !summary.missedBugs.isEmpty {
                    body += "<ul>\n"
                    for test in summary.failingTests {
                        body += "<li><code>\(e(test.name))</code> fails for \(test.learners)"
                        body += test.message.map { "<span class=\"message\">\(e($0))</span>" } ?? ""
                        body += "</li>\n"
                    }
                    if let error = summary.firstCompileError {
                        body += "<li>does not compile:<span class=\"message\">\(e(error))</span></li>\n"
                    }
                    for bug in summary.missedBugs.prefix(3) {
                        body += "<li>the tests of \(bug.learners) miss <code>\(e(bug.name))</code>"
                        body += bug.nudge.isEmpty ? "" : "<span class=\"message\">\(e(bug.nudge))</span>"
                        body += "</li>\n"
                    }
                    body += "</ul>\n"
                }
                body += "</li>\n"
            }
            body += "</ol>\n"
        }
        body += "<h2 id=\"heat-map\">Learners × katas</h2>\n<p class=\"legend\">"
        body += Room.State.allCases.map { "<span class=\"\($0.rawValue)\">\($0.mark) \(e($0.label))</span>" }.joined()
        body += "</p>\n<table class=\"heat\">\n<thead><tr><th>Learner</th>"
        body += room.katas.map { "<th title=\"\(e($0.heading))\">\($0.id)</th>" }.joined()
        body += "<th>Passed</th></tr></thead>\n<tbody>\n"
        for learner in room.learners {
            body += "<tr><th class=\"learner\" title=\"\(e(learner.source))\">\(e(learner.name))"
            body += learner.claimedName.map { "<span class=\"claimed\">says: \(e($0))</span>" } ?? ""
            body += "</th>"
            for kata in room.katas {
                let cell = learner.cells[kata.number]
                let state = cell?.state ?? .notStarted
                var title = "\(learner.name) · \(kata.heading): \(state.label)"
                if let test = cell?.firstFailureTest { title += " — \(test)" }
                if let message = cell?.firstFailureMessage, state != .passed { title += ": \(message)" }
                var mark = state.mark
                if let caught = cell?.bugsCaught, let total = cell?.bugsTotal, let summary = cell?.caughtSummary {
                    title += " — their tests catch \(caught) of \(total) bugs"
                    if let killed = cell?.mutantsKilled, let mutants = cell?.mutantsTotal {
                        title += " and \(killed) of \(mutants) mutants"
                    }
                    mark = summary
                }
                body += "<td class=\"cell \(state.rawValue)\" title=\"\(e(title))\">\(e(mark))</td>"
            }
            body += "<td>\(learner.passed) of \(room.katas.count)</td></tr>\n"
        }
        body += "</tbody>\n</table>\n"
        if !room.unreadable.isEmpty {
            body += "<h2 id=\"unreadable\">Could not read</h2>\n<ul class=\"unreadable\">\n"
            for problem in room.unreadable {
                body += "<li><code>\(e(problem.source))</code>: \(e(problem.reason))</li>\n"
            }
            body += "</ul>\n"
        }
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(contentSecurityPolicy)">
            <meta name="referrer" content="no-referrer">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>The room — Dispatch Katas</title>
            <style>\(stylesheet)</style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }
}
