import Foundation

extension UnifiedDiff {
    /// Lines of context around each change, as `git diff` gives.
    static let contextLines = 3

    /// The diff that turns `old` into `new` (contents by path), files in path order.
    public static func between(_ old: [String: Data], _ new: [String: Data]) -> UnifiedDiff {
        var files: [FileChange] = []
        for path in Set(old.keys).union(new.keys).sorted() where old[path] != new[path] {
            let before = old[path].map(lines(of:)) ?? []
            let after = new[path].map(lines(of:)) ?? []
            files.append(
                FileChange(
                    oldPath: old[path] == nil ? nil : path, newPath: new[path] == nil ? nil : path,
                    hunks: hunks(from: before, to: after)))
        }
        return UnifiedDiff(files: files)
    }

    /// The edit script from the standard library's `difference(from:)`, cut into hunks with
    /// ``contextLines`` of unchanged lines around each change.
    static func hunks(from old: [String], to new: [String]) -> [Hunk] {
        let difference = new.difference(from: old)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        // The whole script, each line with its place in the old file.
        var script: [(line: Hunk.Line, oldIndex: Int)] = []
        var oldIndex = 0
        var newIndex = 0
        while oldIndex < old.count || newIndex < new.count {
            if oldIndex < old.count, removed.contains(oldIndex) {
                script.append((Hunk.Line(kind: .removed, text: old[oldIndex]), oldIndex))
                oldIndex += 1
            } else if newIndex < new.count, inserted.contains(newIndex) {
                script.append((Hunk.Line(kind: .added, text: new[newIndex]), oldIndex))
                newIndex += 1
            } else {
                script.append((Hunk.Line(kind: .kept, text: old[oldIndex]), oldIndex))
                oldIndex += 1
                newIndex += 1
            }
        }
        // Each change with its context; changes whose contexts meet share a hunk.
        let changed = script.indices.filter { script[$0].line.kind != .kept }
        var hunks: [Hunk] = []
        var index = 0
        while index < changed.count {
            let first = max(0, changed[index] - contextLines)
            var last = min(script.count - 1, changed[index] + contextLines)
            index += 1
            while index < changed.count, changed[index] - contextLines <= last + 1 {
                last = min(script.count - 1, changed[index] + contextLines)
                index += 1
            }
            let lines = script[first...last]
            let before = lines.filter { $0.line.kind != .added }.count
            hunks.append(Hunk(oldStart: script[first].oldIndex + (before == 0 ? 0 : 1), lines: lines.map(\.line)))
        }
        return hunks
    }

    /// The diff as `git diff` prints it (`git apply` takes it, in the folder it applies to).
    public var text: String {
        var text = ""
        for file in files {
            let oldName = file.oldPath.map { "a/" + $0 } ?? "/dev/null"
            let newName = file.newPath.map { "b/" + $0 } ?? "/dev/null"
            text += "diff --git a/\(file.oldPath ?? file.path) b/\(file.newPath ?? file.path)\n"
            if file.oldPath == nil { text += "new file mode 100644\n" }
            if file.newPath == nil { text += "deleted file mode 100644\n" }
            text += "--- \(oldName)\n+++ \(newName)\n"
            for hunk in file.hunks {
                let oldCount = hunk.before.count
                let newCount = hunk.after.count
                let newStart = newStart(of: hunk, in: file)
                text += "@@ -\(range(hunk.oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
                for line in hunk.lines {
                    text.append(line.kind.rawValue)
                    text += line.text
                    // Bytes, not characters: "\r\n" is one character, which is not "\n".
                    if line.text.utf8.last != UInt8(ascii: "\n") { text += "\n\\ No newline at end of file\n" }
                }
            }
        }
        return text
    }

    /// Where a hunk starts in the new file: its old start moved by what the hunks before it added.
    private func newStart(of hunk: Hunk, in file: FileChange) -> Int {
        var shift = 0
        for earlier in file.hunks {
            if earlier == hunk { break }
            shift += earlier.after.count - earlier.before.count
        }
        let start = hunk.oldStart + shift
        // An empty old range names the line before it; an empty new range likewise.
        if hunk.before.isEmpty, !hunk.after.isEmpty { return start + 1 }
        if !hunk.before.isEmpty, hunk.after.isEmpty { return start - 1 }
        return start
    }

