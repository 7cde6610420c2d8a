import AnimationKernel
import Testing

/// Issue #46 items 15 and 18: what a platform layer used to decide itself about frame rates and a sheet's chrome.
@Suite struct SheetChromeTests {
    /// Item 18: the background is drawn over the sheet's rect, so that rect must reach the container's bottom (or the
    /// keyboard's top) at every frame, below content (when it has any height) that stays above the 34 pt home-indicator strip: through a
    /// present, a drag past the top detent (rubber band), its release, a keyboard and the dismissal.
    @Test func theSheetsRectCoversTheBottomSafeAreaAtEveryFrame() {
        var configuration = BottomSheet.Configuration()
        configuration.detents = [.content, .large]
        configuration.allowsInteractiveDismissal = true
        var sheet = BottomSheet(
            layout: .init(containerSize: phone, safeArea: phoneSafeArea, contentHeight: 300),
            configuration: configuration)
        sheet.present(animated: true, at: 0)
        sheet.dragBegan(at: 1)
        for step in 1...30 {
            sheet.dragChanged(translation: -40 * Double(step), velocity: -2400, at: 1 + Double(step) / 60)
        }
        sheet.dragEnded(velocity: -2400, at: 1.5)
        let keyboard = Rect(x: 0, y: phone.height - 336, width: phone.width, height: 336)
        sheet.keyboardWillChange(to: keyboard, duration: 0.25, curve: .keyboard, at: 3)
        sheet.keyboardWillChange(to: nil, duration: 0.25, curve: .keyboard, at: 4)
        sheet.dismiss(animated: true, at: 5)
        var worstGap = 0.0
        var worstGapTime = 0.0
        var worstContentOverlap = 0.0
        for frameIndex in 0...(7 * 120) {
            let time = Double(frameIndex) / 120
            let frame = sheet.frame(at: time)
            guard frame.sheet.minY < phone.height - frame.keyboardHeight else { continue }
            let gap = phone.height - frame.keyboardHeight - frame.sheet.maxY
            if gap > worstGap { (worstGap, worstGapTime) = (gap, time) }
            if frame.keyboardHeight == 0, frame.contentArea.height > 0 {
                worstContentOverlap = max(worstContentOverlap, frame.contentArea.maxY - (phone.height - 34))
            }
        }
        #expect(worstGap <= 1e-9, "the sheet ends \(worstGap) pt above the container's bottom at \(worstGapTime) s")
        #expect(worstContentOverlap <= 1e-9, "content reaches \(worstContentOverlap) pt into the bottom safe area")
    }

    /// Item 18: UIKit's 10 pt top corners by default, clamped where a layer's rounded corners would distort.
    @Test func cornerRadiusIsUIKitsAndFitsTheSheet() {
        let chrome = SheetChrome()
        #expect(chrome.cornerRadius(for: Rect(x: 0, y: 400, width: 390, height: 444)) == 10)
        #expect(SheetPresentationOptions.defaultCornerRadius == SheetChrome.defaultCornerRadius)
        #expect(SheetChrome(cornerRadius: 40).cornerRadius(for: Rect(x: 0, y: 0, width: 60, height: 25)) == 25)
        #expect(SheetChrome(cornerRadius: 40).cornerRadius(for: Rect(x: 0, y: 0, width: 60, height: 200)) == 30)
        #expect(SheetChrome(cornerRadius: 40).cornerRadius(for: .zero) == 0)
        #expect(SheetChrome(cornerRadius: -3).cornerRadius(for: Rect(x: 0, y: 0, width: 60, height: 200)) == 0)
        #expect(SheetChrome(cornerRadius: .nan).cornerRadius(for: Rect(x: 0, y: 0, width: 60, height: 200)) == 10)
        var changed = SheetChrome()
        changed.cornerRadius = .infinity
        #expect(changed.cornerRadius(for: Rect(x: 0, y: 0, width: 60, height: 200)) == 0)
    }

    /// Item 18 (and `prefersGrabberVisible`): a 36 x 5 grabber centred 5 pt below the sheet's top, none when hidden
    /// or on a sheet too small for it.
    @Test func grabberIsCentredBelowTheTop() {
        let sheet = Rect(x: 167, y: 400, width: 700, height: 444)
        #expect(SheetChrome().grabberFrame(in: sheet) == Rect(x: 332, y: 5, width: 36, height: 5))
        #expect(SheetChrome(showsGrabber: false).grabberFrame(in: sheet) == nil)
        #expect(SheetChrome().grabberFrame(in: Rect(x: 0, y: 0, width: 30, height: 100)) == nil)
        #expect(SheetChrome().grabberFrame(in: Rect(x: 0, y: 0, width: 100, height: 9)) == nil)
    }

    /// Item 15: transitions ask for 80 to 120 Hz, preferably 120 (a system default would keep ProMotion iPhones at
    /// 60 Hz); any request is normalised to a valid range.
    @Test func transitionsAskForProMotionRates() {
        let request = FrameRateRequest.transition
        #expect(request.minimum > 60, "a minimum of \(request.minimum) Hz lets the system stay at 60")
        #expect(request.maximum == 120 && request.preferred == 120)
        let inverted = FrameRateRequest(minimum: 120, maximum: 80, preferred: 200)
        #expect(inverted == FrameRateRequest(minimum: 80, maximum: 120, preferred: 120))
        let invalid = FrameRateRequest(minimum: .nan, maximum: -1, preferred: 0)
        #expect(invalid == .transition)
        let sixty = FrameRateRequest(minimum: 30, maximum: 60, preferred: 90)
        #expect(sixty.preferred == 60)
    }
}
