import Foundation
import Testing

@testable import KataKit

/// Paths in a diff or a shipped record come from files anyone can edit. Swift's `Character`s are
/// the wrong unit to check them in: a combining mark joins the slash before it.
@Suite("Paths split as the file system splits them")
struct PathComponentsTests {
    @Test("components split on the / scalar, a combining mark after it included")
    func components() {
        #expect("Sources/K/A.swift".pathComponents == ["Sources", "K", "A.swift"])
        #expect("../\u{301}x".pathComponents == ["..", "\u{301}x"])
        #expect("a//b".pathComponents == ["a", "", "b"])
        #expect("../\u{301}x".split(separator: "/").count == 1, "the Character split this replaces")
    }

    /// Every path of up to five pieces from an alphabet that mixes slashes, dots and combining
    /// marks: whenever `leavesItsFolder` lets one through, the file system's own reading of it
    /// (Foundation's, lexically, with no files involved) stays inside the folder.
    @Test("a path it lets through never lands outside the folder, for 7⁵ paths of slashes, dots and marks")
    func neverLeaves() {
        let pieces = ["..", ".", "/", "\u{301}", "/\u{301}", "a", "\u{338}"]
        let folder = "/base/folder"
        var paths = [""]
        for _ in 0..<5 {
            paths = paths.flatMap { path in pieces.map { path + $0 } }
            for path in paths where !path.leavesItsFolder {
                let landed = URL(fileURLWithPath: folder).appendingPathComponent(path).standardized.path
                let inside = landed.utf8.elementsEqual(folder.utf8) || landed.utf8.starts(with: (folder + "/").utf8)
                #expect(inside, "\(path.unicodeScalars.map { String($0.value, radix: 16) }) lands at \(landed)")
            }
        }
    }
}
