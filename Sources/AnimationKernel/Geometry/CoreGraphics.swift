// Conversions to and from CoreGraphics where it exists (Apple platforms; Tests/UIKitTypeCheck checks them for iOS
// and macOS against its stand-in SDK).
#if canImport(CoreGraphics)
    import CoreGraphics

    extension Point {
        /// Converts from a CoreGraphics point.
        public init(_ point: CGPoint) { self.init(x: Double(point.x), y: Double(point.y)) }
        /// This point as a CoreGraphics point.
        public var cgPoint: CGPoint { CGPoint(x: x, y: y) }
    }

    extension Size {
        /// Converts from a CoreGraphics size.
        public init(_ size: CGSize) { self.init(width: Double(size.width), height: Double(size.height)) }
        /// This size as a CoreGraphics size.
        public var cgSize: CGSize { CGSize(width: width, height: height) }
    }

    extension Rect {
        /// Converts from a CoreGraphics rectangle (standardised, so a negative size becomes positive).
        public init(_ rect: CGRect) {
            let r = rect.standardized
            self.init(x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.width), height: Double(r.height))
        }
        /// This rectangle as a CoreGraphics rectangle.
        public var cgRect: CGRect { CGRect(x: minX, y: minY, width: width, height: height) }
    }
#endif
