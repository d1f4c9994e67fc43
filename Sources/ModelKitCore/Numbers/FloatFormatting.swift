/// Binary floating-point numbers as text, straight into a caller's buffer.
///
/// The digits are the ones `description` prints — the shortest text that reads back to the same
/// value — because they come from the same place: the Swift runtime's formatter, whose result
/// `description` copies into a new `String`. Calling it directly skips that copy and its
/// allocation, and keeps the output byte for byte what it always was.
enum FloatFormatting {
    /// The most bytes ``write(_:into:)`` writes (the runtime formats into 32-byte buffers).
    static let maxCount = 32

    /// Writes `value` as `description` would (`0.1`, `1e-05`, `1.0`, `-0.0`, `5e-324`) at `out`,
    /// which has room for ``maxCount`` bytes; returns the number of bytes written.
    @inline(__always)
    static func write(_ value: Double, into out: UnsafeMutablePointer<UInt8>) -> Int {
        guard runtimeMatchesDescription else { return copy(value.description, into: out) }
        return runtimeWrite(value, into: out)
    }

    /// `Float` as its own `description` prints it (`0.1`, not the `Double` digits `0.10000000149011612`).
    @inline(__always)
    static func write(_ value: Float, into out: UnsafeMutablePointer<UInt8>) -> Int {
        guard runtimeMatchesDescription else { return copy(value.description, into: out) }
        return runtimeWrite(value, into: out)
    }

    // The runtime's formatter leaves some `0` digits (a leading `0` before the point, a trailing
    // `.0`) to a buffer prefilled with `0`, as the standard library's own caller prefills it; so
    // each call prefills too.
    @inline(__always)
    private static func runtimeWrite(_ value: Double, into out: UnsafeMutablePointer<UInt8>) -> Int {
        out.update(repeating: UInt8(ascii: "0"), count: maxCount)
        return Int(truncatingIfNeeded: runtimeFloat64ToString(out, UInt(maxCount), value, false))
    }

    @inline(__always)
    private static func runtimeWrite(_ value: Float, into out: UnsafeMutablePointer<UInt8>) -> Int {
        out.update(repeating: UInt8(ascii: "0"), count: maxCount)
        return Int(truncatingIfNeeded: runtimeFloat32ToString(out, UInt(maxCount), value, false))
    }

    private static func copy(_ text: String, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var text = text
        return text.withUTF8 { utf8 in
            let count = min(utf8.count, maxCount)
            out.update(from: utf8.baseAddress!, count: count)
            return count
        }
    }

    /// The runtime entry points are not API: checked once against `description` on values that
    /// exercise every output form, so a runtime that formats differently costs speed, never
    /// correctness.
    static let runtimeMatchesDescription: Bool = {
        let doubles: [Double] = [0, -0.0, 1, -1, 0.1, 0.30000000000000004, 123.456, 1e-5, 1e-4, 1e15, 1e16,
                                 9007199254740992, 123456789012345680, .leastNonzeroMagnitude,
                                 .leastNormalMagnitude, .greatestFiniteMagnitude, -.pi]
        let floats: [Float] = [0, -0.0, 1, 0.1, 16_777_216, 1e-5, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.pi]
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: maxCount)
        defer { scratch.deallocate() }
        func text(_ count: Int) -> String { String(decoding: UnsafeBufferPointer(start: scratch, count: count), as: UTF8.self) }
        return doubles.allSatisfy { text(runtimeWrite($0, into: scratch)) == $0.description }
            && floats.allSatisfy { text(runtimeWrite($0, into: scratch)) == $0.description }
    }()
}

// The Swift runtime's exported formatters behind `Double.description` / `Float.description`
// (standard library `_float64ToString`, `_float32ToString`). They write at most `bufferLength`
// bytes and return the count; `debug: false` selects `description` rather than `debugDescription`.
@_silgen_name("swift_float64ToString")
private func runtimeFloat64ToString(_ buffer: UnsafeMutablePointer<UInt8>, _ bufferLength: UInt,
                                    _ value: Float64, _ debug: Bool) -> UInt64

@_silgen_name("swift_float32ToString")
private func runtimeFloat32ToString(_ buffer: UnsafeMutablePointer<UInt8>, _ bufferLength: UInt,
                                    _ value: Float32, _ debug: Bool) -> UInt64
