import Foundation
import TestSupport
import Testing

@testable import KataKit

/// Both watchers, on a throwaway kata folder. Waits are bounded: a watcher that misses a change
/// fails the test in seconds instead of hanging it.
@Suite("File watchers")
struct FileWatcherTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case polling, inotify

        var testDescription: String { rawValue }

        func watcher(for tree: WatchedTree) -> any FileWatcher {
            switch self {
            case .polling:
                // Quicker than the command's half second, so the tests stay quick.
                PollingFileWatcher(tree: tree, interval: .milliseconds(50))
            case .inotify:
                #if os(Linux)
                    InotifyFileWatcher(tree: tree)
                #else
                    PollingFileWatcher(tree: tree, interval: .milliseconds(50))
                #endif
            }
        }
    }

    static let kinds: [Kind] = {
        #if os(Linux)
            Kind.allCases
        #else
            [.polling]
        #endif
    }()

    /// A kata folder with a source, a test, a manifest and a README, and a watcher started on it.
    struct Folder {
        let root: URL
        let watcher: any FileWatcher
        let changes = ChangeRecorder()

        init(_ kind: Kind) throws {
            root = ScratchFolder.make("kata-watch")
            try Fixtures.write("// swift-tools-version:6.0\n", to: root.appendingPathComponent("Package.swift"))
            try Fixtures.write("# Kata\n", to: root.appendingPathComponent("README.md"))
            try Fixtures.write("let a = 1\n", to: root.appendingPathComponent("Sources/Kata01/Greeter.swift"))
            try Fixtures.write("let b = 1\n", to: root.appendingPathComponent("Tests/Kata01Tests/GreeterTests.swift"))
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(".build/debug"), withIntermediateDirectories: true)
            watcher = kind.watcher(for: WatchedTree(root: root, topLevelNames: ["Sources", "Tests", "Package.swift"]))
            let changes = changes
            try watcher.start { changes.record($0) }
        }

        func write(_ text: String, to path: String) throws {
            try Fixtures.write(text, to: root.appendingPathComponent(path))
        }

        func url(_ path: String) -> URL { root.appendingPathComponent(path) }
    }

    @Test("a saved file is reported by its path", arguments: kinds)
    func savedFile(kind: Kind) throws {
        let folder = try Folder(kind)
        defer { folder.watcher.stop() }
        try folder.write("let a = 2 // longer\n", to: "Sources/Kata01/Greeter.swift")
        #expect(folder.changes.waitUntilSeen("Sources/Kata01/Greeter.swift"))
    }

    @Test("new, deleted and renamed files, tests and the manifest count", arguments: kinds)
    func newDeletedRenamed(kind: Kind) throws {
        let folder = try Folder(kind)
        defer { folder.watcher.stop() }
        try folder.write("let c = 1\n", to: "Sources/Kata01/New.swift")
        #expect(folder.changes.waitUntilSeen("Sources/Kata01/New.swift"))
        try FileManager.default.removeItem(at: folder.url("Tests/Kata01Tests/GreeterTests.swift"))
        #expect(folder.changes.waitUntilSeen("Tests/Kata01Tests/GreeterTests.swift"))
        try FileManager.default.moveItem(
            at: folder.url("Sources/Kata01/New.swift"), to: folder.url("Sources/Kata01/Renamed.swift"))
        #expect(folder.changes.waitUntilSeen("Sources/Kata01/Renamed.swift"))
        try folder.write("// swift-tools-version:6.1\n", to: "Package.swift")
        #expect(folder.changes.waitUntilSeen("Package.swift"))
    }

    @Test("an editor's save (a new file renamed over the old one, same size) counts", arguments: kinds)
    func atomicSave(kind: Kind) throws {
        let folder = try Folder(kind)
        defer { folder.watcher.stop() }
        try folder.write("let a = 3\n", to: "Sources/Kata01/Greeter.swift.tmp")
        try FileManager.default.removeItem(at: folder.url("Sources/Kata01/Greeter.swift"))
        try FileManager.default.moveItem(
            at: folder.url("Sources/Kata01/Greeter.swift.tmp"), to: folder.url("Sources/Kata01/Greeter.swift"))
        #expect(folder.changes.waitUntilSeen("Sources/Kata01/Greeter.swift"))
    }

    @Test("build folders, hidden and swap files, and files outside Sources and Tests do not count", arguments: kinds)
    func ignoredFiles(kind: Kind) throws {
        let folder = try Folder(kind)
        defer { folder.watcher.stop() }
        try folder.write("x", to: ".build/debug/Kata01.o")
        try folder.write("x", to: "Sources/Kata01/.Greeter.swift.swp")
        try folder.write("x", to: "Sources/Kata01/Greeter.swift~")
        try folder.write("x", to: "Sources/Kata01/4913")
        try folder.write("x", to: "Sources/.build/leftover")
        try folder.write("# Kata, edited\n", to: "README.md")
        try folder.write("x", to: "Package.resolved")
        // A change that counts, made last: once it is seen, the others would have been seen too.
        try folder.write("let a = 4 // marker\n", to: "Sources/Kata01/Greeter.swift")
        #expect(folder.changes.waitUntilSeen("Sources/Kata01/Greeter.swift"))
        #expect(folder.changes.all == ["Sources/Kata01/Greeter.swift"])
    }

    @Test("nothing is reported after stop", arguments: kinds)
    func stop(kind: Kind) throws {
        let folder = try Folder(kind)
        folder.watcher.stop()
        try folder.write("let a = 5 // after stop\n", to: "Sources/Kata01/Greeter.swift")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(folder.changes.all.isEmpty)
    }

    @Test("a folder that does not exist cannot be watched", arguments: kinds)
    func missingFolder(kind: Kind) throws {
        let missing = ScratchFolder.make("kata-missing")
        let watcher = kind.watcher(for: WatchedTree(root: missing, topLevelNames: ["Sources"]))
        #expect(throws: FileWatcherError.self) { try watcher.start { _ in } }
    }

    @Test("the polling watcher sees a file in a new folder")
    func pollingNewFolder() throws {
        let folder = try Folder(.polling)
        defer { folder.watcher.stop() }
        try folder.write("let d = 1\n", to: "Sources/Kata01/Helpers/Helper.swift")
        #expect(folder.changes.waitUntilSeen("Sources/Kata01/Helpers/Helper.swift"))
    }

    #if os(Linux)
        @Test("the inotify watcher follows folders created, renamed, deleted and put back after it started")
        func inotifyNewFolder() throws {
            let folder = try Folder(.inotify)
            defer { folder.watcher.stop() }
            try FileManager.default.createDirectory(
                at: folder.url("Sources/Kata01/Helpers"), withIntermediateDirectories: true)
            #expect(folder.changes.waitUntilSeen("Sources/Kata01/Helpers"))
            try folder.write("let d = 1\n", to: "Sources/Kata01/Helpers/Helper.swift")
            #expect(folder.changes.waitUntilSeen("Sources/Kata01/Helpers/Helper.swift"))

            // A renamed folder is watched under its new name only.
            try FileManager.default.moveItem(
                at: folder.url("Sources/Kata01/Helpers"), to: folder.url("Sources/Kata01/Moved"))
            #expect(folder.changes.waitUntilSeen("Sources/Kata01/Moved"))
            try folder.write("let e = 1\n", to: "Sources/Kata01/Moved/Other.swift")
            #expect(folder.changes.waitUntilSeen("Sources/Kata01/Moved/Other.swift"))
            #expect(!folder.changes.all.contains("Sources/Kata01/Helpers/Other.swift"))

            // `git checkout -- Tests` after `rm -r Tests`.
            try FileManager.default.removeItem(at: folder.url("Tests"))
            #expect(folder.changes.waitUntilSeen("Tests"))
            try FileManager.default.createDirectory(
                at: folder.url("Tests/Kata01Tests"), withIntermediateDirectories: true)
            #expect(folder.changes.waitUntilSeen("Tests/Kata01Tests"))
            try folder.write("let b = 2\n", to: "Tests/Kata01Tests/GreeterTests.swift")
            #expect(folder.changes.waitUntilSeen("Tests/Kata01Tests/GreeterTests.swift"))
        }
    #endif

    @Test("which paths of a kata count")
    func watchedTree() {
        let tree = WatchedTree(
            root: URL(fileURLWithPath: "/katas/Katas/01-x"), topLevelNames: ["Sources", "Tests", "Package.swift"])
        #expect(tree.includes("Sources/Kata01/Inbox.swift"))
        #expect(tree.includes("Tests/Kata01Tests/InboxTests.swift"))
        #expect(tree.includes("Package.swift"))
        #expect(tree.includes("Sources"))
        #expect(!tree.includes("README.md"))
        #expect(!tree.includes("Package.resolved"))
        #expect(!tree.includes(".build/debug/Kata01.o"))
        #expect(!tree.includes(".build-tsan/x"))
        #expect(!tree.includes("Sources/Kata01/.Inbox.swift.swp"))
        #expect(!tree.includes("Sources/Kata01/Inbox.swift.swp"))
        #expect(!tree.includes("Sources/Kata01/Inbox.swift~"))
        #expect(!tree.includes("Sources/Kata01/4913"))
        #expect(!tree.includes("Sources/Kata01/#Inbox.swift#"))
        #expect(!tree.includes("Sources/.DS_Store"))
    }
}

/// What a watcher reported, for a test to wait on.
final class ChangeRecorder: @unchecked Sendable {
    private let condition = NSCondition()
    private var paths: Set<String> = []

    func record(_ changed: Set<String>) {
        condition.withLock {
            paths.formUnion(changed)
            condition.broadcast()
        }
    }

    var all: Set<String> { condition.withLock { paths } }

    /// True once `path` was reported, false if it was not within `seconds`.
    func waitUntilSeen(_ path: String, within seconds: Double = 10) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        return condition.withLock {
            while !paths.contains(path) {
                guard condition.wait(until: deadline) else { return paths.contains(path) }
            }
            return true
        }
    }
}
