#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few file operations the preview needs, on the C library (no Foundation). Errors carry the path and
/// the system's message.
enum FileSystem {
    /// The text of the current `errno`.
    static func lastError() -> String {
        String(cString: strerror(errno))
    }

    /// Creates `path` and its missing parents (like `mkdir -p`); fine if it already is a directory.
    static func makeDirectory(_ path: String) throws(PreviewError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += component
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw .io("cannot create directory '\(prefix)': \(lastError())")
            }
            prefix += "/"
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw .io("cannot use output directory '\(path)': \(lastError())") }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .io("cannot use output directory '\(path)': not a directory")
        }
    }

    /// Writes `bytes` to `path` (created or truncated); on failure removes what it wrote.
    static func write(_ bytes: [UInt8], to path: String) throws(PreviewError) {
        guard let file = fopen(path, "wb") else { throw .io("cannot write '\(path)': \(lastError())") }
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        let flushed = fflush(file) == 0
        let reason = lastError()
        let closed = fclose(file) == 0
        guard written == bytes.count, flushed, closed else {
            unlink(path)
            throw .io("cannot write '\(path)': \(reason)")
        }
    }

    /// Renames `from` to `to`, replacing `to` atomically.
    static func rename(_ from: String, to: String) throws(PreviewError) {
        #if canImport(Glibc)
            let status = Glibc.rename(from, to)
        #else
            let status = Darwin.rename(from, to)
        #endif
        guard status == 0 else { throw .io("cannot rename '\(from)' to '\(to)': \(lastError())") }
    }

    /// Removes `path`, ignoring a missing file.
    static func remove(_ path: String) {
        unlink(path)
    }

    /// Whether something exists at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// `write(2)` of `bytes[offset...]` to descriptor `fd`; returns what the call returned.
    static func writeDescriptor(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int {
        guard let base = bytes.baseAddress, offset < bytes.count else { return 0 }
        #if canImport(Glibc)
            return Glibc.write(fd, base + offset, bytes.count - offset)
        #else
            return Darwin.write(fd, base + offset, bytes.count - offset)
        #endif
    }

    /// This process's id, to make temporary names unique per run.
    static var processID: Int32 { getpid() }
}
