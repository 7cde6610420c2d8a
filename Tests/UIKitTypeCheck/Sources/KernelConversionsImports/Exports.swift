// What AnimationKernel's CoreGraphics conversions see on Linux when this package compiles them as KernelConversions:
// the module they extend, and Foundation's CGPoint, CGSize and CGRect (CoreGraphics's on Apple platforms).
@_exported import AnimationKernel
@_exported import Foundation
