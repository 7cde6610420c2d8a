#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh empty directory under the system temporary directory.
func makeTemporaryDirectory() -> String {
    var template = Array("/tmp/preview-tests-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { buffer in
        guard let result = mkdtemp(buffer.baseAddress!) else { return "/tmp/preview-tests-failed" }
        return String(cString: result)
    }
}

/// Names in `directory` (without . and ..); empty if it does not exist.
func listDirectory(_ directory: String) -> [String] {
    guard let handle = opendir(directory) else { return [] }
    defer { closedir(handle) }
    var names: [String] = []
    while let entry = readdir(handle) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
}

/// Removes `directory` and everything in it (one level of subdirectories, enough for these tests).
func removeDirectory(_ directory: String) {
    for name in listDirectory(directory) {
        let path = directory + "/" + name
        if unlink(path) != 0 {
            removeDirectory(path)
        }
    }
    rmdir(directory)
}

/// The bytes of the file at `path`, or `nil`.
func readFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = chunk.withUnsafeMutableBufferPointer { fread($0.baseAddress, 1, $0.count, file) }
        if count == 0 { break }
        bytes += chunk[0..<count]
    }
    return bytes
}

/// Creates an empty regular file.
func touch(_ path: String) {
    if let file = fopen(path, "wb") { fclose(file) }
}

/// Whether the SVG/XML text has balanced, properly nested tags (declarations and self-closing tags allowed),
/// no raw `&` that is not an entity, and one root element. Returns the element names seen.
func checkWellFormed(_ text: String) -> (ok: Bool, elements: [String]) {
    var stack: [String] = []
    var elements: [String] = []
    var roots = 0
    let chars = Array(text)
    var i = 0
    while i < chars.count {
        if chars[i] == "&" {
            let rest = String(chars[i..<min(chars.count, i + 7)])
            guard ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].contains(where: { rest.hasPrefix($0) }) else {
                return (false, elements)
            }
        }
        guard chars[i] == "<" else {
            i += 1
            continue
        }
        guard let close = chars[i...].firstIndex(of: ">") else { return (false, elements) }
        let tag = String(chars[(i + 1)..<close])
        i = close + 1
        if tag.hasPrefix("?") || tag.hasPrefix("!") { continue }
        if tag.hasPrefix("/") {
            guard stack.popLast() == String(tag.dropFirst()) else { return (false, elements) }
            continue
        }
        let name = String(tag.prefix { $0 != " " && $0 != "/" && $0 != "\n" })
        elements.append(name)
        if stack.isEmpty { roots += 1 }
        if !tag.hasSuffix("/") { stack.append(name) }
    }
    return (stack.isEmpty && roots == 1, elements)
}

/// `mkdir` with mode 0755; whether it succeeded.
func mkdirForTest(_ path: String) -> Bool {
    mkdir(path, 0o755) == 0
}
