// Small text operations the core needs and FoundationEssentials lacks (`String(format:)`,
// `trimmingCharacters(in:)` live in full Foundation, which links ICU).

/// A byte as two hexadecimal digits (`String(format: "%02x")` or `"%02X"`).
func hexDigits(_ byte: UInt8, uppercase: Bool) -> String {
    let digits: StaticString = "0123456789abcdef"
    let upperDigits: StaticString = "0123456789ABCDEF"
    let table = uppercase ? upperDigits : digits
    return table.withUTF8Buffer { table in
        String(decoding: [table[Int(byte >> 4)], table[Int(byte & 0xF)]], as: UTF8.self)
    }
}

extension StringProtocol {
    /// Without leading and trailing whitespace and newlines (`trimmingCharacters(in: .whitespacesAndNewlines)`).
    func trimmingWhitespace() -> SubSequence {
        var start = startIndex, end = endIndex
        while start < end, self[start].isWhitespace { start = index(after: start) }
        while end > start, self[index(before: end)].isWhitespace { end = index(before: end) }
        return self[start..<end]
    }
}

extension String {
    /// The first scalar in `range` whose properties pass `test`, as a range of the string
    /// (`rangeOfCharacter(from: .uppercaseLetters, range:)` with `\.isUppercase`).
    func rangeOfScalar(in range: Range<Index>, where test: (Unicode.Scalar.Properties) -> Bool) -> Range<Index>? {
        let scalars = unicodeScalars
        var index = range.lowerBound
        while index < range.upperBound {
            let next = scalars.index(after: index)
            if test(scalars[index].properties) { return index..<next }
            index = next
        }
        return nil
    }
}
