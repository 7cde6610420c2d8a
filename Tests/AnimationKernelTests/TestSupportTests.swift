import TestSupport
import Testing

/// The shared test helpers themselves: a byte comparison that fails when bytes differ and names the first one.
@Suite struct TestSupportTests {
    @Test func byteDifferenceNamesTheCountAndTheFirstPixelAndChannel() {
        let a: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
        var b = a
        b[9] = 99
        b[11] = 0
        #expect(byteDifference(a, a, width: 2) == nil)
        #expect(
            byteDifference(a, b, width: 2) == "2 of 12 bytes differ; first at byte 9 (x 0, y 1, channel 1): 10 vs 99")
        #expect(byteDifference(a, [1], width: 2) == "sizes differ: 12 vs 1 bytes")
    }

    @Test func expectSameBytesFailsWhenBytesDiffer() {
        withKnownIssue { expectSameBytes([0, 0, 0, 0], [0, 0, 1, 0], width: 1) }
        expectSameBytes([7, 8], [7, 8], width: 1, channels: 2)
    }
}
