import AnimationKernel
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the models hand to Core Animation (``LayerAnimation``), evaluated the way Core Animation documents it, equals
/// the models' own frames at every 120 Hz time from the handover until they settle: within a quarter point for
/// points and half an 8-bit level for alphas.
///
/// The evaluation here is independent of the kernel: `CASpringAnimation` is the damped harmonic oscillator
/// `m x'' + c x' + k x = 0` of the displacement from `toValue`, starting at `fromValue` with `initialVelocity` in
/// distances per second toward `toValue`; a `CABasicAnimation` maps elapsed time through the cubic bézier of its
/// `CAMediaTimingFunction` control points (solved for x by bisection); a `CAKeyframeAnimation` with linear
/// calculation interpolates its values at its key times. After its duration an animation is gone and the layer
/// shows its model value (``LayerAnimation/finalValue``).
@Suite struct RenderServerHandover {
    static let phone = Size(width: 390, height: 844)
    static let safeArea = Insets(top: 47, bottom: 34)

    // MARK: - Core Animation's formulas

    /// The damped harmonic oscillator from displacement `x0` and velocity `v0`, at `t` seconds. Core Animation treats
    /// a damping above critical as critical unless `allowsOverdamping` is set (CAAnimation.h), so ζ is capped at 1.
    static func oscillator(mass m: Double, stiffness k: Double, damping c: Double, x0: Double, v0: Double, t: Double)
        -> Double
    {
        let omega = (k / m).squareRoot()
        let zeta = min(1, c / (2 * (k * m).squareRoot()))
        let decay = zeta * omega
        // x = e^(-ζωt) (x0 cos(ωd t) + (v0 + ζω x0) sin(ωd t) / ωd), which is x0 + (v0 + ω x0) t times e^(-ωt) at
        // critical damping (sin(ωd t) / ωd -> t, computed without cancellation near it).
        let wd = omega * (1 - zeta * zeta).squareRoot()
        let sine = wd > 0 ? sin(wd * t) / wd : t
        return exp(-decay * t) * (x0 * cos(wd * t) + (v0 + decay * x0) * sine)
    }

