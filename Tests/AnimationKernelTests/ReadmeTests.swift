import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The README's Swift examples are the bodies of `ReadmeSnippets` (which the test target compiles) and, for the UIKit
/// section, of `ReadmeUIKitSnippets` (which Tests/UIKitTypeCheck compiles): every block, line for line, in order.
@Suite struct ReadmeTests {
    static func contents(of path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func trimmed(_ line: Substring) -> String {
        String(line.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    @Test func everyReadmeSwiftBlockIsCompiledByTheSnippets() throws {
        let root = String(
            #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/"))
        let readme = try #require(Self.contents(of: root + "/README.md"), "README.md not found under \(root)")
        // The UIKit section's examples come last; they compile in Tests/UIKitTypeCheck (against stand-in UIKit).
        let snippets =
            try #require(Self.contents(of: root + "/Tests/AnimationKernelTests/ReadmeSnippets.swift"))
            + (try #require(
                Self.contents(of: root + "/Tests/UIKitTypeCheck/Sources/ReadmeCheck/ReadmeUIKitSnippets.swift")))
        let code = snippets.split(separator: "\n", omittingEmptySubsequences: false).map(Self.trimmed)
        var blocks: [[String]] = []
        var current: [String]?
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```swift") {
                current = []
            } else if line.hasPrefix("```"), let block = current {
                blocks.append(block)
                current = nil
            } else if current != nil {
                let text = Self.trimmed(line)
                if !text.isEmpty, !text.hasPrefix("import ") { current!.append(text) }
            }
        }
        #expect(blocks.count >= 7, "found \(blocks.count) Swift blocks in the README")
        var searchFrom = 0
        for (index, block) in blocks.enumerated() {
            let start = (searchFrom..<code.count).first { code[$0] == block[0] }
            guard let start else {
                Issue.record(
                    "README Swift block \(index + 1) (\"\(block[0])\") is not in ReadmeSnippets.swift, in order")
                continue
            }
            let body = Array(code[start...].filter { !$0.isEmpty }.prefix(block.count))
            let mismatch = block.indices.first { $0 >= body.count || block[$0] != body[$0] }
            #expect(mismatch == nil, "README block \(index + 1), line \((mismatch ?? 0) + 1) differs from the snippet")
            searchFrom = start + 1
        }
    }
}
