// swift-format-ignore-file
import AnimationKernelUIKit
import UIKit

// Each function's body is one of README.md's Swift blocks of the UIKit section, verbatim and in order after those of
// Tests/AnimationKernelTests/ReadmeSnippets.swift (`ReadmeTests` checks that). The parameters are the names the
// README leaves to the app.

@MainActor
enum ReadmeUIKitSnippets {
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
        navigation.push(payment)                                      // slides in; the sheet follows its height
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
