/// Drives a transition model the way a renderer at `hz` would: scripted events are applied at their own
/// timestamps on the first frame at or after them, `update(to:)` runs every frame, and a frame is read exactly at
/// each of `samples` (sorted), so runs at different rates can be compared instant by instant.
func driveAtFrameRate<Model, Frame>(
    _ model: inout Model, script: [(Double, (inout Model, Double) -> Void)], hz: Double, samples: [Double],
    update: (inout Model, Double) -> Void, frame: (Model, Double) -> Frame
) -> [Frame] {
    var out: [Frame] = []
    var next = 0
    var sample = 0
    var t = 0.0
    while sample < samples.count {
        let frameTime = min(t, samples[sample])
        while next < script.count, script[next].0 <= frameTime {
            script[next].1(&model, script[next].0)
            next += 1
        }
        update(&model, frameTime)
        if frameTime == samples[sample] {
            out.append(frame(model, frameTime))
            sample += 1
        } else {
            t += 1 / hz
        }
    }
    return out
}
