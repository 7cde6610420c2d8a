import Testing

@testable import PreviewRendering

@Suite struct Charts {
    func chart() -> ChannelChart {
        ChannelChart(title: "Sheet <present> & dismiss", duration: 2, sampleCount: 50) { t in
            [
                Channel(name: "sheet top", unit: "pt", value: 844 - 700 * min(1, t)),
                Channel(name: "card x", unit: "pt", value: t < 1 ? 0 : .nan),
                Channel(name: "dim & fade", unit: "opacity", value: min(1, t / 2)),
                Channel(name: "blur radius", unit: "px", value: 30),
            ]
        }
    }

    @Test func svgIsWellFormedAndNamesEveryChannel() {
        let svg = chart().svg()
        let check = checkWellFormed(svg)
        #expect(check.ok)
        #expect(check.elements.first == "svg")
        for name in ["sheet top", "card x", "dim &amp; fade", "blur radius", "Sheet &lt;present&gt; &amp; dismiss"] {
            #expect(svg.contains(">\(name)<"), "\(name)")
        }
        // One panel per unit, labelled with the unit.
        #expect(svg.ranges(of: "class=\"panel\"").count == 3)
        for unit in ["pt", "opacity", "px"] { #expect(svg.contains(">\(unit)</text>")) }
        #expect(svg.contains("time (s)"))
    }

    @Test func missingSamplesBreakTheLineInsteadOfBridgingIt() {
        let svg = chart().svg()
        // "card x" is finite for t < 1 only: one polyline of the 25 finite samples, not 50 points.
        let pointCounts = svg.ranges(of: "points=\"").map { range -> Int in
            let points = svg[range.upperBound...].prefix { $0 != "\"" }
            return points.split(separator: " ").count
        }
        #expect(pointCounts.sorted() == [25, 50, 50, 50])
    }

    @Test(arguments: [(0.0, 1.0, 0.2), (0, 844, 200), (-3, 3, 2), (0.91, 1.0, 0.02)])
    func ticksAreNiceSteps(low: Double, high: Double, step: Double) {
        let ticks = ChannelChart.niceTicks(low, high).values
        #expect(ticks.count >= 3)
        #expect(zip(ticks, ticks.dropFirst()).allSatisfy { abs($1 - $0 - step) < step * 1e-6 })
        #expect(ticks.first! >= low - 1e-9 && ticks.last! <= high + 1e-9)
    }

    @Test(arguments: [
        (1.5, 2, "1.50"), (-0.004, 2, "0.00"), (-2.5, 0, "-3"), (1234.5678, 1, "1234.6"), (0.05, 3, "0.050"),
    ])
    func numbersFormatWithoutFoundation(value: Double, decimals: Int, text: String) {
        #expect(fmt(value, decimals) == text)
    }
}
