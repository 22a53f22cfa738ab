import Kata23
import Testing

// The autosaver on virtual time. Each test makes its own scheduler, store and autosaver (Swift
// Testing makes a new suite value for every test), moves the clock to the instants that matter
// and looks at the store and at `status` there. Nothing waits: the whole suite runs in
// milliseconds.
@Suite("DraftAutosaver on virtual time")
struct DraftAutosaverTests {
    let scheduler = ManualScheduler()
    let store = HeldStore()
    let saver: DraftAutosaver

    init() {
        saver = DraftAutosaver(store: store, scheduler: scheduler)
    }

    // MARK: The quiet period

    @Test("a change shows unsaved changes and saves nothing yet")
    func aChangeWaits() {
        #expect(saver.status == .saved, "Before the first change there is nothing to save.")

        saver.textChanged("Buy milk")

        #expect(saver.status == .unsaved, "A change must show \"Unsaved changes\" at once.")
        #expect(store.saved.isEmpty, "Nothing may be saved at the moment of the change.")
    }

    @Test("saves 2 s after a change, not a tick earlier")
    func savesAfterTheQuietPeriod() {
        saver.textChanged("Buy milk")

        scheduler.advance(to: ms(1999))
        #expect(store.saved.isEmpty, "At 1.999 s the quiet period is not over: nothing may be saved yet.")
        #expect(saver.status == .unsaved)

        scheduler.advance(to: .seconds(2))
        #expect(store.saved == ["Buy milk"], "At exactly 2 s after the change, the text must be saved, once.")
        #expect(saver.status == .saving, "While the store works on it, the corner says \"Saving…\".")
    }

    @Test("each change pushes the save back to 2 s after itself")
    func aChangePushesTheSaveBack() {
        saver.textChanged("Buy")
        scheduler.advance(to: ms(1500))
        saver.textChanged("Buy milk")

        scheduler.advance(to: .seconds(2))
        #expect(
            store.saved.isEmpty,
            "At 2 s the first change is 2 s old, but the second one, at 1.5 s, is not: nothing may be saved yet.")

        scheduler.advance(to: ms(3499))
        #expect(store.saved.isEmpty, "At 3.499 s the last change is not 2 s old yet.")

