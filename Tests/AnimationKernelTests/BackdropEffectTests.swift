import AnimationKernel
import Testing

@Suite struct BackdropEffectTests {
    static let blur = BackdropEffect.blur(
        radius: 20, tint: RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.5), tintAlpha: 0.6, saturation: 1.8)

    @Test(arguments: [0.0, 0.25, 0.5, 1.0])
    func blurInterpolatesLikePullToDismiss(rate: Double) {
        guard case .blur(let radius, let tint, let tintAlpha, let saturation) = Self.blur.interpolated(rate: rate)
        else {
            Issue.record("blur stays blur")
            return
        }
        #expect(radius == 20 * rate)
        #expect(tintAlpha == 0.6 * rate)
        #expect(abs(saturation - ((1.8 - 1) * rate + 1)) < 1e-15)
        #expect(tint.alpha == 0.5)
    }

    @Test(arguments: [-3.0, 7.0, .nan])
    func rateIsClamped(rate: Double) {
        let expected = rate > 1 ? Self.blur : Self.blur.interpolated(rate: 0)
        #expect(Self.blur.interpolated(rate: rate) == expected)
    }

    @Test func shadowAndNoneInterpolate() {
        #expect(
            BackdropEffect.shadow(color: .black, alpha: 0.4).interpolated(rate: 0.5)
                == .shadow(color: .black, alpha: 0.2))
        #expect(BackdropEffect.none.interpolated(rate: 0.5) == .none)
        #expect(BackdropEffect.shadow(color: .black, alpha: 0.4).backdropParameters(displayScale: 3) == nil)
        #expect(BackdropEffect.none.backdropParameters(displayScale: 3) == nil)
    }

    @Test func parametersUseDisplayScaleAndTintAlpha() {
        let p = Self.blur.backdropParameters(displayScale: 3)
        #expect(p?.sigma == 60)
        #expect(p?.saturation == 1.8)
        #expect(abs((p?.tint.alpha ?? 0) - 0.3) < 1e-15)
        #expect(p?.downsample == 0)
        let huge = BackdropEffect.blur(radius: 1e9, tint: .clear, tintAlpha: 2, saturation: 1)
        #expect(huge.backdropParameters(displayScale: 3)?.sigma == 2000)
        #expect(huge.backdropParameters(displayScale: .nan)?.sigma == 0)
    }
}
