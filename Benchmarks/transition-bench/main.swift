import BenchmarkSupport

// Placeholder: this benchmark arrives with its kernel family.
var report = Report(benchmark: "transition-bench")
report.summary()
