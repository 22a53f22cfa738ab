import Foundation

@testable import KataKit

/// The repository's kata modules, read from the checkout these tests are in.
enum MutationFixtures {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `.swift` files under a folder, by path relative to it.
    static func swiftFiles(in folder: URL) -> [String: String] {
        var files: [String: String] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return files }
        for case let path as String in enumerator where path.hasSuffix(".swift") {
            files[path] = try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        }
        return files
    }

    /// Every kata folder name, `01-stub-the-dispatcher` … `24-streams-and-actors`.
    static var katas: [String] {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("Katas").path))
        return (names ?? []).filter { $0.first?.isNumber == true }.sorted()
    }

    struct KataModule {
        var name: String
        var number: Int
        var folder: URL
        var files: [String: String]
        var mutableLines: [String: Set<Int>]?
        /// Swift 6 language mode (the kata's own manifest says which).
        var isSwift6: Bool
    }

    /// The module a kata's mutants are made from: the reference solution (01–18, mutable where it
    /// differs from the starter) or the shipped code (19–24, all mutable).
    static func module(_ kata: String) -> KataModule {
        let number = Int(kata.prefix(2))!
        let name = "Kata" + kata.prefix(2)
        let isCode = number <= 18
        let folder = repository.appendingPathComponent(isCode ? "Solutions" : "Katas")
            .appendingPathComponent(kata).appendingPathComponent("Sources").appendingPathComponent(name)
        let files = swiftFiles(in: folder)
        let starter = swiftFiles(
            in: repository.appendingPathComponent("Katas").appendingPathComponent(kata)
                .appendingPathComponent("Sources").appendingPathComponent(name))
        return KataModule(
            name: name, number: number, folder: folder, files: files,
            mutableLines: isCode ? MutableLines.module(starter: starter, reference: files) : nil,
            isSwift6: [12, 13, 14, 15, 16, 17, 18, 24].contains(number))
    }

    /// `swiftc` beside the `swift` on PATH, if there is one.
    static var swiftc: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Type-checks files as one module, returning the errors' files and lines.
    static func typeCheck(_ urls: [URL], module: String, swift6: Bool, swiftc: URL) throws -> [(
        file: String, line: Int
    )] {
        let process = Process()
        process.executableURL = swiftc
        process.arguments =
            ["-typecheck", "-parse-as-library", "-module-name", module, "-swift-version", swift6 ? "6" : "5"]
            + urls.map(\.path)
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return MutantSchema.compilerErrors(in: String(decoding: output, as: UTF8.self))
    }

    /// The schema with every mutant off, written back as plain Swift: each
    /// `if __KataMutant.on(n) { … } else { original }` becomes `original`, each
    /// `(__KataMutant.on(n) ? (…) : (clause))` becomes `clause`. Read with the lexer, so braces
    /// in strings and comments do not count.
    static func strip(_ schema: String) -> String {
        let tokens = SwiftLexer.tokens(of: schema)
        var output = ""
        var index = 0
        func significant(after index: Int) -> Int {
            var next = index + 1
            while next < tokens.count && tokens[next].isTrivia { next += 1 }
            return next
        }
        func matching(_ open: Int) -> Int {
            var depth = 0
            for current in open..<tokens.count where tokens[current].kind == .punctuation {
                if ["{", "(", "["].contains(tokens[current].text) { depth += 1 }
                if ["}", ")", "]"].contains(tokens[current].text) {
                    depth -= 1
                    if depth == 0 { return current }
                }
            }
            return tokens.count - 1
        }
        func text(_ range: Range<Int>) -> String { tokens[range].map(\.text).joined() }
        while index < tokens.count {
            let token = tokens[index]
            let next = significant(after: index)
            if token.text == "if", next < tokens.count, tokens[next].text == "__KataMutant" {
                // Walk the `if … else if … else { original }` chain to its last block.
                var brace = index
                while brace < tokens.count {
                    while !(tokens[brace].kind == .punctuation && tokens[brace].text == "{") { brace += 1 }
                    let close = matching(brace)
                    let afterElse = significant(after: significant(after: close))
                    if tokens[significant(after: close)].text == "else" && tokens[afterElse].text == "{" {
                        let end = matching(afterElse)
                        var original = text((afterElse + 1)..<end)
                        // The writer put a line break and the indentation around the original.
                        original.removeFirst()
                        original = String(original.drop { $0 == " " })
                        while original.last == " " { original.removeLast() }
                        original.removeLast()
                        output += strip(original)
                        index = end + 1
                        break
                    }
                    brace = afterElse
                }
                continue
            }
            if token.text == "(", next < tokens.count, tokens[next].text == "__KataMutant" {
                let close = matching(index)
                // The original clause is the last parenthesized group before the closing `)`.
                var open = close - 1
                while !(tokens[open].kind == .punctuation && tokens[open].text == ")") { open -= 1 }
                var depth = 0
                var start = open
                while start > index {
                    if tokens[start].text == ")" && tokens[start].kind == .punctuation { depth += 1 }
                    if tokens[start].text == "(" && tokens[start].kind == .punctuation {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    start -= 1
                }
                output += strip(text((start + 1)..<open))
                index = close + 1
                continue
            }
            output += token.text
            index += 1
        }
        return output
    }
}
