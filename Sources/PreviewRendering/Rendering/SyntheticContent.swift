import AnimationKernel

/// Colours of the synthetic screens scenes draw: a light, iOS-like palette by default.
package struct ScreenStyle: Sendable, Hashable {
    /// Screen background.
    package var background: Color
    /// Navigation bar background.
    package var bar: Color
    /// Primary "text" bars (titles).
    package var primaryText: Color
    /// Secondary "text" bars (subtitles, body).
    package var secondaryText: Color
    /// Hairlines between rows.
    package var separator: Color
    /// Avatar colours, picked per row.
    package var accents: [Color]

    /// Creates a style.
    package init(
        background: Color, bar: Color, primaryText: Color, secondaryText: Color, separator: Color,
        accents: [Color]
    ) {
        self.background = background
        self.bar = bar
        self.primaryText = primaryText
        self.secondaryText = secondaryText
        self.separator = separator
        self.accents = accents
    }

    /// White background, grey text bars, saturated avatars.
    package static let light = ScreenStyle(
        background: .white, bar: Color(rgb: 0xF7F7F8), primaryText: Color(rgb: 0x3A3A3C),
        secondaryText: Color(rgb: 0xAEAEB2), separator: Color(rgb: 0xE5E5EA),
        accents: [
            Color(rgb: 0x0A84FF), Color(rgb: 0xFF9F0A), Color(rgb: 0x30D158), Color(rgb: 0xFF375F),
            Color(rgb: 0xBF5AF2), Color(rgb: 0x64D2FF),
        ])

    /// A grouped-list look: pale grey background, so white cards and sheets stand out on it.
    package static let grouped = ScreenStyle(
        background: Color(rgb: 0xF2F2F7), bar: Color(rgb: 0xF2F2F7), primaryText: Color(rgb: 0x1C1C1E),
        secondaryText: Color(rgb: 0x8E8E93), separator: Color(rgb: 0xD1D1D6),
        accents: [Color(rgb: 0x5E5CE6), Color(rgb: 0xFF453A), Color(rgb: 0x32D74B), Color(rgb: 0xFFD60A)])
}

/// A deterministic value in 0..<1 from a seed and an index (SplitMix64's finaliser), so synthetic content is
/// the same in every frame and every run.
package func pseudoRandom(seed: UInt64, index: Int) -> Double {
    var z = seed &+ UInt64(bitPattern: Int64(index)) &* 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Double(z >> 11) / Double(1 << 53)
}

extension Canvas {
    /// Draws a synthetic app screen filling `rect`: a navigation bar with a title, then list rows of an
    /// avatar and two lines of text-like bars. Sizes scale with `rect.width / 390` (an iPhone's width in
    /// points), so a scaled-down screen looks like the same screen. Clipped to `rect`; corners rounded by
    /// `cornerRadius` for the background only (content is inset far enough not to cross them). Right-to-left
    /// mirrors the layout inside `rect` (title and avatars on the right).
    package mutating func drawSyntheticScreen(
        in rect: Rect, seed: UInt64 = 1, title: Bool = true, cornerRadius: Double = 0, style: ScreenStyle = .light,
        direction: ReadingDirection = .leftToRight
    ) {
        let unit = rect.width / 390
        guard unit > 0, unit.isFinite else { return }
        withClip(rect) { canvas in
            canvas.fill(rect, cornerRadius: cornerRadius, color: style.background)
            var y = rect.minY + 54 * unit  // status bar
            if title {
                let barHeight = 96 * unit
                canvas.fill(
                    Rect(x: rect.minX, y: rect.minY, width: rect.width, height: 54 * unit + barHeight),
                    cornerRadius: cornerRadius, color: style.bar)
                canvas.fill(
                    Rect(x: rect.minX, y: y + barHeight - 0.5 * unit, width: rect.width, height: 0.5 * unit),
                    color: style.separator)
                let titleWidth = (120 + 80 * pseudoRandom(seed: seed, index: -1)) * unit
                canvas.fill(
                    Rect(x: rect.minX + 20 * unit, y: y + 52 * unit, width: titleWidth, height: 22 * unit)
                        .placed(in: rect, direction),
                    cornerRadius: 6 * unit, color: style.primaryText)
                y += barHeight
            }
            canvas.drawListRows(
                in: Rect(x: rect.minX, y: y, width: rect.width, height: rect.maxY - y), seed: seed, style: style,
                direction: direction)
        }
    }

