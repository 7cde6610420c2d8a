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
        private var renderer: BackdropRenderer?
        private var output: RGBA8Image?
        private var scale: CGFloat = 1

        /// Draws `source` (the view behind) at its screen scale and prepares the reduced image; a size the system
        /// cannot allocate leaves the backdrop empty.
        func capture(_ source: UIView) {
            scale = source.contentScaleFactor
            let width = Int((source.bounds.width * scale).rounded())
            let height = Int((source.bounds.height * scale).rounded())
            guard width > 0, height > 0, var snapshot = try? RGBA8Image(width: width, height: height) else {
                renderer = nil
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
            guard var renderer = try? BackdropRenderer(width: width, height: height, displayScale: Double(scale)),
                (try? renderer.prepare(snapshot)) != nil
            else {
                self.renderer = nil
                return
            }
            let (w, h) = renderer.preparedSize
            output = try? RGBA8Image(width: w, height: h)
            self.renderer = renderer
        }

        /// Renders `effect` where `visible` (points in the view behind, nil: all of it) shows, and shows the result.
        func render(_ effect: BackdropEffect, visible: Rect?) {
            guard var renderer, var output else { return }
            let band = visible.map {
                Rect(x: $0.minX * scale, y: $0.minY * scale, width: $0.width * scale, height: $0.height * scale)
            }
            guard (try? renderer.renderPrepared(effect, into: &output, visible: band)) != nil else { return }
            self.renderer = renderer
            let stride = output.stride
            let (width, height) = (output.width, output.height)
            let image = output.withUnsafeMutableBytes { bytes in
                CGContext(
                    data: bytes.baseAddress, width: width, height: height, bitsPerComponent: 8, bytesPerRow: stride,
                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue
                )?.makeImage()
            }
            self.output = output
            view.layer.contents = image
        }
    }
#endif
