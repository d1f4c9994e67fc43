/// Member keys the Codable bridge hands over one at a time, written at once: a key kept as a
/// `.text` pending key for the value to write cost a copy of the string into `textKeys` and
/// another out of it, each retained and released (a quarter of a small object's encode).
extension JSONWriter {
    /// Writes the separator, `key` and its colon into the open object on top; the next value
    /// written is the member's. The key is read back from the output on an error path
    /// (``writtenKey(at:)``), and ``dropUnwrittenMember()`` takes it back when no value follows.
    func writeMemberKey(_ key: String) {
        let index = stack.count - 1
        if stack[index].isPending { openPendingGroups() }
        stack[index].memberStart = output.count
        if stack[index].count > 0 { put(UInt8(ascii: ",")) }
        stack[index].count += 1
        if pretty { newline(depth: index + 1) }
        output.putQuoted(key, escapingSlashes: escapesSlashes)
        if foundationLayout { put(UInt8(ascii: " ")) }
        put(UInt8(ascii: ":"))
        if pretty { put(UInt8(ascii: " ")) }
        pendingKey = .written
    }

    /// Takes back a key that ``writeMemberKey(_:)`` wrote when its value failed before writing
    /// anything (a caller may catch the error and go on, as with a key never given).
    func dropUnwrittenMember() {
        guard case .written = pendingKey else { return }
        pendingKey = .none
        let index = stack.count - 1
        output.truncate(to: stack[index].memberStart)
        stack[index].count -= 1
    }

    /// The key of the member that begins at `start` (its comma, if any, then the quoted key).
    func writtenKey(at start: Int) -> String? {
        let bytes = output.written
        var i = start
        while i < bytes.count, bytes[i] != UInt8(ascii: "\"") { i += 1 }
        var end = i + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
        guard end < bytes.count else { return nil }
        return BridgeTreeParser.unescaped(UnsafeRawBufferPointer(rebasing: bytes[(i + 1)..<end]))
    }

    func newline(depth: Int) {
        output.reserve(1 + 2 * depth)
        output.appendReserved(UInt8(ascii: "\n"))
        for _ in 0..<(2 * depth) { output.appendReserved(0x20) }
    }

    @inline(__always)
    func writeASCII(_ text: String) {
        var text = text
        text.withUTF8 { put(UnsafeRawBufferPointer($0)) }
    }
}
