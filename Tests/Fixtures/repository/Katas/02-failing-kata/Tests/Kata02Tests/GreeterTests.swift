import Kata02
import Testing

@Suite("Greeter")
struct GreeterTests {
    @Test("greets by name")
    func greetsByName() {
        #expect(greeting(for: "Ada") == "Hello, Ada!", "The greeting should name the person.")
    }

    @Test("greets anyone")
    func greetsAnyone() {
        #expect(greeting(for: "Grace").hasPrefix("Hello"))
    }
}
