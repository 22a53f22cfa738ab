import Dispatch

@testable import Kata06

/// Profiles and posts every test starts from. The store runs its real private queue: nothing here
/// sleeps, and every completion handler is called as soon as that queue gets to it.
enum Fixture {
    static let ada = Profile(id: "ada", name: "Ada Lovelace", headline: "Writes programs for engines")
    static let grace = Profile(id: "grace", name: "Grace Hopper", headline: "Finds the bugs")

    static let posts = [
        Post(id: 1, authorID: "ada", text: "Notes on the Analytical Engine"),
        Post(id: 2, authorID: "grace", text: "A moth in relay 70"),
        Post(id: 3, authorID: "ada", text: "Bernoulli numbers, step by step"),
        Post(id: 4, authorID: "ada", text: "Poetical science"),
    ]

    static func store(signedInAs currentUserID: String = "ada") -> ProfileStore {
        ProfileStore(currentUserID: currentUserID, profiles: [ada, grace], posts: posts)
    }
}

// Test doubles: small completion-handler APIs with one behaviour each.

/// Calls its completion handler before it even returns.
func answerRightAway(_ completion: @escaping (Int) -> Void) {
    completion(42)
}

/// Never calls its completion handler: the bug a wait helper must survive.
func neverAnswer(_ completion: @escaping (Int) -> Void) {}

/// Calls back on the main queue, as many UI-facing APIs do. The call is queued before this
/// function returns, so it runs the first time the main queue gets a turn.
func answerOnTheMainQueue(_ completion: @escaping (String) -> Void) {
    DispatchQueue.main.async {
        completion("delivered on main")
    }
}

/// Delivers `nil`, which is an answer too ("nothing found").
func answerNothingFound(_ completion: @escaping (String?) -> Void) {
    DispatchQueue.global().async {
        completion(nil)
    }
}

/// Takes an argument before its completion handler, like `fetchProfile(id:completion:)`.
func double(_ number: Int, completion: @escaping (Int) -> Void) {
    DispatchQueue.global().async {
        completion(number * 2)
    }
}
