#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An SVG chart of a scene's channels over time: one panel per unit (so a position in points and an
/// opacity are each readable on their own y axis), a shared time axis in seconds, a polyline and a legend
/// entry per channel, and a title.
package struct ChannelChart: Sendable {
    /// Chart title.
    package var title: String
    /// Sample times in seconds, increasing.
    package var times: [Double]
    /// Channel series in order of first appearance: name, unit and one value per time (NaN where absent).
    package var series: [(name: String, unit: String, values: [Double])]

    /// Samples `channels` at `sampleCount` (>= 2) evenly spaced times over `0...duration`.
    package init(
        title: String, duration: Double, sampleCount: Int = 241, channels: (Double) -> [Channel]
    ) {
        self.title = title
        let count = max(2, sampleCount)
        let end = duration.isFinite && duration > 0 ? duration : 0
        times = (0..<count).map { end * Double($0) / Double(count - 1) }
        var order: [String] = []
        var table: [String: (unit: String, values: [Double])] = [:]
        for (index, time) in times.enumerated() {
            for channel in channels(time) {
                if table[channel.name] == nil {
                    order.append(channel.name)
                    table[channel.name] = (channel.unit, [Double](repeating: .nan, count: count))
                }
                table[channel.name]?.values[index] = channel.value
            }
        }
        series = order.compactMap { name in table[name].map { (name, $0.unit, $0.values) } }
    }

    /// Palette that stays distinct for colour-blind readers (Okabe and Ito, 2008).
    static let palette = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]

    /// The SVG document.
    package func svg() -> String {
        var units: [String] = []
        for s in series where !units.contains(s.unit) { units.append(s.unit) }
        let width = 760.0
        let left = 70.0
        let plotWidth = 470.0
        let legendX = left + plotWidth + 24
        let panelHeight = 170.0
        let panelGap = 46.0
        let top = 56.0
        let height = top + Double(max(units.count, 1)) * (panelHeight + panelGap) + 10
        let t0 = times.first ?? 0
        let t1 = max(times.last ?? 1, t0 + 1e-9)
        func xFor(_ t: Double) -> Double { left + (t - t0) / (t1 - t0) * plotWidth }

        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(fmt(width, 0))" height="\(fmt(height, 0))" \
            viewBox="0 0 \(fmt(width, 0)) \(fmt(height, 0))" font-family="Helvetica, Arial, sans-serif" font-size="12">

            """
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        out += "<text x=\"\(fmt(left, 0))\" y=\"30\" font-size=\"17\" font-weight=\"bold\">\(escape(title))</text>\n"
        var colourIndex = 0
        let timeTicks = Self.niceTicks(t0, t1)
        for (panel, unit) in units.enumerated() {
            let y0 = top + Double(panel) * (panelHeight + panelGap)
            let members = series.filter { $0.unit == unit }
            let finite = members.flatMap { $0.values }.filter { $0.isFinite }
            var low = finite.min() ?? 0
            var high = finite.max() ?? 1
            if high - low < 1e-9 * max(1, abs(high)) {
                low -= max(1e-3, abs(low) * 0.1)
                high += max(1e-3, abs(high) * 0.1)
            }
            let pad = (high - low) * 0.06
            let ticks = Self.niceTicks(low - pad, high + pad)
            let lo = min(low - pad, ticks.values.first ?? low)
            let hi = max(high + pad, ticks.values.last ?? high)
            let pixelsPerUnit: Double = panelHeight / (hi - lo)
            let bottom: Double = y0 + panelHeight
            func yFor(_ v: Double) -> Double {
                let above: Double = (v - lo) * pixelsPerUnit
                return bottom - above
            }

            out += "<g class=\"panel\">\n"
            out += "<rect x=\"\(fmt(left, 1))\" y=\"\(fmt(y0, 1))\" width=\"\(fmt(plotWidth, 1))\" "
            out += "height=\"\(fmt(panelHeight, 1))\" fill=\"#fafafa\" stroke=\"#c8c8c8\"/>\n"
            for v in ticks.values where v >= lo - 1e-12 && v <= hi + 1e-12 {
                let y = yFor(v)
                out += "<line x1=\"\(fmt(left, 1))\" y1=\"\(fmt(y, 2))\" x2=\"\(fmt(left + plotWidth, 1))\" "
                out += "y2=\"\(fmt(y, 2))\" stroke=\"#e4e4e4\"/>\n"
                out += "<text x=\"\(fmt(left - 6, 1))\" y=\"\(fmt(y + 4, 2))\" text-anchor=\"end\" fill=\"#444\">"
                out += "\(fmt(v, ticks.decimals))</text>\n"
            }
            for t in timeTicks.values where t >= t0 - 1e-12 && t <= t1 + 1e-12 {
                let x = xFor(t)
                let bottom = y0 + panelHeight
                out += "<line x1=\"\(fmt(x, 2))\" y1=\"\(fmt(y0, 1))\" x2=\"\(fmt(x, 2))\" y2=\"\(fmt(bottom, 1))\" "
                out += "stroke=\"#eeeeee\"/>\n"
                out += "<line x1=\"\(fmt(x, 2))\" y1=\"\(fmt(bottom, 1))\" x2=\"\(fmt(x, 2))\" "
                out += "y2=\"\(fmt(bottom + 5, 1))\" stroke=\"#888\"/>\n"
                out += "<text x=\"\(fmt(x, 2))\" y=\"\(fmt(bottom + 18, 1))\" text-anchor=\"middle\" fill=\"#444\">"
                out += "\(fmt(t, timeTicks.decimals))</text>\n"
            }
            let axisY = y0 + panelHeight / 2
            out += "<text x=\"16\" y=\"\(fmt(axisY, 1))\" text-anchor=\"middle\" fill=\"#222\" "
            out += "transform=\"rotate(-90 16 \(fmt(axisY, 1)))\">\(escape(unit))</text>\n"
            out += "<text x=\"\(fmt(left + plotWidth, 1))\" y=\"\(fmt(y0 + panelHeight + 34, 1))\" "
            out += "text-anchor=\"end\" fill=\"#444\">time (s)</text>\n"
            for (entry, s) in members.enumerated() {
                let colour = Self.palette[colourIndex % Self.palette.count]
                colourIndex += 1
                // A polyline per finite run, so a missing sample breaks the line instead of bridging it.
                var run: [String] = []
                func flush() {
                    if run.count > 1 {
                        out += "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\" "
                        out += "stroke-linejoin=\"round\" points=\"\(run.joined(separator: " "))\"/>\n"
                    }
                    run.removeAll()
                }
                for (t, v) in zip(times, s.values) {
                    if v.isFinite { run.append("\(fmt(xFor(t), 2)),\(fmt(yFor(v), 2))") } else { flush() }
                }
                flush()
                let ly = y0 + 14 + Double(entry) * 20
                out += "<line x1=\"\(fmt(legendX, 1))\" y1=\"\(fmt(ly - 4, 1))\" x2=\"\(fmt(legendX + 22, 1))\" "
                out += "y2=\"\(fmt(ly - 4, 1))\" stroke=\"\(colour)\" stroke-width=\"3\"/>\n"
                out +=
                    "<text x=\"\(fmt(legendX + 28, 1))\" y=\"\(fmt(ly, 1))\" fill=\"#222\">\(escape(s.name))</text>\n"
            }
            out += "</g>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// Tick values at 1, 2 or 5 times a power of ten, about five across `low...high`, and the decimals
    /// their labels need.
    static func niceTicks(_ low: Double, _ high: Double) -> (values: [Double], decimals: Int) {
        guard low.isFinite, high.isFinite, high > low else { return ([], 0) }
        let rough = (high - low) / 5
        let power = pow(10, floor(log10(rough)))
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
        let decimals = max(0, Int(-floor(log10(step) + 1e-9)))
        var values: [Double] = []
        var v = ceil(low / step - 1e-9) * step
        while v <= high + step * 1e-9 && values.count < 50 {
            values.append(abs(v) < step * 1e-9 ? 0 : v)
            v += step
        }
        return (values, decimals)
    }
}

/// `x` with exactly `decimals` digits after the point, without Foundation (`-0` prints as `0`).
func fmt(_ x: Double, _ decimals: Int) -> String {
    guard x.isFinite else { return "0" }
    let digits = max(0, min(decimals, 9))
    var factor: Double = 1
    for _ in 0..<digits { factor *= 10 }
    let scaled = (abs(x) * factor).rounded()
    guard scaled < 9e17 else { return String(Int64(x.rounded())) }
    let n = Int64(scaled)
    let divisor = Int64(factor)
    let whole = n / divisor
    var text = x < 0 && n != 0 ? "-" : ""
    text += String(whole)
    if digits > 0 {
        let fraction = String(n % divisor)
        text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
    return text
}

/// Escapes the five XML special characters.
func escape(_ text: String) -> String {
    var out = ""
    for ch in text {
        switch ch {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        default: out.append(ch)
        }
    }
    return out
}
