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

    // @MainActor: the test body holds the main queue, so work sent to DispatchQueue.main
    // instead of the held queue cannot run while the test looks.
    @Test("empties the cart only when the queue runs the work")
    @MainActor
    func clearsThroughTheQueue() {
        let queue = HeldQueue()
        let screen = CheckoutScreen(queue: queue)
        screen.tapAdd(Menu.croissant)
        queue.runAll()

        screen.tapClearCart()

        #expect(
            screen.label == "1 item · $2.50",
            """
            tapClearCart emptied the cart before the queue ran its work: the label already \
            says "\(screen.label)". Change the cart only inside the work you hand to queue.async, \
            for Clear cart as for Add.
            """)
        #expect(
            !queue.isEmpty,
            """
            tapClearCart handed no work to the queue passed to init(queue:). It should go \
            through that queue like tapAdd does, not through DispatchQueue.main.
            """)

        queue.runAll()

        #expect(
            screen.label == "Cart is empty",
            "Once the queue has run the work, the cart should be empty. The label says \"\(screen.label)\".")
    }

    @Test("clears a cart whose products are still waiting in the queue")
    func clearsWorkThatIsStillHeld() {
        let queue = HeldQueue()
        let screen = CheckoutScreen(queue: queue)

        screen.tapAdd(Menu.croissant)
        screen.tapClearCart()
        queue.runAll()

        #expect(
            screen.label == "Cart is empty",
            """
            Add, then Clear cart, then the queue runs both: the cart should end up empty, but \
            the label says "\(screen.label)". tapClearCart decided what to do from the cart as \
            it was when the button was tapped, before the queue had added the croissant. Look \
            at the cart only inside the work you hand to the queue.
            """)
    }

    @Test("hands the queue one piece of work per tap, and each reads the cart the one before left")
    func oneWorkPerTapInOrder() {
        let queue = HeldQueue()
        let screen = CheckoutScreen(queue: queue)

        screen.tapAdd(Menu.croissant)
        screen.tapAdd(Menu.sourdough)

        #expect(
            queue.count == 2,
            "Two taps should hand the queue two pieces of work, one each; it holds \(queue.count).")
        guard queue.count == 2 else { return }

        queue.runNext()

        #expect(
            screen.label == "1 item · $2.50",
            """
            The queue has run the first tap's work only, so the label should show the croissant \
            alone. It says "\(screen.label)": the cart changed before the queue ran the work. \
            Change the cart inside the work, not in tapAdd itself.
            """)

        queue.runNext()

        #expect(
            screen.label == "2 items · $9.25",
            """
            The queue has run both taps' work, so the label should count both. It says \
            "\(screen.label)": the text was worked out when the button was tapped, from the \
            cart as it was then. Work it out inside the work, from the cart as the earlier \
            work left it.
            """)
    }

    @Test("starts again from an empty cart after Clear cart")
    func addsAfterClearing() {
        let screen = CheckoutScreen(queue: ImmediateQueue())
        screen.tapAdd(Menu.croissant)
        screen.tapAdd(Menu.sourdough)

        screen.tapClearCart()
        screen.tapAdd(Menu.flatWhite)

        #expect(
            screen.label == "1 item · $4.00",
            """
            After Clear cart, one flat white should be all the cart holds, but the label says \
            "\(screen.label)". tapClearCart should empty the cart itself, not only reset the label.
            """)
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
