/// The name of a kata's folder under `Katas/` and `Solutions/`: two ASCII digits, a dash, and the
/// rest, which in a well-formed kata is its slug (`03-conform-the-real-queue`).
///
/// Every place that reads a folder name, or matches what a learner typed against one, goes
/// through here, so `3`, `03`, the slug and the folder name mean the same kata everywhere:
///
/// ```swift
/// let name = KataFolderName("03-conform-the-real-queue")   // number 3, slug "conform-the-real-queue"
/// name?.isNamed(by: "3")                                   // true, as are "03" and the slug
/// KataFolderName("+3-x")                                   // nil: the number must be two digits
/// ```
struct KataFolderName: Sendable, Equatable {
    /// The whole folder name.
    let name: String
    let number: Int
    /// What follows the dash; ``isWellFormed`` says whether it is a valid slug.
    let slug: String

    init?(_ name: String) {
        let parts = name.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, parts[0].count == 2, parts[0].allSatisfy({ $0.isASCII && $0.isNumber }),
            let number = Int(parts[0])
        else { return nil }
        self.name = name
        self.number = number
        self.slug = String(parts[1])
    }

    /// A folder `kata` reads as a kata: its slug is valid too.
    var isWellFormed: Bool { Slug.isValid(slug) }

    /// Whether a learner's `3`, `03`, slug or folder name (already lower-cased) means this folder.
    func isNamed(by reference: String) -> Bool {
        if let number = Int(reference), reference.allSatisfy(\.isASCII) { return self.number == number }
        return reference == name || reference == slug
    }
}
