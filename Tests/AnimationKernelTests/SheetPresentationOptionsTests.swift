import AnimationKernel
import Testing

/// The answers the SwiftUI bottom sheet's modifiers get from ``SheetPresentationOptions``.
@Suite struct SheetPresentationOptionsTests {
    @Test func defaultsAreApplesSheetDefaultsSizedToContent() {
        let options = SheetPresentationOptions()
        let configuration = options.configuration()
        #expect(configuration.detents == [.content])
        #expect(configuration.allowsInteractiveDismissal, "a SwiftUI sheet dismisses on a drag unless disabled")
        #expect(configuration.largestUndimmedDetent == nil)
        #expect(!options.showsDragIndicator, "one detent: nothing to drag between")
        #expect(options.resolvedCornerRadius == SheetPresentationOptions.defaultCornerRadius)
        #expect(options.dismissesOnBackgroundTap)
    }

    @Test func detentsKeepTheirOrderWithoutDuplicatesAndKeepTheBaseTunables() {
        var options = SheetPresentationOptions()
        options.detents = [.medium, .large, .medium]
        options.interactiveDismissDisabled = true
        var base = BottomSheet.Configuration()
        base.dimmingAlpha = 0.25
        let configuration = options.configuration(from: base)
        #expect(configuration.detents == [.medium, .large])
        #expect(!configuration.allowsInteractiveDismissal)
        #expect(configuration.dimmingAlpha == 0.25)
    }

    @Test(arguments: [
        (SheetPresentationOptions.Visibility.automatic, [BottomSheet.Detent.content], false),
        (.automatic, [.content, .large], true),
        (.automatic, [.large, .large], false),
        (.visible, [.content], true),
        (.hidden, [.content, .large], false),
    ])
    func dragIndicatorShowsWhenAskedOrWhenThereIsAChoiceOfDetents(
        visibility: SheetPresentationOptions.Visibility, detents: [BottomSheet.Detent], shows: Bool
    ) {
        var options = SheetPresentationOptions()
        options.dragIndicator = visibility
        options.detents = detents
        #expect(options.showsDragIndicator == shows, "\(visibility) with \(detents)")
    }

    @Test(arguments: [(nil, 10.0), (0, 0), (24, 24), (-3, 0), (.nan, 10), (.infinity, 10)] as [(Double?, Double)])
    func cornerRadiusIsFiniteAndNotNegative(radius: Double?, expected: Double) {
        var options = SheetPresentationOptions()
        options.cornerRadius = radius
        #expect(options.resolvedCornerRadius == expected, "radius \(String(describing: radius))")
    }

    @Test func backgroundInteractionUndimsUpThroughItsDetentAndPassesTouchesOnlyWhereUndimmed() {
        var options = SheetPresentationOptions()
        options.detents = [.content, .medium, .large]
        options.backgroundInteraction = .enabled(upThrough: .medium)
        #expect(options.configuration().largestUndimmedDetent == .medium)
        #expect(!options.dismissesOnBackgroundTap)

        // Through the model: at the medium detent nothing is dimmed and touches pass; at the large one they do not.
        var configuration = options.configuration()
        configuration.reduceMotion = true
        var sheet = BottomSheet(
            layout: .init(containerSize: Size(width: 390, height: 844), contentHeight: 200),
            configuration: configuration)
        sheet.present(animated: false, at: 0)
        sheet.moveToDetent(.medium, animated: false, at: 0)
        #expect(options.passesTouchesThrough(sheet.frame(at: 0)), "at .medium: \(sheet.frame(at: 0).dimmingAlpha)")
        sheet.moveToDetent(.large, animated: false, at: 0)
        #expect(!options.passesTouchesThrough(sheet.frame(at: 0)), "at .large: \(sheet.frame(at: 0).dimmingAlpha)")

        options.backgroundInteraction = .disabled
        #expect(options.configuration().largestUndimmedDetent == nil)
        options.backgroundInteraction = .enabled
        #expect(options.configuration().largestUndimmedDetent == .large)
    }

    @Test func contentHeightRoundsUpToPixelsAndIgnoresSubPixelChurn() {
        #expect(SheetPresentationOptions.contentHeight(measured: 100.1, current: 0, scale: 3) == 301.0 / 3)
        #expect(SheetPresentationOptions.contentHeight(measured: 100.1, current: 301.0 / 3, scale: 3) == nil)
        #expect(SheetPresentationOptions.contentHeight(measured: 250, current: 100, scale: 2) == 250)
        #expect(SheetPresentationOptions.contentHeight(measured: 10.2, current: 0, scale: 0) == 11, "scale 0 is 1")
        #expect(SheetPresentationOptions.contentHeight(measured: .nan, current: 5, scale: 2) == nil)
        #expect(SheetPresentationOptions.contentHeight(measured: -1, current: 5, scale: 2) == nil)
        #expect(SheetPresentationOptions.contentHeight(measured: .infinity, current: 5, scale: 2) == nil)
    }

    @Test func measuringWidthIsTheContainersCappedAtTheSheetsMaximum() {
        let configuration = BottomSheet.Configuration()
        #expect(SheetPresentationOptions.measuringWidth(container: 390, configuration: configuration) == 390)
        #expect(SheetPresentationOptions.measuringWidth(container: 1024, configuration: configuration) == 700)
        #expect(SheetPresentationOptions.measuringWidth(container: .nan, configuration: configuration) == 0)
        #expect(SheetPresentationOptions.measuringWidth(container: -5, configuration: configuration) == 0)
    }
}
