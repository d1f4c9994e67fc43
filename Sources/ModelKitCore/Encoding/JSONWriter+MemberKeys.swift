/// Member keys the Codable bridge hands over one at a time, written at once: a key kept as a
/// `.text` pending key for the value to write cost a copy of the string into `textKeys` and
/// another out of it, each retained and released (a quarter of a small object's encode).
///
/// The object's `count` stays 0 between a written key and its value, so that the value's
/// `beforeValue` writes no comma and counts the member (the schema path's values pay nothing
/// for this); whether a member came before is told by the comma at `memberStart`.
extension JSONWriter {
    /// Writes the separator, `key` and its colon into the open object on top; the next value
    /// written is the member's. The key is read back from the output on an error path
    /// (``writtenKey(at:)``), and ``dropUnwrittenMember()`` takes it back when no value follows.
    /// Pretty output keeps the key for the value to write (its layout goes between them).
    func writeMemberKey(_ key: String) {
        if pretty {
            // Only records the key: never throws.
            try? visitKey(key)
            return
        }
        let index = stack.count - 1
        let start = output.count
        if stack[index].count > 0 || stack[index].memberStart >= 0 { put(UInt8(ascii: ",")) }
        stack[index].count = 0
        stack[index].memberStart = start
        output.putQuoted(key, escapingSlashes: escapesSlashes)
        put(UInt8(ascii: ":"))
    }

    /// Takes back a key that ``writeMemberKey(_:)`` wrote when its value failed before writing
    /// anything (a caller may catch the error and go on, as with a key never given).
    func dropUnwrittenMember() {
        let index = stack.count - 1
        guard !pretty, index >= 0, stack[index].count == 0, stack[index].memberStart >= 0 else { return }
        let start = stack[index].memberStart
        let hadMembers = output.base[start] == UInt8(ascii: ",")
        output.truncate(to: start)
        // The members before it are counted again (one is enough: the count only says "some").
        stack[index].count = hadMembers ? 1 : 0
        stack[index].memberStart = -1
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
