import Foundation

extension MutantSchema {
    /// Compiler errors that no mutant explains: the module does not compile without mutants, or
    /// the error is in ``selectorFile``.
    public struct UnexplainedErrors: Error, Sendable, CustomStringConvertible {
        public var errors: [String]
        public var description: String {
            "the schema does not compile, and no mutant is to blame: " + errors.joined(separator: "; ")
        }
    }

    /// Writes ``files`` into `folder` (created if needed) and returns their URLs, sorted.
    @discardableResult
    public func writeFiles(into folder: URL) throws -> [URL] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var urls: [URL] = []
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
            urls.append(url)
        }
        return urls
    }

    /// The mutants to drop for compiler errors in the schema written to `folder`, for the first
    /// error of each file (later ones are often its consequences): an error in
    /// a mutant's branch blames that mutant; one on a site's `if`/`else` lines or in its original
    /// branch blames every mutant of the site; one outside every site blames the sites of the
    /// function or closure it is in (a branch without its `return` is reported at the
    /// function's `}`), or, at the top level, every site of the file. Errors it cannot place
    /// (another file, the selector file) come back as `unexplained`.
    public func mutants(
        blamedFor errors: [(file: String, line: Int)], writtenTo folder: URL
    ) -> (blamed: [Mutant], unexplained: [(file: String, line: Int)]) {
        let folderPath = folder.standardizedFileURL.resolvingSymlinksInPath().path
        var blamed = Set<Int>()
        var unexplained: [(file: String, line: Int)] = []
        var blamedFiles = Set<String>()
        for error in errors.sorted(by: { ($0.file, $0.line) < ($1.file, $1.line) }) {
            let errorPath = URL(fileURLWithPath: error.file).standardizedFileURL.resolvingSymlinksInPath().path
            let path =
                errorPath.hasPrefix(folderPath + "/")
                ? String(errorPath.dropFirst(folderPath.count + 1))
                : lineMaps.keys.first { errorPath.hasSuffix("/" + $0) || errorPath == $0 }
            guard let path, let map = lineMaps[path] else {
                unexplained.append(error)
                continue
            }
            // Only a file's first error: the ones after it are often its consequences (a type
            // that failed to infer), and would take innocent mutants with them.
            guard blamedFiles.insert(path).inserted else { continue }
            let numbers = map.blame(line: error.line)
            if numbers.isEmpty { unexplained.append(error) }
            blamed.formUnion(numbers)
        }
        return (numbered.filter { blamed.contains($0.number) }.map(\.mutant), unexplained)
    }

    /// Builds the schema of `mutants`, and drops the *stillborn* ones, those that do not compile,
    /// until it compiles:
    ///
    /// 1. write the schema into `folder` and `compile` it (the closure returns each error's file
    ///    and line; ``compilerErrors(in:)`` reads them from `swiftc`'s output);
    /// 2. no errors: done; otherwise drop every mutant ``mutants(blamedFor:writtenTo:)`` blames,
    ///    and go to 1 with a schema of the rest.
    ///
    /// Each round drops at least one mutant or throws ``UnexplainedErrors`` (the errors are no
    /// mutant's), so it ends. A mutant dropped for sharing a site with a stillborn one is a loss
    /// the loop accepts: a site's `else` branch is the original for all of them.
    ///
    /// ```swift
    /// let (schema, stillborn) = try MutantSchema.removingStillborn(
    ///     files: files, mutants: mutants, folder: scratch
    /// ) { urls in
    ///     MutantSchema.compilerErrors(in: try swiftc(["-emit-sil", "-wmo", "-o", "/dev/null"] + urls))
    /// }
    /// ```
    public static func removingStillborn(
        files: [String: String], mutants: [Mutant], isolatedByDefault: Bool = false, folder: URL,
        compile: ([URL]) throws -> [(file: String, line: Int)]
    ) throws -> (schema: MutantSchema, stillborn: [Mutant]) {
        var living = mutants
        var stillborn: [Mutant] = []
        while true {
            let schema = MutantSchema(files: files, mutants: living, isolatedByDefault: isolatedByDefault)
            let unplaced = Set(living.map(\.id)).subtracting(schema.numbered.map(\.mutant.id))
            stillborn += living.filter { unplaced.contains($0.id) }
            living.removeAll { unplaced.contains($0.id) }
            try? FileManager.default.removeItem(at: folder)
            let urls = try schema.writeFiles(into: folder)
            let errors = try compile(urls)
            if errors.isEmpty { return (schema, stillborn) }
            let (blamed, unexplained) = schema.mutants(blamedFor: errors, writtenTo: folder)
            if blamed.isEmpty {
                throw UnexplainedErrors(
                    errors: (unexplained.isEmpty ? errors : unexplained).map { "\($0.file):\($0.line)" })
            }
            // Of several blamed at once, the widest first: a site that wraps a declaration (a
            // dropped lock around `let progress: Progress`) hides it from the code after it, and
            // the errors there would take that code's innocent mutants along. One more round
            // tells whether the narrower ones were at fault too.
            let widest = blamed.map(\.range.count).max() ?? 0
            let ids = Set(blamed.filter { $0.range.count == widest }.map(\.id))
            stillborn += living.filter { ids.contains($0.id) }
            living.removeAll { ids.contains($0.id) }
        }
    }

    /// The `file:line:column: error:` lines of a Swift compiler's output, as file and line.
    public static func compilerErrors(in output: String) -> [(file: String, line: Int)] {
        output.split(separator: "\n").compactMap { line in
            guard let marker = line.range(of: ": error: ") else { return nil }
            let location = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard location.count >= 3, let number = Int(location[location.count - 2]) else { return nil }
            return (location[..<(location.count - 2)].joined(separator: ":"), number)
        }
    }
}
