#if os(iOS) || os(visionOS)
    import AnimationKernel
    import UIKit

    /// The blurred backdrop of a pull: the view behind is drawn once per gesture into a snapshot, which a
    /// ``BackdropRenderer`` reduces; each frame renders the effect at the reduced size into a bitmap that becomes
    /// ``view``'s layer contents, enlarged by the compositor over the view behind.
    @MainActor
    final class BlurredBackdrop {
        /// Shows the blurred snapshot; lay it out over the view behind.
        let view = UIView()
        /// The prepared snapshot and its output, rendered in place every frame (a copy of either would reallocate).
        private var backdrop: PreparedBackdrop?
        private var scale: CGFloat = 1

        /// Draws `source` (the view behind) at the reduced size the renderer needs (``PreparedBackdrop/capture``)
        /// and prepares it; a size the system cannot allocate leaves the backdrop empty.
        func capture(_ source: UIView) {
            let plan = PreparedBackdrop.capture(
                pointSize: Size(source.bounds.size), screenScale: Double(source.contentScaleFactor))
            scale = CGFloat(plan.scale)
            let (width, height) = (plan.width, plan.height)
            guard width > 0, height > 0, var snapshot = try? RGBA8Image(width: width, height: height) else {
                backdrop = nil
                return
            }
            let stride = snapshot.stride
            let scale = scale
            snapshot.withUnsafeMutableBytes { bytes in
                guard
                    let context = CGContext(
                        data: bytes.baseAddress, width: width, height: height, bitsPerComponent: 8, bytesPerRow: stride,
                        space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
                else { return }
                // UIKit draws top-down: flip the bitmap context's y axis and scale points to pixels.
                context.translateBy(x: 0, y: CGFloat(height))
                context.scaleBy(x: scale, y: -scale)
                UIGraphicsPushContext(context)
                _ = source.drawHierarchy(in: source.bounds, afterScreenUpdates: false)
                UIGraphicsPopContext()
            }
            backdrop = try? PreparedBackdrop(snapshot: snapshot, displayScale: plan.scale, factor: plan.factor)
        }

        /// Renders `effect` where `visible` (points in the view behind, nil: all of it) shows, and shows the result.
        func render(_ effect: BackdropEffect, visible: Rect?) {
            let band = visible.map {
                Rect(x: $0.minX * scale, y: $0.minY * scale, width: $0.width * scale, height: $0.height * scale)
            }
            // Mutated through the optional in place: no copy of the renderer or its output.
            guard (try? backdrop?.render(effect, visible: band)) != nil else { return }
            let image = backdrop?.withOutput { bytes, width, height, stride in
                CGContext(
                    data: bytes.baseAddress, width: width, height: height, bitsPerComponent: 8, bytesPerRow: stride,
                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue
                )?.makeImage()
            }
            view.layer.contents = image ?? nil
        }
    }
#endif
