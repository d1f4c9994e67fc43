#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Atomic, durable file replacement: temp file in the same directory, write, fsync, rename, fsync
/// the directory. On any error the temporary file is removed and the old file is untouched.
///
/// - A symbolic link is followed: its target is replaced and the link stays a link.
/// - The new file keeps the mode of the file it replaces (0600 stays 0600); a new file gets
///   0666 less the process umask, like a file created with `open`.
/// - A writer killed between creating its temporary file and renaming it (SIGKILL, SIGXFSZ)
///   leaves `.<name>.tmp-XXXXXX` next to the target; the next write to the same target removes
///   such leftovers when they are older than ``staleAge`` (younger ones may belong to a
///   concurrent writer).
enum AtomicFile {
    /// Temporaries older than this are leftovers of a killed writer.
    static let staleAge: TimeInterval = 60

    static func write(_ bytes: [UInt8], to url: URL) throws {
        let target = resolvingSymbolicLinks(url.path)
        let directory = deletingLastPathComponent(target).isEmpty ? "." : deletingLastPathComponent(target)
        let name = lastPathComponent(target)
        removeStaleTemporaries(of: name, in: directory)
        var template = Array((directory + "/" + temporaryPrefix(name) + "XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(target, "cannot create a temporary file in \(directory)") }
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
                    let n = systemWrite(fd, buffer.baseAddress! + written, buffer.count - written)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw failure(target, "write failed")
                    }
                    written += n
                }
            }
            // mkstemp creates the file 0600: give it the mode the target has, or would get new.
            guard fchmod(fd, modeForReplacing(target)) == 0 else { throw failure(target, "chmod failed") }
            guard fsync(fd) == 0 else { throw failure(target, "fsync failed") }
        }
        guard rename(tempPath, target) == 0 else { throw failure(target, "rename failed") }
        renamed = true
        let directoryFD = open(directory, O_RDONLY | O_DIRECTORY)
        if directoryFD >= 0 {
            defer { close(directoryFD) }
            guard fsync(directoryFD) == 0 else { throw failure(directory, "fsync of the directory failed") }
        }
    }

    static func temporaryPrefix(_ name: String) -> String { "." + name + ".tmp-" }

    /// The file a path names after following symbolic links (the path itself when it does not exist yet).
    private static func resolvingSymbolicLinks(_ path: String) -> String {
        var current = path
        // A bounded number of hops, like the kernel's limit on link chains.
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK,
                  let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = destination.hasPrefix("/") ? destination
                : appendingPathComponent(deletingLastPathComponent(current), destination)
        }
        return current
    }

    /// The existing file's permission bits, or 0666 less the umask for a new file.
    private static func modeForReplacing(_ path: String) -> mode_t {
        var info = stat()
        if stat(path, &info) == 0 { return info.st_mode & 0o7777 }
        return 0o666 & ~processUmask()
    }

    /// The umask, read without changing it where the system allows (Linux ≥ 4.7 reports it in
    /// /proc): setting it to read it would race with files other threads create meanwhile.
    private static func processUmask() -> mode_t {
        #if os(Linux)
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let mask = mode_t(String(line.dropFirst(6).trimmingWhitespace()), radix: 8) {
            return mask
        }
        #endif
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    /// Removes `.<name>.tmp-XXXXXX` files older than ``staleAge``; errors are ignored (best effort).
    private static func removeStaleTemporaries(of name: String, in directory: String) {
        let prefix = temporaryPrefix(name)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let now = Date().timeIntervalSince1970
        for entry in entries where entry.hasPrefix(prefix) && entry.utf8.count == prefix.utf8.count + 6 {
            let path = directory + "/" + entry
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            #if canImport(Darwin)
            let modified = Double(info.st_mtimespec.tv_sec)
            #else
            let modified = Double(info.st_mtim.tv_sec)
            #endif
            if now - modified > staleAge { unlink(path) }
        }
    }

    private static func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.write(fd, bytes, count)
        #else
        return Darwin.write(fd, bytes, count)
        #endif
    }

    // NSString's path operations, for the paths used here (FoundationEssentials has no NSString).

    /// The path without its last component: `/a/b` → `/a`, `/a` → `/`, `b` → ``.
    private static func deletingLastPathComponent(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The path's last component: `/a/b` → `b`.
    private static func lastPathComponent(_ path: String) -> String {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard path.count > 1, let slash = path.lastIndex(of: "/") else { return String(path) }
        return String(path[path.index(after: slash)...])
    }

    private static func appendingPathComponent(_ directory: String, _ component: String) -> String {
        directory.isEmpty ? component : directory.hasSuffix("/") ? directory + component : directory + "/" + component
    }

    private static func failure(_ path: String, _ what: String) -> ArchiveError {
        ArchiveError.fileError(path: path, message: "\(what): \(String(cString: strerror(errno)))")
    }
}
