import Foundation

extension Unicode.Scalar {
    /// A control character (an escape, a bell, a line break …): a terminal acts on it rather than show it.
    var isControl: Bool { properties.generalCategory == .control }
    /// A control character other than the line break and the tab that text may hold.
    var isControlBeyondLayout: Bool { isControl && self != "\n" && self != "\t" }
}
