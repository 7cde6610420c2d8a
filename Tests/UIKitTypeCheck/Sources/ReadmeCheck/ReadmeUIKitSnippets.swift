// swift-format-ignore-file
import AnimationKernel
import AnimationKernelSwiftUI
import AnimationKernelUIKit
import SwiftUI
import UIKit

// Each function's body is one of README.md's Swift blocks of the UIKit and SwiftUI sections, verbatim and in order
// after those of Tests/AnimationKernelTests/ReadmeSnippets.swift (`ReadmeTests` checks that). The parameters are the
// names the README leaves to the app.

@MainActor
enum ReadmeUIKitSnippets {
    static func presentInOneLine(
        host: UIViewController, detail: UIViewController, tableView: UIScrollView, header: UIView,
        analytics: @escaping @MainActor (BottomSheet.Detent) -> Void, saveDraft: @escaping @MainActor () -> Void
    ) {
        var configuration = BottomSheet.Configuration()
        configuration.detents = [.content, .medium, .large]           // rises to detail.preferredContentSize first
        host.presentBottomSheet(detail, configuration: configuration) { sheet in
            sheet.track(tableView)                                    // pulling down scrolls the table to its top first
            sheet.detentDidChange = { detent in analytics(detent) }
            sheet.sheetDidMove = { frame in header.alpha = CGFloat(1 - frame.presentation) }  // alongside, every frame
            sheet.willDismiss = { saveDraft() }                       // a drag, a tap on the dimming, VoiceOver's escape
        }
    }

    static func presentSheet(host: UIViewController, detail: UIViewController, scrollView: UIScrollView)
        -> BottomSheetTransitioningDelegate
    {
        let sheet = BottomSheetTransitioningDelegate()                // keep it while the sheet is shown
        sheet.configuration.detents = [.content, .large]
        sheet.prepare = { $0.trackedScrollView = scrollView }         // pull down scrolls to the top first
        detail.modalPresentationStyle = .custom
        detail.transitioningDelegate = sheet
        host.present(detail, animated: true)                          // rises to detail.preferredContentSize
        return sheet
    }

    static func navigation(
        host: UIViewController, cart: UIViewController, payment: UIViewController,
        title: @escaping @MainActor (UIViewController) -> UIView?
    ) {
        let navigation = SheetNavigationController(rootViewController: cart)
        navigation.titleView = title                                  // a view per screen, faded by the model
        host.present(navigation, animated: true)
        navigation.pushViewController(payment, animated: true)        // slides in; the sheet follows its height
        payment.navigationController?.popViewController(animated: true)  // from the screen itself, the same model
    }

    static func cardLift(host: UIViewController, cell: UIView, detail: UIViewController, listVelocity: CGPoint)
        -> CardLiftTransition
    {
        let lift = CardLiftTransition(sourceView: cell)               // keep it while the detail is shown
        lift.sourceVelocity = listVelocity                            // the list may still be scrolling
        detail.modalPresentationStyle = .custom
        detail.transitioningDelegate = lift
        host.present(detail, animated: true)                          // lifts; dismissing flies the card home
        return lift
    }

    static func pullToDismiss(presented: UIViewController, tableView: UIScrollView) -> PullToDismissController {
        // In the presented controller's viewDidAppear(_:); keep `pull` in a property.
        let pull = PullToDismissController(viewController: presented, scrollView: tableView)
        pull.dismissalAttempted = { /* ask whether to discard changes */ }
        return pull
    }
}

// The SwiftUI section: its animations need iOS 17, and this file is checked at the package's minimum (iOS 15), so the
// availability below is what an app needs too.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
enum ReadmeSwiftUISnippets {
    static func animations(isExpanded: inout Bool, offset: inout CGFloat) {
        withAnimation(.kernel(.snappy)) { isExpanded = true }         // the kernel's spring; interrupt it at any time
        withAnimation(.kernel(.easeInEaseOut, duration: 0.3)) {       // a curve; while the value still moves it hands
            offset = 0                                                // over to a spring that settles in 0.3 s
        }
    }
}

// The bottom sheet needs only the package's minimum (iOS 15): these compile without `@available`.
@MainActor
enum ReadmeSwiftUISheetSnippets {
    struct Basket: View {
        @State private var showsBasket = false

        var body: some View {
            Text("Basket")
                .bottomSheet(isPresented: $showsBasket, onDismiss: { /* off screen now */ }) {
                    Text("3 items")                                       // the sheet takes the content's height
                }
        }
    }

    struct Order: Identifiable {
        var id: Int
        var title: String
    }

    struct Orders: View {
        @State private var opened: Order?                                 // any Identifiable item

        var body: some View {
            Text("Orders")
                .bottomSheet(item: $opened) { order in                    // another id swaps the sheet
                    Text(order.title)
                }
        }
    }

    struct Filters: View {
        @State private var showsFilters = false
        @State private var detent = BottomSheet.Detent.medium

        var body: some View {
            Text("Filters")
                .bottomSheet(isPresented: $showsFilters) {
                    Text("Price, size, colour")
                        .bottomSheetDetents([.medium, .large], selection: $detent)    // a drag writes `detent`
                        .bottomSheetDragIndicator(.visible)
                }
        }
    }

    struct Map: View {
        @State private var showsPlaces = true

        var body: some View {
            Text("Map")
                .bottomSheet(isPresented: $showsPlaces) {
                    Text("Nearby places")
                        .bottomSheetDetents([.height(120), .medium, .large])
                        .bottomSheetInteractiveDismissDisabled()                      // only the binding closes it
                        .bottomSheetBackgroundInteraction(.enabled(upThrough: .medium))  // undimmed up to .medium
                        .bottomSheetCornerRadius(20)
                }
        }
    }

    struct Checkout: View {
        @State private var showsCheckout = false
        @State private var path: [String] = []                            // the screens above the root, bottom first

        var body: some View {
            Text("Basket")
                .bottomSheetNavigation(isPresented: $showsCheckout, path: $path) {
                    Button("Delivery") { path.append("Address") }             // pushes; the sheet takes its height
                } destination: { screen in
                    Button(screen) { path = [] }                              // back to the root; an edge swipe pops
                }                                                             // one and writes `path` back
        }
    }

    struct Photo: View {
        @State private var showsViewer = false

        var body: some View {
            Text("Photo")
                .pullToDismissCover(isPresented: $showsViewer) {          // pull down to close it
                    Text("The photo, full screen")
                }
        }
    }

    struct Cards: View {
        @State private var cards = CardLiftNamespace()                    // Apple: `@Namespace private var cards`
        @State private var opened: Order?

        var body: some View {
            Button("Order 42") { opened = Order(id: 42, title: "Order 42") }
                .cardLiftSource(id: 42, in: cards)                        // the card, in the list
                .cardLift(item: $opened, in: cards) { order in            // lifts the card `order.id`; a drag down or
                    Text(order.title)                                     // nil flies it home to where it is then
                }
        }
    }
}
