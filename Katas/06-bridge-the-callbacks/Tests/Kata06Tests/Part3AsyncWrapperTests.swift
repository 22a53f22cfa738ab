import Testing

@testable import Kata06

/// The store's completion handlers bridged to `async` with `withCheckedThrowingContinuation`.
/// These tests are `async` themselves: no expectation, no helper, no timeout.
@Suite("async wrappers over completion handlers")
struct AsyncWrapperTests {

    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    @Test("currentProfile() returns the signed-in member's profile")
    func currentProfile() async throws {
        let store = Fixture.store(signedInAs: "grace")

        let profile = try await store.currentProfile()

        #expect(
            profile == Fixture.grace,
            "currentProfile() should resume with what fetchCurrentProfile(completion:) delivers")
    }

    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    @Test("profile(id:) returns the stored profile")
    func profileByID() async throws {
        let store = Fixture.store()

        let profile = try await store.profile(id: "ada")

        #expect(
            profile == Fixture.ada,
            "profile(id:) should pass the id to fetchProfile(id:completion:) and resume with its profile")
    }

    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    @Test("profile(id:) throws the store's own error for an unknown id")
    func unknownID() async {
        let store = Fixture.store()

        await #expect(
            throws: ProfileError.notFound(id: "nobody"),
            "a .failure from the handler should be thrown by the async function: resume(with:) or resume(throwing:)"
        ) {
            try await store.profile(id: "nobody")
        }
    }

    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    @Test("currentProfile() throws when the signed-in member is not stored")
    func missingCurrentUser() async {
        let store = Fixture.store(signedInAs: "someone-deleted")

        await #expect(throws: ProfileError.notFound(id: "someone-deleted")) {
            try await store.currentProfile()
        }
    }

    @available(macOS 10.15, iOS 13, tvOS 13, watchOS 6, *)
    @Test("many lookups at once each resume exactly once")
    func concurrentLookups() async throws {
        let store = Fixture.store()
        let ids = (0..<100).map { $0.isMultiple(of: 2) ? "ada" : "grace" }

        let names = try await withThrowingTaskGroup(of: String.self) { group in
            for id in ids {
                group.addTask { try await store.profile(id: id).name }
            }
            var names: [String] = []
            for try await name in group {
                names.append(name)
            }
            return names
        }

        #expect(
            names.count == 100,
            "every call should resume its continuation once: a missing resume hangs, a second one crashes")
        #expect(names.filter { $0 == Fixture.ada.name }.count == 50)
    }
}
