import Dispatch
import Testing

@testable import Kata03

@Suite("CheckoutScreen, with a queue the test controls")
struct CheckoutScreenTests {
    @Test("shows the new total as soon as tapAdd returns")
    func showsTotalAtOnce() {
        let screen = CheckoutScreen(queue: ImmediateQueue())

        screen.tapAdd(Menu.croissant)

        #expect(
            screen.label == "1 item · $2.50",
            """
            ImmediateQueue runs work the moment it gets it, so the label should read \
            "1 item · $2.50" when tapAdd returns. If it still says "Cart is empty", \
            tapAdd sends its work to DispatchQueue.main instead of to the queue passed to init.
            """)
    }

    @Test("adds up every product in the cart")
    func addsUpTheCart() {
        let screen = CheckoutScreen(queue: ImmediateQueue())

        screen.tapAdd(Menu.croissant)
        screen.tapAdd(Menu.sourdough)
        screen.tapAdd(Menu.flatWhite)

        #expect(
            screen.label == "3 items · $13.25",
            "Three taps, $2.50 + $6.75 + $4.00: the label should count every product and add up the prices.")
    }

    @Test("empties the cart as soon as tapClearCart returns")
    func clearsAtOnce() {
        let screen = CheckoutScreen(queue: ImmediateQueue())
        screen.tapAdd(Menu.croissant)
        screen.tapAdd(Menu.flatWhite)

        screen.tapClearCart()

        #expect(
            screen.label == "Cart is empty",
            """
            tapClearCart should empty the cart through the injected queue too. If the label \
            still shows the old total, tapClearCart still calls DispatchQueue.main.async.
            """)
    }

    @Test("starts with an empty cart")
    func startsEmpty() {
        let screen = CheckoutScreen(queue: ImmediateQueue())

        #expect(screen.label == "Cart is empty", "A new screen has nothing in its cart yet.")
    }

    @Test("changes the label only when the queue runs the work")
    func goesThroughTheQueue() {
        let queue = HeldQueue()
        let screen = CheckoutScreen(queue: queue)

        screen.tapAdd(Menu.sourdough)

        #expect(
            screen.label == "Cart is empty",
            """
            The label changed before the queue ran anything. Keep the update inside \
            queue.async { ... }: in the app that queue is the main queue, and the scanner \
            calls tapAdd from another thread.
            """)
        #expect(!queue.isEmpty, "tapAdd should hand its work to the queue passed to init(queue:).")

        queue.runAll()

        #expect(
            screen.label == "1 item · $6.75",
            "Once the queue has run the work, the label should show the sourdough loaf.")
    }
}

@Suite("The real DispatchQueue")
struct RealQueueTests {
    @Test("is a DispatchQueueType, so the app keeps calling CheckoutScreen()")
    func defaultsToTheMainQueue() {
        // Compiles only if the real queue conforms to the protocol.
        let _: any DispatchQueueType = DispatchQueue.main
        let screen = CheckoutScreen()

        #expect(
            screen.label == "Cart is empty",
            "CheckoutScreen() should still compile: give init(queue:) the default DispatchQueue.main.")
    }

    @Test("runs the screen's work when handed in as the queue")
    func worksWithARealSerialQueue() {
        let serial = DispatchQueue(label: "kata03.checkout")
        let screen = CheckoutScreen(queue: serial)

        screen.tapAdd(Menu.croissant)
        screen.tapAdd(Menu.flatWhite)
        // A serial queue runs blocks in order, so an empty sync block returns only after the
        // taps' work has run. No sleeping, no timeout.
        serial.sync {}

        #expect(
            screen.label == "2 items · $6.50",
            """
            Handed a real serial queue, the screen should run its work there. The empty \
            extension DispatchQueue: DispatchQueueType {} is all the real queue needs.
            """)
    }
}