    /// Draws list rows (avatar, a title bar and a subtitle bar, a hairline) from the top of `rect` down to its
    /// bottom, with sizes scaled by `rect.width / 390`; mirrored inside `rect` for right-to-left.
    package mutating func drawListRows(
        in rect: Rect, seed: UInt64 = 1, style: ScreenStyle = .light, direction: ReadingDirection = .leftToRight
    ) {
        let unit = rect.width / 390
        guard unit > 0, unit.isFinite, rect.height > 0 else { return }
        let rowHeight = 72 * unit
        var index = 0
        var y = rect.minY
        while y < rect.maxY && index < 64 {
            let avatar = 44 * unit
            let accent = style.accents.isEmpty ? style.secondaryText : style.accents[index % style.accents.count]
            fill(
                Rect(x: rect.minX + 16 * unit, y: y + 14 * unit, width: avatar, height: avatar)
                    .placed(in: rect, direction),
                cornerRadius: avatar / 2, color: accent)
            let textX = rect.minX + 76 * unit
            let available = rect.maxX - 20 * unit - textX
            let titleWidth = available * (0.45 + 0.4 * pseudoRandom(seed: seed, index: 2 * index))
            let subtitleWidth = available * (0.6 + 0.38 * pseudoRandom(seed: seed, index: 2 * index + 1))
            fill(
                Rect(x: textX, y: y + 19 * unit, width: titleWidth, height: 13 * unit).placed(in: rect, direction),
                cornerRadius: 6.5 * unit, color: style.primaryText)
            fill(
                Rect(x: textX, y: y + 41 * unit, width: subtitleWidth, height: 11 * unit).placed(in: rect, direction),
                cornerRadius: 5.5 * unit, color: style.secondaryText)
            fill(
                Rect(x: textX, y: y + rowHeight - 0.5 * unit, width: rect.maxX - textX, height: 0.5 * unit)
                    .placed(in: rect, direction),
                color: style.separator)
            y += rowHeight
            index += 1
        }
    }

    /// Draws `count` lines of text-like bars in `rect`, `lineHeight` points apart, with ragged right ends;
    /// the last line of each paragraph of four is shorter. Right-to-left aligns the lines to the right edge.
    package mutating func drawTextLines(
        in rect: Rect, count: Int, lineHeight: Double, seed: UInt64 = 1, color: Color,
        direction: ReadingDirection = .leftToRight
    ) {
        guard count > 0, lineHeight > 0, rect.width > 0 else { return }
        let barHeight = lineHeight * 0.55
        for line in 0..<min(count, 256) {
            let y = rect.minY + Double(line) * lineHeight
            guard y + barHeight <= rect.maxY else { break }
            let paragraphEnd = line % 4 == 3
            let fraction =
                paragraphEnd
                ? 0.35 + 0.3 * pseudoRandom(seed: seed, index: line)
                : 0.82 + 0.18
                    * pseudoRandom(seed: seed, index: line)
            fill(
                Rect(x: rect.minX, y: y, width: rect.width * fraction, height: barHeight).placed(in: rect, direction),
                cornerRadius: barHeight / 2, color: color)
        }
    }
}

extension Rect {
    /// The rectangle as laid out left to right inside `container`, mirrored within it for right-to-left.
    func placed(in container: Rect, _ direction: ReadingDirection) -> Rect {
        guard direction == .rightToLeft else { return self }
        return Rect(x: container.minX + container.maxX - maxX, y: minY, width: width, height: height)
    }
}
