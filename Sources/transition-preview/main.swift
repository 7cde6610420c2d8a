import PreviewRendering

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Everything lives in PreviewRendering so tests can run the same pipeline; see `--help`.
exit(PreviewRunner.run(arguments: Array(CommandLine.arguments.dropFirst())))
