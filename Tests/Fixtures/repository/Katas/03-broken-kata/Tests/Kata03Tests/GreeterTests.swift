import Kata03
import Testing

@Suite("Greeter")
struct GreeterTests {
    @Test("greets through the Greeting seam")
    func greetsThroughTheSeam() {
        let greeter: any Greeting = Greeter()
        #expect(greeter.greet("Ada") == "Hello, Ada!")
    }
}