    /// The cubic bézier timing function through (0, 0), (x1, y1), (x2, y2), (1, 1) at input progress `p`.
    static func timingFunction(_ points: (x1: Double, y1: Double, x2: Double, y2: Double), _ p: Double) -> Double {
        func bezier(_ a: Double, _ b: Double, _ u: Double) -> Double {
            let v = 1 - u
            return 3 * v * v * u * a + 3 * v * u * u * b + u * u * u
        }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if bezier(points.x1, points.x2, mid) < p { low = mid } else { high = mid }
        }
        return bezier(points.y1, points.y2, (low + high) / 2)
    }

    /// What Core Animation shows for `animation` at `time` (the model value before a spring or keyframes start and
    /// after any animation ends; a curve begun earlier is in flight).
    static func coreAnimationValue(_ animation: LayerAnimation, at time: Double) -> Double {
        switch animation {
        case .rest(let value):
            return value
        case .spring(let s):
            let t = time - s.beginTime
            guard t >= 0, t < s.duration else { return s.to }
            let distance = s.to - s.from
            return s.to
                + oscillator(
                    mass: s.mass, stiffness: s.stiffness, damping: s.damping, x0: -distance,
                    v0: s.initialVelocity * distance, t: t)
        case .curve(let c):
            let t = time - c.beginTime
            guard t < c.duration else { return c.to }
            return c.from + (c.to - c.from) * timingFunction(c.controlPoints, max(0, t) / c.duration)
        case .keyframes(let keys, let final):
            // keyTimes are fractions of the duration from the first key.
            let begin = keys.times[0]
            let t = time - begin
            guard t > 0 else { return keys.values[0] }
            guard t < keys.duration else { return final }
            let fractions = keys.keyTimes
            let u = t / keys.duration
            var k = 0
            while k + 2 < fractions.count && fractions[k + 1] <= u { k += 1 }
            let w = (u - fractions[k]) / (fractions[k + 1] - fractions[k])
            return keys.values[k] + (keys.values[k + 1] - keys.values[k]) * w
        }
    }

    // MARK: - The check

    /// A property handed over: its name, the animation, its tolerance, and how to read it from the model's frame
    /// (nil where the frame does not draw it).
    struct Property<Frame> {
        var name: String
        var animation: LayerAnimation
        var tolerance: Double
        var read: (Frame) -> Double?
    }

    /// Checks every property at every 120 Hz time from `start` until one step past `end` (and at `end`), and returns
    /// the worst error relative to each tolerance. A second 120 Hz series, 0.37 of a frame later, checks between the
    /// times the handover itself is checked on (it checks at 240 Hz from `start`).
    @discardableResult
    static func check<Model: TransitionModel>(
        _ model: Model, from start: Double, _ properties: [Property<Model.Frame>],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Double {
        let end = model.settleTime
        #expect(end < .infinity, sourceLocation: sourceLocation)
        var times: [Double] = []
        var k = 0
        while start + Double(k) / 120 < end + 1.0 / 120 {
            times += [start + Double(k) / 120, start + (Double(k) + 0.37) / 120]
            k += 1
        }
        if end > start { times.append(end) }
        var worst = 0.0
        for property in properties {
            var worstHere = (error: 0.0, time: start)
            for t in times {
                guard let expected = property.read(model.frame(at: t)) else { continue }
                let error = abs(coreAnimationValue(property.animation, at: t) - expected)
                if error > worstHere.error { worstHere = (error, t) }
            }
            #expect(
                worstHere.error <= property.tolerance,
                "\(property.name): off by \(worstHere.error) at t = \(worstHere.time) (\(property.animation.kind))",
                sourceLocation: sourceLocation)
            worst = max(worst, worstHere.error / property.tolerance)
        }
        return worst
    }

    static let points = LayerAnimation.pointTolerance
    static let fraction = LayerAnimation.fractionTolerance

    static func sheetProperties<Frame>(
        _ a: BottomSheet.LayerAnimations, _ sheet: @escaping (Frame) -> BottomSheet.Frame
    )
        -> [Property<Frame>]
    {
        [
            Property(name: "sheet x", animation: a.x, tolerance: points) { sheet($0).sheet.minX },
            Property(name: "sheet y", animation: a.y, tolerance: points) { sheet($0).sheet.minY },
            Property(name: "sheet width", animation: a.width, tolerance: points) { sheet($0).sheet.width },
            Property(name: "sheet height", animation: a.height, tolerance: points) { sheet($0).sheet.height },
            Property(name: "dimming", animation: a.dimmingAlpha, tolerance: fraction) { sheet($0).dimmingAlpha },
            Property(name: "sheet alpha", animation: a.sheetAlpha, tolerance: fraction) { sheet($0).sheetAlpha },
        ]
    }

    static func sheet(contentHeight: Double = 420, configure: (inout BottomSheet.Configuration) -> Void = { _ in })
        -> BottomSheet
    {
        var configuration = BottomSheet.Configuration()
        configure(&configuration)
        return BottomSheet(
            layout: .init(containerSize: phone, safeArea: safeArea, contentHeight: contentHeight),
            configuration: configuration)
    }

    // MARK: - BottomSheet

    @Test func sheetPresentFromRestIsOneSpring() throws {
        var model = Self.sheet()
        model.present(at: 1)
        let a = try #require(model.layerAnimations(from: 1))
        guard case .spring(let spring) = a.y else {
            Issue.record("the sheet's y is \(a.y.kind), not a spring")
            return
        }
        // The UIKit present spring (0.35 s, damping 1) in CA's units: k = ω², c = 2 ω, velocity 0.5 distances/s.
        #expect(spring.mass == 1)
        #expect(abs(spring.damping - 2 * spring.stiffness.squareRoot()) < 1e-9)
        #expect(abs(spring.initialVelocity - 0.5) < 1e-9)
        #expect(a.x == .rest(0) && a.width == .rest(390))
        Self.check(model, from: 1, Self.sheetProperties(a) { $0 })
    }

    @Test func sheetInterruptedMidFlightHandsOverTheExactState() throws {
        var model = Self.sheet()
        model.present(at: 0)
        model.dismiss(at: 0.12)
        model.present(at: 0.2)
        let a = try #require(model.layerAnimations(from: 0.23))
        #expect(a.y.kind == "spring")
        Self.check(model, from: 0.23, Self.sheetProperties(a) { $0 })
    }

    @Test func sheetDetentChangeAndDismissal() throws {
        var model = Self.sheet { $0.detents = [.fraction(0.4), .large] }
        model.present(at: 0)
        _ = model.update(to: 3)
        let moved = model.moveToDetent(.large, at: 3)
        #expect(moved)
        let move = try #require(model.layerAnimations(from: 3))
        #expect(move.y.kind == "spring" && move.height.kind == "spring")
        Self.check(model, from: 3, Self.sheetProperties(move) { $0 })
        model.dismiss(at: 3.2)
        let out = try #require(model.layerAnimations(from: 3.2))
        Self.check(model, from: 3.2, Self.sheetProperties(out) { $0 })
    }

    @Test func sheetContentChangeWhilePresentingIsComposite() throws {
        var model = Self.sheet()
        model.present(at: 0)
        model.setContentHeight(600, at: 0.1)
        // Extent and height now move on different segments: the height combines them (keyframes).
        let a = try #require(model.layerAnimations(from: 0.15))
        #expect(a.all.contains { $0.kind == "keyframes" })
        Self.check(model, from: 0.15, Self.sheetProperties(a) { $0 })
    }

    @Test func sheetAfterADragRelease() throws {
        var model = Self.sheet { $0.detents = [.fraction(0.4), .large] }
        model.present(at: 0)
        _ = model.update(to: 3)
        model.dragBegan(at: 3)
        #expect(model.layerAnimations(from: 3.05) == nil)  // a finger holds it
        model.dragChanged(translation: -120, velocity: -900, at: 3.1)
        model.dragEnded(velocity: -900, at: 3.1)
        let a = try #require(model.layerAnimations(from: 3.1))
        Self.check(model, from: 3.1, Self.sheetProperties(a) { $0 })
    }

    @Test func reduceMotionCrossFadeIsOneTimingCurve() throws {
        var model = Self.sheet { $0.reduceMotion = true }
        model.present(at: 0)
        let a = try #require(model.layerAnimations(from: 0.05))
        guard case .curve(let curve) = a.sheetAlpha else {
            Issue.record("the sheet's alpha is \(a.sheetAlpha.kind), not a curve")
            return
        }
        // easeInEaseOut, begun at the present (before the handover): in flight.
        #expect(curve.controlPoints == (0.42, 0, 0.58, 1))
        #expect(curve.beginTime == 0 && curve.from == 0 && curve.to == 1)
        Self.check(model, from: 0.05, Self.sheetProperties(a) { $0 })
    }

    @Test func atRestEverythingIsARestValue() throws {
        var model = Self.sheet()
        model.present(at: 0)
        _ = model.update(to: 5)
        let a = try #require(model.layerAnimations(from: 5))
        #expect(a.all.allSatisfy { $0.animationCount == 0 })
        #expect(a.y.finalValue == model.frame(at: 5).sheet.minY)
    }

    @Test func badTimesHandOverWithoutHanging() throws {
        // A huge time base (steps below the time's resolution), NaN and infinite handover times.
        var model = Self.sheet()
        model.present(at: 1e15)
        let huge = try #require(model.layerAnimations(from: 1e15))
        #expect(huge.all.allSatisfy { $0.finalValue.isFinite })
        #expect(huge.y.finalValue == model.frame(at: .infinity).sheet.minY)
        let nan = try #require(model.layerAnimations(from: .nan))
        #expect(nan.y.animationCount == 1)
        let far = try #require(model.layerAnimations(from: .infinity))
        #expect(far.all.allSatisfy { $0.animationCount == 0 })
    }

    // MARK: - SheetNavigation

    static func navigationProperties(_ a: SheetNavigation.LayerAnimations) -> [Property<SheetNavigation.Frame>] {
        var list = sheetProperties(a.sheet) { (frame: SheetNavigation.Frame) in frame.sheet }
        for screen in a.screens {
            let instance = screen.instance
            func drawn(_ frame: SheetNavigation.Frame) -> SheetNavigation.ScreenFrame? {
                frame.screens.first { $0.instance == instance }
            }
            list += [
                Property(name: "screen \(instance) x", animation: screen.x, tolerance: points) { drawn($0)?.rect.minX },
                Property(name: "screen \(instance) y", animation: screen.y, tolerance: points) { drawn($0)?.rect.minY },
                Property(name: "screen \(instance) height", animation: screen.height, tolerance: points) {
                    drawn($0)?.rect.height
                },
                Property(name: "screen \(instance) alpha", animation: screen.alpha, tolerance: fraction) {
                    drawn($0)?.alpha
                },
            ]
        }
        list.append(
            Property(name: "bar alpha", animation: a.navigationBarAlpha, tolerance: fraction) { $0.navigationBarAlpha })
        return list
    }

    @Test func navigationPushAndInterruptingPop() throws {
        var nav = SheetNavigation(
            root: .init(id: "root", contentHeight: 300), containerSize: Self.phone, safeArea: Self.safeArea)
        nav.present(at: 0)
        _ = nav.update(to: 3)
        nav.push(.init(id: "detail", contentHeight: 300), at: 3)
        let push = try #require(nav.layerAnimations(from: 3))
        #expect(push.screens.count == 2)
        #expect(push.screens.allSatisfy { $0.x.kind == "spring" || $0.x.kind == "curve" })
        Self.check(nav, from: 3, Self.navigationProperties(push))
        _ = nav.pop(at: 3.15)
        let pop = try #require(nav.layerAnimations(from: 3.15))
        Self.check(nav, from: 3.15, Self.navigationProperties(pop))
        // A push that also changes the sheet's height.
        _ = nav.update(to: 6)
        nav.push(.init(id: "tall", contentHeight: 560), at: 6)
        let tall = try #require(nav.layerAnimations(from: 6))
        Self.check(nav, from: 6, Self.navigationProperties(tall))
    }

    // MARK: - CardLift

    /// Every number the host sets on the card's two layers (the card and the clip inside it), as the frame gives it
    /// and as it is handed over.
    static func cardLayerProperties(_ a: CardLift.LayerAnimations) -> [Property<CardLift.Frame>] {
        CardLift.LayerKey.allCases.map { key in
            let fraction = key == .cardOpacity || key == .shadowOpacity
            return Property(
                name: "\(key.layer) \(key.keyPath)", animation: a.animation(for: key),
                tolerance: fraction ? Self.fraction : points
            ) { key.value(in: $0) }
        }
    }

    static func cardProperties(_ a: CardLift.LayerAnimations) -> [Property<CardLift.Frame>] {
        cardLayerProperties(a) + [
            Property(name: "card x", animation: a.x, tolerance: points) { $0.card.minX },
            Property(name: "card y", animation: a.y, tolerance: points) { $0.card.minY },
            Property(name: "card width", animation: a.width, tolerance: points) { $0.card.width },
            Property(name: "card height", animation: a.height, tolerance: points) { $0.card.height },
            Property(name: "corner radius", animation: a.cornerRadius, tolerance: points) { $0.cornerRadius },
            Property(name: "shadow radius", animation: a.shadowRadius, tolerance: points) {
                $0.elevation.shadowRadius
            },
            Property(name: "shadow opacity", animation: a.shadowOpacity, tolerance: fraction) {
                $0.elevation.shadowOpacity
            },
            Property(name: "card alpha", animation: a.alpha, tolerance: fraction) { $0.cardAlpha },
        ] + sheetProperties(a.modal) { (frame: CardLift.Frame) in frame.modal }
    }

    static func card(spring: DampedSpring = CardLift.defaultSpring) -> CardLift {
        var configuration = CardLift.Configuration()
        configuration.spring = spring
        return CardLift(
            source: Rect(x: 16, y: 342, width: 358, height: 120), target: Rect(x: 16, y: 100, width: 358, height: 200),
            modalLayout: .init(containerSize: phone, safeArea: safeArea, contentHeight: 480),
            configuration: configuration)
    }

    @Test func cardLiftOpenAndCloseMidFlight() throws {
        var card = Self.card()
        card.open(at: 1)
        let open = try #require(card.layerAnimations(from: 1))
        // The rect's lanes are springs.
        #expect(open.y.kind == "spring" && open.height.kind == "spring")
        Self.check(card, from: 1, Self.cardProperties(open))
        card.close(at: 1.2)
        let close = try #require(card.layerAnimations(from: 1.2))
        Self.check(card, from: 1.2, Self.cardProperties(close))
    }

    @Test func cardLiftWithoutOvershootHandsOverSpringsOnly() throws {
        var card = Self.card(spring: CardLift.nonBouncingSpring)
        card.open(at: 0)
        let open = try #require(card.layerAnimations(from: 0))
        for (name, animation) in [("corner", open.cornerRadius), ("shadow", open.shadowOpacity), ("y", open.y)] {
            #expect(animation.kind == "spring", "\(name) is \(animation.kind)")
        }
        Self.check(card, from: 0, Self.cardProperties(open))
    }

    @Test func overdampedSpringsGoOverAsKeyframes() throws {
        var card = Self.card(spring: try DampedSpring(response: 0.4, dampingRatio: 1.5))
        card.open(at: 0)
        let open = try #require(card.layerAnimations(from: 0))
        #expect(open.y.kind == "keyframes" && open.height.kind == "keyframes")
        Self.check(card, from: 0, Self.cardProperties(open))
    }

    /// The control points of a rounded rectangle's path drawn as Core Graphics draws one: four sides, and each
    /// corner a cubic quarter arc (handles at 0.5523 of the radius).
    static func controlPoints(_ shape: RoundedRect) -> [(x: Double, y: Double)] {
        let (x, y, w, h) = (shape.rect.minX, shape.rect.minY, shape.rect.width, shape.rect.height)
        let r = shape.cornerRadius
        let k = 0.5522847498 * r
        return [
            (x + r, y), (x + w - r, y), (x + w - r + k, y), (x + w, y + r - k), (x + w, y + r), (x + w, y + h - r),
            (x + w, y + h - r + k), (x + w - r + k, y + h), (x + w - r, y + h), (x + r, y + h), (x + r - k, y + h),
            (x, y + h - r + k), (x, y + h - r), (x, y + r), (x, y + r - k), (x + r - k, y), (x + r, y),
        ]
    }

    /// What Core Animation shows for a path animation at `time`: for a spring or a curve from one path to another,
    /// every control point moved by its progress; between two keyframes every control point interpolated linearly,
    /// the first key before them (fill mode backwards); the model value after either.
    static func coreAnimationPath(_ animation: RoundedRectAnimation, at time: Double) -> [(x: Double, y: Double)] {
        if case .progress(let progress, let from, let to) = animation {
            let p = coreAnimationValue(progress, at: time)
            return zip(controlPoints(from), controlPoints(to)).map { a, b in
                (a.x + (b.x - a.x) * p, a.y + (b.y - a.y) * p)
            }
        }
        guard case .keyframes(let times, let shapes) = animation else { return controlPoints(animation.finalValue) }
        guard time > times[0] else { return controlPoints(shapes[0]) }
        guard time < times[times.count - 1] else { return controlPoints(animation.finalValue) }
        var k = 0
        while times[k + 1] <= time { k += 1 }
        let u = (time - times[k]) / (times[k + 1] - times[k])
        return zip(controlPoints(shapes[k]), controlPoints(shapes[k + 1])).map { a, b in
            (a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u)
        }
    }

    /// Checks the handed-over shadow path against the model's at every 120 Hz time (and 0.37 of a frame later)
    /// until a frame past the settle time: no control point more than a quarter point away.
    static func checkShadowPath(
        _ card: CardLift, _ path: RoundedRectAnimation, from start: Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var worst = (error: 0.0, time: start)
        var k = 0
        while start + Double(k) / 120 < card.settleTime + 1.0 / 120 {
            for t in [start + Double(k) / 120, start + (Double(k) + 0.37) / 120] {
                let expected = controlPoints(card.frame(at: t).shadowPath)
                for (a, b) in zip(coreAnimationPath(path, at: t), expected) {
                    let error = max(abs(a.x - b.x), abs(a.y - b.y))
                    if error > worst.error { worst = (error, t) }
                }
            }
            k += 1
        }
        #expect(
            worst.error <= points, "shadow path: a control point off by \(worst.error) at t = \(worst.time)",
            sourceLocation: sourceLocation)
    }

    @Test func cardLiftHandsOverTheClipAndTheShadowPath() throws {
        for spring in [CardLift.defaultSpring, CardLift.nonBouncingSpring] {
            var card = Self.card(spring: spring)
            card.open(at: 0)
            let open = try #require(card.layerAnimations(from: 0))
            // The clip moves with the card's size and corners; the shadow path follows both.
            #expect(open.animation(for: .clipWidth) == open.width && open.animation(for: .clipHeight) == open.height)
            #expect(open.animation(for: .clipCornerRadius).animationCount == 1)
            // Without overshoot every part of the path moves on the flight's one spring from rest: the path is that
            // spring. With it, the corners follow the lift clamped to 1: keyframes.
            if spring == CardLift.nonBouncingSpring {
                guard case .progress(.spring, _, _) = open.shadowPath else {
                    Issue.record("the shadow path is \(open.shadowPath), not one spring")
                    return
                }
            } else {
                #expect(open.shadowPath.keyCount >= 2, "the shadow path is \(open.shadowPath.keyCount) keys")
            }
            Self.check(card, from: 0, Self.cardLayerProperties(open))
            Self.checkShadowPath(card, open.shadowPath, from: 0)
            card.close(at: 0.15)
            let close = try #require(card.layerAnimations(from: 0.17))
            Self.check(card, from: 0.17, Self.cardLayerProperties(close))
            Self.checkShadowPath(card, close.shadowPath, from: 0.17)
        }
        // Parts that do not share one spring (an overdamped flight goes over as keyframes) give path keyframes.
        var heavy = Self.card(spring: try DampedSpring(response: 0.4, dampingRatio: 1.5))
        heavy.open(at: 0)
        let keys = try #require(heavy.layerAnimations(from: 0)).shadowPath
        #expect(keys.keyCount >= 2, "the shadow path is \(keys)")
        Self.checkShadowPath(heavy, keys, from: 0)
    }

    @Test func aCardFlyingOnACurveHandsItsShadowPathOverAsThatCurve() throws {
        var configuration = CardLift.Configuration()
        configuration.curve = (.easeInEaseOut, 0.35)
        var card = CardLift(
            source: Rect(x: 16, y: 342, width: 358, height: 120), target: Rect(x: 16, y: 100, width: 358, height: 200),
            modalLayout: .init(containerSize: Self.phone, safeArea: Self.safeArea, contentHeight: 480),
            configuration: configuration)
        card.open(at: 0)
        let open = try #require(card.layerAnimations(from: 0.05))
        guard case .progress(.curve(let curve), _, _) = open.shadowPath else {
            Issue.record("the shadow path is \(open.shadowPath), not one curve")
            return
        }
        #expect(curve.beginTime == 0 && curve.duration == 0.35 && curve.from == 0 && curve.to == 1)
        Self.check(card, from: 0.05, Self.cardLayerProperties(open))
        Self.checkShadowPath(card, open.shadowPath, from: 0.05)
    }

    @Test func aCardThatKeepsItsSizeAndCornersKeepsItsShadowPath() throws {
        var configuration = CardLift.Configuration()
        configuration.liftedCornerRadius = configuration.listCornerRadius
        var card = CardLift(
            source: Rect(x: 16, y: 342, width: 358, height: 200), target: Rect(x: 16, y: 100, width: 358, height: 200),
            modalLayout: .init(containerSize: Self.phone, safeArea: Self.safeArea, contentHeight: 480),
            configuration: configuration)
        card.open(at: 0)
        let open = try #require(card.layerAnimations(from: 0))
        let resting = RoundedRect(rect: Rect(x: 0, y: 0, width: 358, height: 200), cornerRadius: 12)
        #expect(open.shadowPath == RoundedRectAnimation.rest(resting))
        Self.checkShadowPath(card, open.shadowPath, from: 0)
    }

    @Test func roundedRectClampsItsCornersAndBadInput() {
        #expect(RoundedRect(rect: Rect(x: 0, y: 0, width: 20, height: 10), cornerRadius: 16).cornerRadius == 5)
        #expect(RoundedRect(rect: Rect(x: 0, y: 0, width: 20, height: 10), cornerRadius: -3).cornerRadius == 0)
        let bad = RoundedRect(rect: Rect(x: .nan, y: 0, width: .infinity, height: -4), cornerRadius: .nan)
        #expect(bad.rect == Rect(x: 0, y: 0, width: bad.rect.width, height: 0) && bad.cornerRadius == 0)
        #expect(bad.rect.width.isFinite)
    }

    // MARK: - PullToDismiss

    static func pullProperties(_ a: PullToDismiss.LayerAnimations) -> [Property<PullToDismiss.Frame>] {
        [
            Property(name: "screen x", animation: a.x, tolerance: points) { $0.screen.minX },
            Property(name: "screen y", animation: a.y, tolerance: points) { $0.screen.minY },
            Property(name: "alpha", animation: a.alpha, tolerance: fraction) { $0.alpha },
            Property(name: "shadow backdrop alpha", animation: a.backdropAlpha, tolerance: fraction) {
                if case .shadow(_, let alpha) = $0.backdrop { return alpha }
                return 0
            },
        ]
    }

    static func release(
        _ model: inout PullToDismiss, translation: Double, velocity: Double, at time: Double = 0.1
    ) {
        model.dragBegan(at: time - 0.1)
        model.dragChanged(translation: translation, velocity: velocity, at: time)
        model.dragEnded(velocity: velocity, at: time)
    }

    @Test func pullToDismissShadowBackdropGoesOverAsALayerOpacity() throws {
        // A cancel: the backdrop darkens again as the screen springs back (the rate's clamp: keyframes or a spring).
        var cancel = PullToDismiss(containerSize: Self.phone)
        Self.release(&cancel, translation: 150, velocity: 0)
        let back = try #require(cancel.layerAnimations(from: 0.1))
        #expect(back.backdropAlpha.animationCount == 1 && !back.blurChanges)
        Self.check(cancel, from: 0.1, Self.pullProperties(back))
        // Reduce Motion: the screen fades out in place, the backdrop with it.
        var reduceMotion = PullToDismiss.Configuration()
        reduceMotion.reduceMotion = true
        var fade = PullToDismiss(containerSize: Self.phone, configuration: reduceMotion)
        Self.release(&fade, translation: 100, velocity: 2000)
        let out = try #require(fade.layerAnimations(from: 0.1))
        #expect(out.alpha.animationCount == 1 && out.backdropAlpha.animationCount == 1)
        Self.check(fade, from: 0.1, Self.pullProperties(out))
    }

    @Test func aChangingBlurStaysOnTheHostAndASteadyOneGoesOver() throws {
        var configuration = PullToDismiss.Configuration()
        configuration.backdrop = .pullToDismissBlur
        // A cancel: the blur strengthens as the screen returns, which only the host can draw.
        var cancel = PullToDismiss(containerSize: Self.phone, configuration: configuration)
        Self.release(&cancel, translation: 150, velocity: 0)
        let back = try #require(cancel.layerAnimations(from: 0.1))
        #expect(back.blurChanges && back.backdropRate.animationCount == 1)
        // A dismissal from past a third of the screen: the blur is gone (rate 0) all the way; the screen goes over.
        var away = PullToDismiss(containerSize: Self.phone, configuration: configuration)
        Self.release(&away, translation: 400, velocity: 1500)
        let out = try #require(away.layerAnimations(from: 0.1))
        #expect(!out.blurChanges && out.backdropRate == .rest(0) && out.backdropAlpha == .rest(0))
        Self.check(away, from: 0.1, Self.pullProperties(out))
        // From nearer the top it changes until the screen passes a third of the way; from there on it is steady.
        var near = PullToDismiss(containerSize: Self.phone, configuration: configuration)
        Self.release(&near, translation: 100, velocity: 2000)
        let early = try #require(near.layerAnimations(from: 0.1))
        let later = early.blurSteadyTime
        #expect(early.blurChanges && later > 0.1 && later < near.settleTime)
        // It is the first such time: a frame before it the blur still shows.
        #expect(near.frame(at: later - 1.0 / 120).backdropRate > 0 && near.frame(at: later).backdropRate == 0)
        let steady = try #require(near.layerAnimations(from: later))
        #expect(!steady.blurChanges && steady.blurSteadyTime == -.infinity, "the blur still changes after \(later) s")
        Self.check(near, from: later, Self.pullProperties(steady))
        // A cancel strengthens it until the screen is back within a fraction of a point; from then on it is steady.
        #expect(back.blurSteadyTime > 0.1 && back.blurSteadyTime <= cancel.settleTime)
        let home = try #require(cancel.layerAnimations(from: back.blurSteadyTime))
        #expect(!home.blurChanges)
        Self.check(cancel, from: back.blurSteadyTime, Self.pullProperties(home))
    }

    @Test func offsetMovesEveryKindOfAnimation() throws {
        var model = PullToDismiss(containerSize: Self.phone)
        Self.release(&model, translation: 150, velocity: 0)
        let a = try #require(model.layerAnimations(from: 0.1))
        for animation in [a.y, a.backdropAlpha, .rest(3)] {
            let moved = animation.offset(by: 422)
            #expect(moved.finalValue == animation.finalValue + 422 && moved.animationCount == animation.animationCount)
            for t in stride(from: 0.1, through: 1.2, by: 0.05) {
                let shift = Self.coreAnimationValue(moved, at: t) - Self.coreAnimationValue(animation, at: t)
                #expect(abs(shift - 422) < 1e-9, "\(animation.kind) moved by \(shift) at t = \(t)")
            }
        }
    }

    @Test(arguments: [(translation: 120.0, velocity: 0.0), (translation: 400.0, velocity: 1500.0)])
    func pullToDismissRelease(translation: Double, velocity: Double) throws {
        var model = PullToDismiss(containerSize: Self.phone)
        model.dragBegan(at: 0)
        model.dragChanged(translation: translation / 2, velocity: velocity, at: 0.05)
        model.dragChanged(translation: translation, velocity: velocity, at: 0.1)
        #expect(model.layerAnimations(from: 0.1) == nil)
        model.dragEnded(velocity: velocity, at: 0.1)
        let a = try #require(model.layerAnimations(from: 0.1))
        #expect(a.y.animationCount == 1)
        Self.check(model, from: 0.1, Self.pullProperties(a))
    }
}

extension LayerAnimation {
    /// The case's name, for messages.
    var kind: String {
        switch self {
        case .rest: return "rest"
        case .spring: return "spring"
        case .curve: return "curve"
        case .keyframes: return "keyframes"
        }
    }
}
