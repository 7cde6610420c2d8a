// The ObjectiveC module's Swift side: what `#selector`, `BOOL` and NSObject's equality need from it.
@_exported import ObjectiveC

/// Objective-C's `BOOL` as Swift stores it.
@frozen
public struct ObjCBool: Sendable {
    private var value: Bool
    /// Wraps `value`.
    public init(_ value: Bool) { self.value = value }
    /// The wrapped value.
    public var boolValue: Bool { value }
}

/// Bridges `Bool` arguments to `BOOL`.
public func _convertBoolToObjCBool(_ x: Bool) -> ObjCBool { ObjCBool(x) }

/// Bridges `BOOL` results to `Bool`.
public func _convertObjCBoolToBool(_ x: ObjCBool) -> Bool { x.boolValue }

/// An Objective-C method name, as `#selector` produces it.
@frozen
public struct Selector: ExpressibleByStringLiteral, Hashable, Sendable {
    private var name: String
    /// The selector named `name`.
    public init(_ name: String) { self.name = name }
    /// The selector named by a string literal.
    public init(stringLiteral name: String) { self.name = name }
}

extension NSObject: Equatable, Hashable {
    /// Objective-C's `isEqual:`.
    public static func == (lhs: NSObject, rhs: NSObject) -> Bool { lhs.isEqual(rhs) }
    /// The object's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