        scheduler.advance(to: ms(3500))
        #expect(store.saved == ["Buy milk"], "At 3.5 s, 2 s after the last change, the latest text is saved.")
    }

    @Test("a burst of changes ends in one save, of the last text")
    func oneSavePerBurst() {
        saver.textChanged("B")
        scheduler.advance(to: ms(300))
        saver.textChanged("Bu")
        scheduler.advance(to: ms(600))
        saver.textChanged("Buy")

        scheduler.advance(to: .seconds(60))

        #expect(
            store.saved == ["Buy"],
            "Three changes less than 2 s apart make one save, of the last text; the earlier texts are never saved.")
    }

    @Test("every change counts, even one that leaves the text as it was")
    func theSameTextIsAChange() {
        saver.textChanged("Buy milk")
        scheduler.advance(to: .seconds(1))
        saver.textChanged("Buy milk")

        scheduler.advance(to: ms(2999))
        #expect(store.saved.isEmpty, "The second change, at 1 s, pushes the save to 3 s.")

        scheduler.advance(to: .seconds(3))
        #expect(store.saved == ["Buy milk"])
    }

    // MARK: Answers

    @Test("a successful save shows saved, and nothing more is saved")
    func success() {
        saver.textChanged("Buy milk")
        scheduler.advance(to: .seconds(2))

        store.answerLast(with: stored)

        #expect(saver.status == .saved, "When the store answers .success, the corner says \"Saved\".")
        scheduler.advance(to: .seconds(60))
        #expect(store.saved == ["Buy milk"], "A saved text is not saved again.")
    }

    @Test("a store that answers inside save works the same")
    func immediateAnswers() {
        let store = ImmediateStore(answering: stored)
        let saver = DraftAutosaver(store: store, scheduler: scheduler)

        saver.textChanged("Buy milk")
        scheduler.advance(to: .seconds(2))

        #expect(store.saved == ["Buy milk"])
        #expect(saver.status == .saved)
    }

    // MARK: Retries

    @Test("a failed save is tried again 1 s, 2 s and 4 s after each failure")
    func retriesWithBackoff() {
        saver.textChanged("Buy milk")
        scheduler.advance(to: .seconds(2))
        store.answerLast(with: offline)
        #expect(saver.status == .saving, "While it retries, the corner keeps saying \"Saving…\".")

        scheduler.advance(to: ms(2999))
        #expect(store.saved.count == 1, "The first retry waits 1 s after the failure: not at 2.999 s.")
        scheduler.advance(to: .seconds(3))
        #expect(store.saved == ["Buy milk", "Buy milk"], "At 3 s, 1 s after the failure, the same text again.")

        store.answerLast(with: offline)
        scheduler.advance(to: ms(4999))
        #expect(store.saved.count == 2, "The second retry waits 2 s after the second failure: not at 4.999 s.")
        scheduler.advance(to: .seconds(5))
        #expect(store.saved.count == 3, "At 5 s, 2 s after the second failure, the third call.")

        store.answerLast(with: offline)
        scheduler.advance(to: ms(8999))
        #expect(store.saved.count == 3, "The third retry waits 4 s after the third failure: not at 8.999 s.")
        scheduler.advance(to: .seconds(9))
        #expect(store.saved == Array(repeating: "Buy milk", count: 4), "At 9 s the fourth call, same text.")
        #expect(saver.status == .saving)
    }

    @Test("the backoff counts from the failure, not from the save")
    func backoffCountsFromTheAnswer() {
        saver.textChanged("Buy milk")
        scheduler.advance(to: .seconds(2))
        scheduler.advance(to: ms(2500))
        store.answerLast(with: offline)  // the server took half a second to fail

        scheduler.advance(to: ms(3499))
        #expect(store.saved.count == 1, "The failure came at 2.5 s, so the retry is due at 3.5 s, not before.")
        scheduler.advance(to: ms(3500))
        #expect(store.saved.count == 2)
    }

    @Test("after four failed calls it gives up, says so, and saves nothing more")
    func givesUp() {
        saver.textChanged("Buy milk")
        scheduler.advance(to: .seconds(2))
        for _ in 1...4 {
            store.answerLast(with: offline)
            scheduler.advance(to: scheduler.now + .seconds(4))
        }

        #expect(saver.status == .failed, "After the fourth failure the corner says \"Not saved\".")
        scheduler.advance(to: .seconds(120))
        #expect(
            store.saved.count == 4,
            "Three retries, four calls in all: nothing more may be saved after the fourth failure, however long we wait."
        )
    }

    @Test("a change after giving up is saved, with three retries of its own")
    func startsOverAfterGivingUp() {
        saver.textChanged("Buy milk")
        scheduler.advance(to: .seconds(2))
        for _ in 1...4 {
            store.answerLast(with: offline)
            scheduler.advance(to: scheduler.now + .seconds(4))
        }

        saver.textChanged("Buy oat milk")
        let changedAt = scheduler.now
        #expect(saver.status == .unsaved)
        scheduler.advance(to: changedAt + .seconds(2))
        #expect(store.saved.last == "Buy oat milk", "The new text is saved 2 s after the change.")
        for _ in 1...3 {
            store.answerLast(with: offline)
            scheduler.advance(to: scheduler.now + .seconds(4))
        }
        #expect(store.saved.filter { $0 == "Buy oat milk" }.count == 4, "The new text gets four calls of its own.")
    }

    // MARK: Changes while saving

    @Test("a change while a retry waits cancels the retry")
    func aChangeCancelsTheRetry() {
        saver.textChanged("Buy milk")
        scheduler.advance(to: .seconds(2))
        store.answerLast(with: offline)  // the retry is due at 3 s

        scheduler.advance(to: ms(2500))
        saver.textChanged("Buy oat milk")
        #expect(saver.status == .unsaved)

        scheduler.advance(to: ms(4499))
        #expect(
            store.saved == ["Buy milk"],
            "The retry of \"Buy milk\" was due at 3 s, but the user typed at 2.5 s: the retry must not happen.")

        scheduler.advance(to: ms(4500))
        #expect(store.saved == ["Buy milk", "Buy oat milk"], "The new text is saved 2 s after the change.")
        #expect(saver.status == .saving)
    }

    @Test("a store that fails inside save: a change while the retry waits still cancels it")
    func aChangeCancelsTheRetryOfAnImmediateFailure() {
        let store = ImmediateStore(answering: offline)
        let saver = DraftAutosaver(store: store, scheduler: scheduler)
        saver.textChanged("Buy milk")
        scheduler.advance(to: .seconds(2))  // the store fails inside save: the retry is due at 3 s
        #expect(store.saved == ["Buy milk"])
        #expect(saver.status == .saving, "A failed save waits for its retry: the corner keeps saying \"Saving…\".")

        scheduler.advance(to: ms(2400))
        saver.textChanged("Buy oat milk")
        #expect(saver.status == .unsaved)

        scheduler.advance(to: ms(4399))
        #expect(
            store.saved == ["Buy milk"],
            """
            The user typed at 2.4 s, while the retry of "Buy milk" waited: the retry must not happen, and the new \
            text waits its 2 s, even when the store answered inside save.
            """)
        scheduler.advance(to: ms(4400))
        #expect(store.saved == ["Buy milk", "Buy oat milk"], "The new text is saved 2 s after the change.")

        scheduler.advance(to: .seconds(120))
        #expect(
            store.saved == ["Buy milk"] + Array(repeating: "Buy oat milk", count: 4),
            "The new text gets four calls of its own, and the old text none more: a store that answers at once changes nothing."
        )
        #expect(saver.status == .failed)
    }

    @Test("a change while a retry waits: the new text gets three retries of its own, whatever failed before")
    func aChangeDuringRetriesStartsOver() {
        saver.textChanged("Buy milk")
        scheduler.advance(to: .seconds(2))
        store.answerLast(with: offline)  // a retry is due at 3 s
        scheduler.advance(to: .seconds(3))
        store.answerLast(with: offline)  // the next is due at 5 s

        saver.textChanged("Buy oat milk")  // at 3 s
        scheduler.advance(to: .seconds(5))
        #expect(store.saved.last == "Buy oat milk", "The new text is saved 2 s after the change.")
        for _ in 1...3 {
            store.answerLast(with: offline)
            #expect(
                saver.status == .saving,
                """
                The new text has failed \(store.saved.filter { $0 == "Buy oat milk" }.count) times: it still has \
                retries of its own. The failures of "Buy milk" do not count against it.
                """)
            scheduler.advance(to: scheduler.now + .seconds(4))
        }
        #expect(store.saved.filter { $0 == "Buy oat milk" }.count == 4, "The new text gets four calls of its own.")
        store.answerLast(with: offline)
        #expect(saver.status == .failed, "After the new text's fourth failure the corner says \"Not saved\".")
    }

    @Test("a change while a save is in flight is saved 2 s later, without waiting for the answer")
    func aChangeDuringASave() {
        saver.textChanged("Buy milk")
        scheduler.advance(to: .seconds(2))  // "Buy milk" is on its way
        scheduler.advance(to: ms(2500))
        saver.textChanged("Buy oat milk")

        scheduler.advance(to: ms(4500))

        #expect(store.saved == ["Buy milk", "Buy oat milk"])
        #expect(saver.status == .saving)
    }

    @Test("the answer to a save that started before the last change changes nothing")
    func aLateSuccessChangesNothing() {
        saver.textChanged("Buy milk")
        scheduler.advance(to: .seconds(2))
        scheduler.advance(to: ms(2500))
        saver.textChanged("Buy oat milk")

        scheduler.advance(to: .seconds(3))
        store.answer(1, with: stored)  // "Buy milk" is on the server now
        #expect(
            saver.status == .unsaved,
            "\"Buy oat milk\" is not saved yet: a late success for the older text must not show \"Saved\".")

        scheduler.advance(to: ms(4500))
        #expect(saver.status == .saving)
        store.answer(2, with: stored)
        #expect(saver.status == .saved)
    }

    @Test("a late failure of an older text is not retried")
    func aLateFailureIsNotRetried() {
        saver.textChanged("Buy milk")
        scheduler.advance(to: .seconds(2))
        scheduler.advance(to: ms(2500))
        saver.textChanged("Buy oat milk")
        scheduler.advance(to: ms(3000))
        store.answer(1, with: offline)

        #expect(saver.status == .unsaved)
        scheduler.advance(to: ms(4500))
        #expect(store.saved == ["Buy milk", "Buy oat milk"], "The older text must not be tried again.")

        store.answer(2, with: offline)
        #expect(saver.status == .saving, "The newer text failed once: it is retried, so the corner says \"Saving…\".")
    }
}
