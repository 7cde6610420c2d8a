import Testing

@testable import PreviewRendering

@Test func moduleLinks() {
    #expect(String(describing: PreviewRendering.self) == "PreviewRendering")
}
