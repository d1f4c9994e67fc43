/// Finding where a string token began from where it ended, for error positions: yajl reports
/// how far it read, not where the token started.
enum StringStart {
    /// The offset of the opening quote of the string whose closing quote is at `closing` in
    /// `bytes`. An unescaped quote cannot occur inside a string, so the first quote found going
    /// back that is preceded by an even number of backslashes is the opening one.
    static func openingQuote(in bytes: UnsafeRawBufferPointer, closingAt closing: Int) -> Int {
        var local = closing
        while local > 0 {
            local -= 1
            if bytes[local] == UInt8(ascii: "\"") {
                var backslashes = 0
                while local - backslashes - 1 >= 0, bytes[local - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                if backslashes % 2 == 0 { break }
            }
        }
        return max(0, local)
    }
}
