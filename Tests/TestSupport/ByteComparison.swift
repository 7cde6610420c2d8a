import Testing

/// `nil` when `actual` and `expected` are equal; otherwise how many bytes differ and where the first one is (as a
/// pixel and channel of a packed `width`-pixel-wide image of `channels` bytes a pixel), never the buffers
/// themselves.
public func byteDifference(_ actual: [UInt8], _ expected: [UInt8], width: Int, channels: Int = 4) -> String? {
    guard actual.count == expected.count else {
        return "sizes differ: \(actual.count) vs \(expected.count) bytes"
    }
    var count = 0
    var first = -1
    for i in actual.indices where actual[i] != expected[i] {
        if first < 0 { first = i }
        count += 1
    }
    guard count > 0 else { return nil }
    let pixel = first / channels
    let row = max(width, 1)
    return "\(count) of \(actual.count) bytes differ; first at byte \(first) (x \(pixel % row), y \(pixel / row), "
        + "channel \(first % channels)): \(actual[first]) vs \(expected[first])"
}

/// Expects `actual` to equal `expected` byte for byte, as `#expect(actual == expected)` would, but on failure
/// records only ``byteDifference(_:_:width:channels:)`` (the count of differing bytes and the first pixel and
/// channel with both values), not megabytes of buffer. The issue points at the caller's line.
public func expectSameBytes(
    _ actual: [UInt8], _ expected: [UInt8], width: Int, channels: Int = 4, _ comment: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let difference = byteDifference(actual, expected, width: width, channels: channels)
    let context = comment()
    #expect(
        difference == nil, "\(context)\(context.isEmpty ? "" : ": ")\(difference ?? "")",
        sourceLocation: sourceLocation)
}
