import Dispatch
import Foundation
import Testing

@testable import Kata06

/// The store's completion handlers bridged to `async` with `withCheckedThrowingContinuation`.
/// These tests are `async` themselves: no expectation, no helper. Each waits at most a second for
/// the answer, so that a bridge that never resumes its continuation fails by name instead of
/// suspending the run forever (Swift Testing has no default timeout); a bridge that answers ends
/// the wait at once.
@Suite("async wrappers over completion handlers")
struct AsyncWrapperTests {

    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    @Test("currentProfile() returns the signed-in member's profile")
    func currentProfile() async throws {
        let store = Fixture.store(signedInAs: "grace")

        let profile = try #require(
            await answerWithinASecond { try await store.currentProfile() },
            "currentProfile() never returned: resume the continuation when the handler delivers a profile"
        ).get()

        #expect(
            profile == Fixture.grace,
            "currentProfile() should resume with what fetchCurrentProfile(completion:) delivers")
    }

    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    @Test("profile(id:) returns the stored profile")
    func profileByID() async throws {
        let store = Fixture.store()

        let profile = try #require(
            await answerWithinASecond { try await store.profile(id: "ada") },
            "profile(id:) never returned: resume the continuation when the handler delivers a profile"
        ).get()

        #expect(
            profile == Fixture.ada,
            "profile(id:) should pass the id to fetchProfile(id:completion:) and resume with its profile")
    }

    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    @Test("profile(id:) throws the store's own error for an unknown id")
    func unknownID() async throws {
        let store = Fixture.store()
        let answer = try #require(
            await answerWithinASecond { try await store.profile(id: "nobody") },
            "profile(id:) never returned for an unknown id: resume the continuation on a .failure too")

        #expect(
            throws: ProfileError.notFound(id: "nobody"),
            "a .failure from the handler should be thrown by the async function: resume(with:) or resume(throwing:)"
        ) {
            try answer.get()
        }
    }

    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    @Test("currentProfile() throws when the signed-in member is not stored")
    func missingCurrentUser() async throws {
        let store = Fixture.store(signedInAs: "someone-deleted")
        let answer = try #require(
            await answerWithinASecond { try await store.currentProfile() },
            "currentProfile() never returned for a member who is not stored: resume the continuation on a .failure too")

        #expect(throws: ProfileError.notFound(id: "someone-deleted")) {
            try answer.get()
        }
    }

    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    @Test("many lookups at once each resume exactly once")
    func concurrentLookups() async throws {
        let store = Fixture.store()
        let ids = (0..<100).map { $0.isMultiple(of: 2) ? "ada" : "grace" }

        let answer = await answerWithinASecond {
            try await withThrowingTaskGroup(of: String.self) { group in
                for id in ids {
                    group.addTask { try await store.profile(id: id).name }
                }
                var names: [String] = []
                for try await name in group {
                    names.append(name)
                }
                return names
            }
        }
        let names = try #require(
            answer, "the lookups never all returned: resume each continuation when its handler delivers a profile"
        ).get()

        #expect(
            names.count == 100,
            "every call should resume its continuation once: a missing resume hangs, a second one crashes")
        #expect(names.filter { $0 == Fixture.ada.name }.count == 50)
    }
}

/// What an `async` bridge gave back within a second: its value or its error, or nil when it had
/// not returned by then.
@available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
func answerWithinASecond<Value>(_ call: @escaping () async throws -> Value) async -> Result<Value, any Error>? {
    await withCheckedContinuation { (done: CheckedContinuation<Result<Value, any Error>?, Never>) in
        let once = AnswerOnce(done)
        Task {
            do {
                once.resume(returning: .success(try await call()))
            } catch {
                once.resume(returning: .failure(error))
            }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) { once.resume(returning: nil) }
    }
}

/// Resumes its continuation with the first answer only: the bridge's, or the second's end.
final class AnswerOnce<Value> {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Value, Never>?

    init(_ continuation: CheckedContinuation<Value, Never>) {
        self.continuation = continuation
    }

    func resume(returning value: Value) {
        lock.lock()
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(returning: value)
    }
}