    private func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }

    /// Reads a diff as `git diff` writes it; text before the first `diff --git` or `---` line, and
    /// `index` or mode lines, are skipped as `git apply` skips them.
    public init(parsing text: String) throws {
        var files: [FileChange] = []
        let lines = Self.lines(of: text)
        var index = 0
        func fail(_ reason: String) -> ParseFailure { ParseFailure(line: index + 1, reason: reason) }
        func path(_ line: String, _ marker: String) -> String? {
            var name = String(line.dropFirst(marker.count)).trimmingCharacters(in: .newlines)
            if let tab = name.firstIndex(of: "\t") { name = String(name[..<tab]) }
            if name == "/dev/null" { return nil }
            if name.hasPrefix("a/") || name.hasPrefix("b/") { name.removeFirst(2) }
            return name
        }
        while index < lines.count {
            guard lines[index].hasPrefix("--- "), index + 1 < lines.count, lines[index + 1].hasPrefix("+++ ") else {
                index += 1
                continue
            }
            var file = FileChange(
                oldPath: path(lines[index], "--- "), newPath: path(lines[index + 1], "+++ "), hunks: [])
            guard file.oldPath != nil || file.newPath != nil else { throw fail("both sides of the file are /dev/null") }
            // Both sides: a rename reads one file and writes the other.
            for name in [file.oldPath, file.newPath].compactMap({ $0 }) where name.leavesItsFolder {
                throw fail("the path `\(name)` leaves the folder the diff applies to")
            }
            index += 2
            while index < lines.count, lines[index].hasPrefix("@@ ") {
                let header = lines[index]
                guard let oldStart = Self.oldStart(of: header), let counts = Self.counts(of: header) else {
                    throw fail("`\(header.trimmingCharacters(in: .newlines))` is not a hunk header (`@@ -1,3 +1,4 @@`)")
                }
                index += 1
                var hunk = Hunk(oldStart: oldStart, lines: [])
                var oldLeft = counts.old
                var newLeft = counts.new
                while oldLeft > 0 || newLeft > 0 {
                    // A blank context line whose space an editor trimmed is still a context line.
                    guard index < lines.count, let first = lines[index].first else {
                        throw fail("the hunk ends before the \(counts.old) and \(counts.new) lines it counts")
                    }
                    let trimmed = first == "\n" || first == "\r\n"
                    guard let kind = Hunk.Line.Kind(rawValue: trimmed ? " " : first) else {
                        throw fail("a line of the hunk starts with neither \" \", \"-\" nor \"+\"")
                    }
                    let content = trimmed ? lines[index] : String(lines[index].dropFirst())
                    hunk.lines.append(Hunk.Line(kind: kind, text: content))
                    if kind != .added { oldLeft -= 1 }
                    if kind != .removed { newLeft -= 1 }
                    guard oldLeft >= 0, newLeft >= 0 else { throw fail("the hunk holds more lines than it counts") }
                    index += 1
                    if index < lines.count, lines[index].hasPrefix("\\") {
                        let last = hunk.lines[hunk.lines.count - 1].text
                        hunk.lines[hunk.lines.count - 1].text = String(decoding: last.utf8.dropLast(), as: UTF8.self)
                        index += 1
                    }
                }
                file.hunks.append(hunk)
            }
            files.append(file)
        }
        self.init(files: files)
    }

    private static func oldStart(of header: String) -> Int? {
        guard let minus = header.firstIndex(of: "-") else { return nil }
        let digits = header[header.index(after: minus)...].prefix { $0.isNumber }
        return Int(digits)
    }

    private static func counts(of header: String) -> (old: Int, new: Int)? {
        // "@@ -12,7 +12,9 @@ optional text"
        let parts = header.split(separator: " ")
        guard parts.count >= 3, parts[1].hasPrefix("-"), parts[2].hasPrefix("+") else { return nil }
        func count(_ range: Substring) -> Int? {
            let pieces = range.dropFirst().split(separator: ",")
            guard let first = pieces.first, Int(first) != nil else { return nil }
            return pieces.count > 1 ? Int(pieces[1]) : 1
        }
        guard let old = count(parts[1]), let new = count(parts[2]) else { return nil }
        return (old, new)
    }
}
