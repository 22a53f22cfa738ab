import Foundation
import TestSupport
import Testing

@testable import KataKit

@Suite("YesNoPrompt answers")
struct YesNoPromptTests {
    @Test(
        "only y or yes, in any case, is a yes; anything else, or the end of input, is a no",
        arguments: [
            ("y", true), ("YES", true), (" yes ", true), ("", false), ("n", false), ("yeah", false), (nil, false),
        ] as [(String?, Bool)])
    func answers(answer: String?, expected: Bool) {
        let captured = CapturedConsole()
        let prompt = YesNoPrompt(canAsk: true, readAnswer: { answer })
        #expect(prompt.ask("Show it? [y/N] ", on: captured.console()) == expected)
        #expect(captured.output == (answer == nil ? "Show it? [y/N] \n" : "Show it? [y/N] "))
    }
}
