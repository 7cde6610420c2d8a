// Linux stand-in transcribed from Apple's UIKit documentation, for type-checking only.

@_exported import Foundation
@_exported import KernelConversions
@_exported import QuartzCore
