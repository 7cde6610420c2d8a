/// The points of a CSS Easing 2 `linear()` function after the spec's fill-in of missing positions.
struct PiecewiseLinear: Sendable, Hashable {
    /// Input positions, non-decreasing; the same count as `outputs`, at least 2.
    let inputs: [Double]
    /// Output progress at each position.
    let outputs: [Double]

    /// "Create a linear easing function" (CSS Easing 2, section 2.2.1).
    init(_ stops: [TimingCurve.LinearStop]) throws(KernelError) {
        guard stops.count >= 2 else {
            throw .invalidArgument("linear() needs at least two stops, got \(stops.count)")
        }
        var inputs: [Double?] = []
        var outputs: [Double] = []
        inputs.reserveCapacity(stops.count * 2)
        outputs.reserveCapacity(stops.count * 2)
        var largest = -Double.infinity
        for (index, stop) in stops.enumerated() {
            guard stop.output.isFinite, stop.input?.isFinite ?? true, stop.inputEnd?.isFinite ?? true else {
                throw .invalidArgument("linear() stop \(index) has a non-finite output or position")
            }
            outputs.append(stop.output)
            if let input = stop.input {
                // Positions never go backwards: each is raised to the largest one before it.
                largest = max(input, largest)
                inputs.append(largest)
                if let end = stop.inputEnd {
                    largest = max(end, largest)
                    outputs.append(stop.output)
                    inputs.append(largest)
                }
            } else if index == 0 {
                largest = 0
                inputs.append(0)
            } else if index == stops.count - 1 {
                inputs.append(max(1, largest))
            } else {
                inputs.append(nil)
            }
        }
        // Runs without a position are spread evenly between the nearest placed neighbours; the first
        // and last points always have one, so every run has both.
        var filled = [Double](repeating: 0, count: inputs.count)
        var previous = 0
        for index in inputs.indices {
            guard let input = inputs[index] else { continue }
            filled[index] = input
            let gap = index - previous
            if gap > 1 {
                let start = filled[previous]
                for missing in 1..<gap {
                    filled[previous + missing] = start + (input - start) * Double(missing) / Double(gap)
                }
            }
            previous = index
        }
        self.inputs = filled
        self.outputs = outputs
    }

    /// Index of the segment (points a and a + 1) that CSS uses for `progress`: the last point at or
    /// before it, moved back one at the final point, 0 before the first. Binary search, no allocation.
    private func segment(for progress: Double) -> Int {
        var low = 0
        var high = inputs.count  // invariant: the answer is in [low, high)
        guard inputs[0] <= progress else { return 0 }
        while high - low > 1 {
            let middle = (low + high) / 2
            if inputs[middle] <= progress { low = middle } else { high = middle }
        }
        return min(low, inputs.count - 2)
    }

    /// "Calculate the output of a linear easing function".
    func value(at progress: Double) -> Double {
        guard !progress.isNaN else { return progress }
        let a = segment(for: progress)
        let range = inputs[a + 1] - inputs[a]
        if range == 0 { return outputs[a + 1] }
        return outputs[a] + (progress - inputs[a]) / range * (outputs[a + 1] - outputs[a])
    }

    /// Slope of the segment `value(at:)` uses; 0 where two points share a position.
    func slope(at progress: Double) -> Double {
        guard !progress.isNaN else { return progress }
        let a = segment(for: progress)
        let range = inputs[a + 1] - inputs[a]
        return range == 0 ? 0 : (outputs[a + 1] - outputs[a]) / range
    }
}
