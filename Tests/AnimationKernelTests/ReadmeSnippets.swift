// swift-format-ignore-file
import AnimationKernel

// Beside SwiftUI the README's names must not be ambiguous: on Apple platforms this file imports the real SwiftUI,
// and Tests/UIKitTypeCheck compiles it on Linux with a stand-in declaring SwiftUI's clashing names.
#if canImport(SwiftUI)
import SwiftUI
#endif

// Each function's body is one of README.md's Swift blocks, verbatim and in order (`ReadmeTests` checks that; the
// file is left unformatted to stay verbatim), so the README's examples compile with the package. The parameters are
// the names the README leaves to the app.

/// What the README reads from a `UIScrollView`.
struct ScrollViewStandIn {
    var contentOffset: Point
}

enum ReadmeSnippets {
    static func sheet(size: Size, insets: Insets, t: Double, keyboardFrame: Rect, now: Double) {
        var sheet = BottomSheet(layout: .init(containerSize: size, safeArea: insets, contentHeight: 280, navigationBarHeight: 56))
        sheet.present(at: t)
        sheet.setContentHeight(460, at: t + 1)                       // retargets with the velocity it has
        sheet.keyboardWillChange(to: keyboardFrame, duration: 0.25, curve: .keyboard, at: t + 2)  // UIKit's curve 7
        let frame = sheet.frame(at: now)                             // frame.sheet, .contentArea, .dimmingAlpha, ...
    }

    static func sheetWithScrollView(size: Size, t: Double, scrollView: ScrollViewStandIn, maxOffset: Double) {
        var config = BottomSheet.Configuration()
        config.detents = [.fraction(0.5), .large]                    // any number; presents at the smallest
        config.largestUndimmedDetent = .fraction(0.5)                 // no dimming up to half height
        var sheet = BottomSheet(layout: .init(containerSize: size, contentHeight: 1400), configuration: config)
        sheet.setContent(offset: scrollView.contentOffset.y, minimum: 0, maximum: maxOffset)
        sheet.dragBegan(at: t)
        sheet.dragChanged(translation: -600, velocity: -1000, at: t + 0.6) // expands to .large, then scrolls
        let frame = sheet.frame(at: t + 0.6)                           // frame.contentOffset: write it back
        sheet.dragEnded(velocity: 0, at: t + 0.6)
        sheet.moveToDetent(.fraction(0.5), at: t + 2)                 // from code; update(to:) reports .didChangeDetent
        sheet.setInteractiveDismissal(allowed: false, at: t + 3)      // refused pulls report .didAttemptDismiss
    }

    static func navigation(size: Size, insets: Insets, t: Double) {
        var nav = SheetNavigation(root: .init(id: "cart", contentHeight: 300), containerSize: size, safeArea: insets)
        nav.present(at: t)
        nav.push(.init(id: "payment", contentHeight: 520), at: t + 1)   // cubic-bezier(0.2, 1, 0.42, 1), 0.35 s
        nav.interactivePopBegan(at: t + 2)
        nav.interactivePopChanged(translationX: 120, velocityX: 600, at: t + 2.1)
        nav.interactivePopEnded(velocityX: 600, at: t + 2.2)          // finishes on a spring with the release velocity
    }

    static func drags(nav: inout SheetNavigation, lift: inout CardLift, t: Double) {
        nav.dragBegan(at: t)                                          // same detents and rules as BottomSheet
        nav.dragChanged(translation: -330, velocity: -700, at: t + 0.45)
        nav.dragEnded(velocity: -400, at: t + 0.45)
        lift.dragEnded(velocity: 2500, at: t)                         // past the dismissal point: the card flies home
    }

    static func cardLift(size: Size, cellRect: Rect, headerRect: Rect, movedCellRect: Rect, listVelocity: Double, t: Double, now: Double) {
        var lift = CardLift(source: cellRect, target: headerRect, modalLayout: .init(containerSize: size, contentHeight: 480))
        lift.open(at: t, initialVelocity: Point(x: 0, y: listVelocity))   // tapped while the list scrolls
        lift.setSourceRect(movedCellRect, at: t + 1.8)               // the list scrolled: retarget mid-flight
        lift.close(at: t + 1.9)
        let frame = lift.frame(at: now)                              // card rect, corner radius, elevation, host layer
    }

    static func pullToDismiss(size: Size, t: Double, now: Double, scrollView: ScrollViewStandIn, snapshot: RGBA8Image, output: inout RGBA8Image) throws {
        var config = PullToDismiss.Configuration()
        config.backdrop = .pullToDismissBlur                         // radius 20, saturation 1.8, scaled by the pull
        var pull = PullToDismiss(containerSize: size, configuration: config)
        pull.setContent(offset: scrollView.contentOffset.y)
        pull.dragBegan(at: t)
        pull.dragChanged(translation: 180, at: t + 0.2)              // velocity from a least-squares tracker
        pull.dragEnded(at: t + 0.25)                                 // default rule: projected offset past 33 %
        var renderer = try BackdropRenderer(width: 1290, height: 2796, displayScale: 3)
        try renderer.prepare(snapshot)                               // once per gesture: the screen behind is still
        var small = try RGBA8Image(width: renderer.preparedSize.width, height: renderer.preparedSize.height)
        let frame = pull.frame(at: now)                               // each frame: only the band above the screen shows
        try renderer.renderPrepared(frame.backdrop, into: &small, visible: Rect(x: 0, y: 0, width: 1290, height: frame.screen.minY * 3))
        // draw `small` scaled up 4x over the screen behind
        // or, at full resolution every frame (several times slower):
        try renderer.render(pull.frame(at: now).backdrop, from: snapshot, into: &output)
    }

    static func usingItFromSwift(now: Double, displayLinkTimestamp: Double) throws {

        // Springs the SwiftUI and UIKit ways, evaluated in closed form.
        let spring = try DampedSpring(duration: 0.5, bounce: 0.3)    // stiffness ~157.9, damping ~17.6 for mass 1
        let y = spring.value(from: 0, to: 300, initialVelocity: 0, at: 0.25)
        let uikit = try DampedSpring(uiKitDuration: 0.35, dampingRatio: 1, initialVelocity: 0.5)

        // A value that can be retargeted at any time without a jump.
        var offset = AnimatedValue(0)
        offset.animate(to: 300, using: .curve(try .cubicBezier(0.2, 1, 0.42, 1), duration: 0.35), at: now)
        offset.retarget(to: 120, at: now + 0.1)                    // hands over to a spring, velocity kept
        let (position, velocity) = offset.state(at: now + 0.2)

        // A bottom sheet with navigation inside it: feed events, read frames.
        var navigation = SheetNavigation(
            root: .init(id: "cart", contentHeight: 320), containerSize: Size(width: 390, height: 844),
            safeArea: Insets(top: 47, bottom: 34))
        navigation.present(at: now)
        navigation.push(.init(id: "payment", contentHeight: 540), at: now + 1)
        let frame = navigation.frame(at: displayLinkTimestamp)     // pure; allocates nothing
        for screen in frame.screens {
            // screen.instance names the view (the same screen may be pushed twice); its title fades with screen.titleAlpha
            /* place it at screen.rect with screen.alpha */
        }
        let events = navigation.update(to: displayLinkTimestamp)    // .didPresent, .didFinishNavigation, ...
    }
}
