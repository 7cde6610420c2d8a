// swift-format-ignore-file: AllPublicDeclarationsHaveDocumentation
// (Protocol and operator witnesses: the protocols document them.)
// The Foundation module's Swift side: the value types Foundation.apinotes bridges Objective-C classes to. Only
// type-checked, never run, so the bridging bodies trap.
@_exported import Foundation

extension String: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSString { fatalError("type-check only") }
    public static func _forceBridgeFromObjectiveC(_ source: NSString, result: inout String?) {}
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSString, result: inout String?) -> Bool {
        false
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSString?) -> String {
        fatalError("type-check only")
    }
}

extension Array: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSArray { fatalError("type-check only") }
    public static func _forceBridgeFromObjectiveC(_ source: NSArray, result: inout [Element]?) {}
    public static func _conditionallyBridgeFromObjectiveC(
        _ source: NSArray, result: inout [Element]?
    ) -> Bool { false }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSArray?) -> [Element] {
        fatalError("type-check only")
    }
}

extension Dictionary: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSDictionary { fatalError("type-check only") }
    public static func _forceBridgeFromObjectiveC(
        _ source: NSDictionary, result: inout [Key: Value]?
    ) {}
    public static func _conditionallyBridgeFromObjectiveC(
        _ source: NSDictionary, result: inout [Key: Value]?
    ) -> Bool { false }
    public static func _unconditionallyBridgeFromObjectiveC(
        _ source: NSDictionary?
    ) -> [Key: Value] { fatalError("type-check only") }
}

/// A broadcast message: `NSNotification` as a Swift value.
public struct Notification {
    /// A notification's name.
    public typealias Name = NSNotification.Name
    /// The notification's name.
    public var name: Name
    /// The object that posted it.
    public var object: Any?
    /// Its payload.
    public var userInfo: [AnyHashable: Any]?
}

extension Notification: _ObjectiveCBridgeable {
    public func _bridgeToObjectiveC() -> NSNotification { fatalError("type-check only") }
    public static func _forceBridgeFromObjectiveC(_ source: NSNotification, result: inout Notification?) {}
    public static func _conditionallyBridgeFromObjectiveC(
        _ source: NSNotification, result: inout Notification?
    ) -> Bool { false }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSNotification?) -> Notification {
        fatalError("type-check only")
    }
}
