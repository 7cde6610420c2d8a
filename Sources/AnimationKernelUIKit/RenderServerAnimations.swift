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

    extension CardLift.LayerAnimations {
        /// Hands the card to the render server: its frame, corner radius, shadow and alpha to `card` (anchor point
        /// (0, 0)); the modal as ``BottomSheet/LayerAnimations/apply(sheet:dimming:)`` does.
        public func apply(card: CALayer, modal: CALayer, dimming: CALayer?) {
            x.apply(to: card, keyPath: "position.x")
            y.apply(to: card, keyPath: "position.y")
            width.apply(to: card, keyPath: "bounds.size.width")
            height.apply(to: card, keyPath: "bounds.size.height")
            cornerRadius.apply(to: card, keyPath: "cornerRadius")
            shadowRadius.apply(to: card, keyPath: "shadowRadius")
            shadowOpacity.apply(to: card, keyPath: "shadowOpacity")
            alpha.apply(to: card, keyPath: "opacity")
            self.modal.apply(sheet: modal, dimming: dimming)
        }
    }

    extension PullToDismiss.LayerAnimations {
        /// Hands the presented screen to the render server: its origin and alpha to `screen` (anchor point (0, 0)).
        public func apply(screen: CALayer) {
            x.apply(to: screen, keyPath: "position.x")
            y.apply(to: screen, keyPath: "position.y")
            alpha.apply(to: screen, keyPath: "opacity")
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
