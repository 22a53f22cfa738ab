import Foundation

/// Why a read or write failed, in words a learner can act on.
///
/// Foundation reports most failures as "The operation could not be completed. (NSCocoaErrorDomain
/// error 512.)" and keeps the real cause, a POSIX error, underneath. That cause is what tells a
/// full disk from a read-only folder, so it is dug out and explained:
///
/// ```swift
/// FileSystemFailure.reason(of: error)   // "No space left on device: the disk is full"
/// ```
public enum FileSystemFailure {
    public static func reason(of error: any Error) -> String {
        if let code = posixCode(of: error) { return explanation(of: code) }
        return (error as NSError).localizedDescription
    }

    static func posixCode(of error: any Error) -> Int32? {
        if let posix = error as? POSIXError { return posix.code.rawValue }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return Int32(nsError.code) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error { return posixCode(of: underlying) }
        return nil
    }

    static func explanation(of code: Int32) -> String {
        let system = String(cString: strerror(code))
        let meaning: String? =
            switch code {
            case ENOSPC: "the disk is full"
            case EDQUOT: "your disk quota is used up"
            case EFBIG: "the disk is full or a file-size limit was reached"
            case EROFS: "the file system is read-only"
            case EACCES, EPERM: "the folder is not writable for you"
            case ENOTDIR: "a file is in the way where a folder should be"
            case EISDIR: "a folder is in the way where a file should be"
            case EEXIST: "something of that name is in the way"
            case ELOOP: "a symbolic link points to itself"
            default: nil
            }
        return meaning.map { "\(system): \($0)" } ?? system
    }
}
