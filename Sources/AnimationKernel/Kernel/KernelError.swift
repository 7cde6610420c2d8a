import CKernel

/// The error every throwing API of AnimationKernel uses: a `ck_status` from the C kernel, or a Swift-side
/// validation failure with the same meaning.
///
/// Thrown as a typed error (`throws(KernelError)`), so callers can switch over it exhaustively.
public enum KernelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A required buffer was missing (`CK_ERR_NULL`).
    case nullPointer
    /// A number was NaN, infinite, or outside its documented range (`CK_ERR_ARGUMENT`).
    /// The string names the parameter and the range it must be in.
    case invalidArgument(String)
    /// An image size, stride or scratch size was inconsistent (`CK_ERR_SIZE`).
    case invalidSize(String)
    /// Source and destination overlap without being the same image (`CK_ERR_OVERLAP`).
    case overlap
    /// The kernel could not allocate working memory (`CK_ERR_NOMEM`).
    case outOfMemory

    /// Maps a kernel status to an error; `nil` for `CK_OK`. The one place statuses become Swift errors.
    public init?(status: ck_status) {
        switch status {
        case CK_OK: return nil
        case CK_ERR_NULL: self = .nullPointer
        case CK_ERR_ARGUMENT: self = .invalidArgument(String(cString: ck_status_message(status)))
        case CK_ERR_SIZE: self = .invalidSize(String(cString: ck_status_message(status)))
        case CK_ERR_OVERLAP: self = .overlap
        case CK_ERR_NOMEM: self = .outOfMemory
        default: self = .invalidArgument("unknown kernel status \(status.rawValue)")
        }
    }

    /// Throws the error for a failing kernel status; returns for `CK_OK`.
    @inlinable
    public static func check(_ status: ck_status) throws(KernelError) {
        if let error = KernelError(status: status) { throw error }
    }

    /// A sentence describing the failure.
    public var description: String {
        switch self {
        case .nullPointer: return "a required buffer is missing"
        case .invalidArgument(let what): return "invalid argument: \(what)"
        case .invalidSize(let what): return "invalid size: \(what)"
        case .overlap: return "source and destination overlap without being equal"
        case .outOfMemory: return "the kernel could not allocate working memory"
        }
    }
}
