#if os(iOS) || os(visionOS)
    import AnimationKernel
    import QuartzCore

    extension LayerAnimation {
        /// The Core Animation animation of `keyPath` (a layer key path such as `"position.y"` or `"opacity"`) that
        /// runs this motion on the render server, or nil for ``LayerAnimation/rest(_:)``:
        /// - a spring: `CASpringAnimation` with its mass, stiffness, damping and normalised initial velocity;
        /// - a curve: `CABasicAnimation` with a `CAMediaTimingFunction` of its control points;
        /// - keyframes: `CAKeyframeAnimation` (linear) with its values and key times.
        ///
        /// Times on the model's clock (`CACurrentMediaTime()`, a display link's timestamps) are converted to
        /// `layer`'s time. The fill mode is backwards, so a handover timed at the next frame (a display link's
        /// target timestamp) shows its first value until then, never the model value ahead of time.
        public func coreAnimation(keyPath: String, in layer: CALayer) -> CAAnimation? {
            switch self {
            case .rest:
                return nil
            case .spring(let spring):
                let animation = CASpringAnimation(keyPath: keyPath)
                animation.mass = CGFloat(spring.mass)
                animation.stiffness = CGFloat(spring.stiffness)
                animation.damping = CGFloat(spring.damping)
                animation.initialVelocity = CGFloat(spring.initialVelocity)
                animation.fromValue = NSNumber(value: spring.from)
                animation.toValue = NSNumber(value: spring.to)
                return timed(animation, begin: spring.beginTime, duration: spring.duration, in: layer)
            case .curve(let curve):
                let animation = CABasicAnimation(keyPath: keyPath)
                let p = curve.controlPoints
                animation.timingFunction = CAMediaTimingFunction(
                    controlPoints: Float(p.x1), Float(p.y1), Float(p.x2), Float(p.y2))
                animation.fromValue = NSNumber(value: curve.from)
                animation.toValue = NSNumber(value: curve.to)
                return timed(animation, begin: curve.beginTime, duration: curve.duration, in: layer)
            case .keyframes(let keys, _):
                let animation = CAKeyframeAnimation(keyPath: keyPath)
                animation.values = keys.values.map { NSNumber(value: $0) }
                animation.keyTimes = keys.keyTimes.map { NSNumber(value: $0) }
                return timed(animation, begin: keys.times[0], duration: keys.duration, in: layer)
            }
        }

        /// Sets `layer`'s model value at `keyPath` to ``LayerAnimation/finalValue`` and adds the animation under the
        /// key `keyPath` (replacing the previous handover's), or removes it at rest. Call it inside a transaction
        /// with actions disabled for a layer that is not a view's, so setting the model value adds no implicit
        /// animation.
        public func apply(to layer: CALayer, keyPath: String) {
            layer.setValue(NSNumber(value: finalValue), forKeyPath: keyPath)
            if let animation = coreAnimation(keyPath: keyPath, in: layer) {
                layer.add(animation, forKey: keyPath)
            } else {
                layer.removeAnimation(forKey: keyPath)
            }
        }

        private func timed(_ animation: CAAnimation, begin: Double, duration: Double, in layer: CALayer)
            -> CAAnimation
        {
            animation.beginTime = layer.convertTime(begin, from: nil)
            animation.duration = duration
            animation.fillMode = .backwards
            return animation
        }
    }

    extension BottomSheet.LayerAnimations {
        /// Hands the sheet to the render server: the frame to `sheet` (whose anchor point must be (0, 0), so its
        /// position is the frame's origin), its alpha to `sheet`'s opacity, the dimming to `dimming`'s opacity.
        public func apply(sheet: CALayer, dimming: CALayer?) {
            x.apply(to: sheet, keyPath: "position.x")
            y.apply(to: sheet, keyPath: "position.y")
            width.apply(to: sheet, keyPath: "bounds.size.width")
            height.apply(to: sheet, keyPath: "bounds.size.height")
            sheetAlpha.apply(to: sheet, keyPath: "opacity")
            if let dimming { dimmingAlpha.apply(to: dimming, keyPath: "opacity") }
        }
    }

    extension RoundedRect {
        /// The path Core Graphics draws for the shape. A radius is at least 1/64 point (where the rect allows it): a
        /// zero radius may build a path of another structure (a plain rectangle), which Core Animation cannot
        /// interpolate with rounded ones; 1/64 point is far below what a handover may differ by.
        public var cgPath: CGPath {
            let floor = min(1.0 / 64, rect.width / 2, rect.height / 2)
            let radius = CGFloat(max(cornerRadius, floor))
            return CGPath(roundedRect: rect.cgRect, cornerWidth: radius, cornerHeight: radius, transform: nil)
        }
    }

    extension RoundedRectAnimation {
        /// Sets `layer`'s shadow path to ``RoundedRectAnimation/finalValue`` and adds, under the key `"shadowPath"`,
        /// a `CASpringAnimation` or `CABasicAnimation` from one path to the other
        /// (``RoundedRectAnimation/progress(_:from:to:)``) or a linear `CAKeyframeAnimation` of the paths; or removes
        /// it at rest. Times as ``LayerAnimation/coreAnimation(keyPath:in:)`` converts them.
        public func applyShadowPath(to layer: CALayer) {
            layer.shadowPath = finalValue.cgPath
            switch self {
            case .rest:
                layer.removeAnimation(forKey: "shadowPath")
            case .progress(let progress, let from, let to):
                // The progress's timing (spring or curve), with the paths as its values.
                guard let animation = progress.coreAnimation(keyPath: "shadowPath", in: layer) as? CABasicAnimation
                else { return layer.removeAnimation(forKey: "shadowPath") }
                animation.fromValue = from.cgPath
                animation.toValue = to.cgPath
                layer.add(animation, forKey: "shadowPath")
            case .keyframes(let times, let shapes):
                addKeyframes(times: times, shapes: shapes, to: layer)
            }
        }

        private func addKeyframes(times: [Double], shapes: [RoundedRect], to layer: CALayer) {
            let animation = CAKeyframeAnimation(keyPath: "shadowPath")
            animation.values = shapes.map { $0.cgPath }
            animation.keyTimes = keyTimes.map { NSNumber(value: $0) }
            animation.beginTime = layer.convertTime(times[0], from: nil)
            animation.duration = times[times.count - 1] - times[0]
            animation.fillMode = .backwards
            layer.add(animation, forKey: "shadowPath")
        }
    }

    extension CardLift.LayerAnimations {
        /// Hands the card to the render server: every ``CardLift/LayerKey`` to its layer, `card` (frame, shadow,
        /// alpha) or `clip` (the snapshot inside it: size and corners), both with anchor point (0, 0); the shadow
        /// path to `card`; the modal as ``BottomSheet/LayerAnimations/apply(sheet:dimming:)`` does.
        public func apply(card: CALayer, clip: CALayer, modal: CALayer, dimming: CALayer?) {
            for key in CardLift.LayerKey.allCases {
                let layer = key.layer == .card ? card : clip
                animation(for: key).apply(to: layer, keyPath: key.keyPath)
            }
            shadowPath.applyShadowPath(to: card)
            self.modal.apply(sheet: modal, dimming: dimming)
        }
    }

    extension PullToDismiss.LayerAnimations {
        /// Hands the presented screen to the render server: its origin and alpha to `screen`, whose frame at rest is
        /// `resting` (its position is the frame's origin plus the anchor point's offset, so any anchor point works:
        /// the app's own view keeps its centre anchor); a shadow backdrop's alpha to `backdrop`'s opacity. A blur
        /// backdrop is the host's to draw (see ``PullToDismiss/LayerAnimations/blurChanges``).
        public func apply(screen: CALayer, resting: CGRect, backdrop: CALayer?) {
            let anchor = screen.anchorPoint
            x.offset(by: Double(resting.minX + anchor.x * resting.width)).apply(to: screen, keyPath: "position.x")
            y.offset(by: Double(resting.minY + anchor.y * resting.height)).apply(to: screen, keyPath: "position.y")
            alpha.apply(to: screen, keyPath: "opacity")
            if let backdrop { backdropAlpha.apply(to: backdrop, keyPath: "opacity") }
        }
    }

    extension SheetNavigation.ScreenAnimations {
        /// Hands one screen to the render server: its origin, height and alpha to `screen` (anchor point (0, 0)).
        /// Its width is the sheet's (``BottomSheet/LayerAnimations/width``).
        public func apply(screen: CALayer) {
            x.apply(to: screen, keyPath: "position.x")
            y.apply(to: screen, keyPath: "position.y")
            height.apply(to: screen, keyPath: "bounds.size.height")
            alpha.apply(to: screen, keyPath: "opacity")
        }
    }
#endif
