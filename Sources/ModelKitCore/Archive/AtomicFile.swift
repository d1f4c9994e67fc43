import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Atomic, durable file replacement: temp file in the same directory, write, fsync, rename, fsync
/// the directory. On any error the temporary file is removed and the old file is untouched.
enum AtomicFile {
    static func write(_ bytes: [UInt8], to url: URL) throws {
        let directory = url.deletingLastPathComponent().path
        let path = url.path
        var template = Array((directory + "/." + url.lastPathComponent + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(path, "cannot create a temporary file in \(directory)") }
        let tempPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer {
            if !renamed { unlink(tempPath) }
        }
        do {
            defer { close(fd) }
            var written = 0
            try bytes.withUnsafeBytes { buffer in
                while written < buffer.count {
                    let n = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw failure(path, "write failed")
                    }
                    written += n
                }
            }
            guard fsync(fd) == 0 else { throw failure(path, "fsync failed") }
            // Readable like a file written normally (mkstemp creates it 0600).
            fchmod(fd, 0o644)
        }
        guard rename(tempPath, path) == 0 else { throw failure(path, "rename failed") }
        renamed = true
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY)
        if directoryFD >= 0 {
            defer { close(directoryFD) }
            guard fsync(directoryFD) == 0 else { throw failure(directory, "fsync of the directory failed") }
        }
    }

    private static func failure(_ path: String, _ what: String) -> ArchiveError {
        ArchiveError.fileError(path: path, message: "\(what): \(String(cString: strerror(errno)))")
    }
}
