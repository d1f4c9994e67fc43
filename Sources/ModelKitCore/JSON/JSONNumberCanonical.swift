/// One form per numeric value: sign, significant digits without leading or trailing zeros, and
/// the exact power of ten they are scaled by. Equality and hashing of ``JSONNumber`` compare it,
/// so they need no floating point and are exact at any size.
struct CanonicalNumber: Hashable {
    /// The power of ten, exact however long the exponent text is.
    enum Exponent: Hashable {
        /// |value| < 10^18.
        case small(Int)
        /// |value| ≥ 10^18, as decimal digits (no leading zeros).
        case large(negative: Bool, magnitude: String)
    }

    var negative: Bool
    /// Empty for zero.
    var digits: String
    var exponent: Exponent

    static let zero = CanonicalNumber(negative: false, digits: "", exponent: .small(0))
    private static let smallBound = 1_000_000_000_000_000_000

    /// The canonical form of number text the grammar accepts; linear in its length.
    init(text: String) {
        var copy = text
        self = copy.withUTF8 { CanonicalNumber(UnsafeRawBufferPointer($0)) }
    }

    private init(negative: Bool, digits: String, exponent: Exponent) {
        self.negative = negative
        self.digits = digits
        self.exponent = exponent
    }

    private init(_ bytes: UnsafeRawBufferPointer) {
        let n = bytes.count
        var i = 0
        let negative = n > 0 && bytes[0] == UInt8(ascii: "-")
        if negative { i = 1 }
        // The mantissa: integer and fraction digits, the point remembered by position.
        let mantissaStart = i
        var pointAt: Int?
        while i < n, bytes[i] == UInt8(ascii: ".") || (bytes[i] >= 0x30 && bytes[i] <= 0x39) {
            if bytes[i] == UInt8(ascii: ".") { pointAt = i }
            i += 1
        }
        let mantissaEnd = i
        var first = mantissaStart
        while first < mantissaEnd, bytes[first] == 0x30 || bytes[first] == UInt8(ascii: ".") { first += 1 }
        guard first < mantissaEnd else {
            self = .zero
            return
        }
        var last = mantissaEnd - 1
        while bytes[last] == 0x30 || bytes[last] == UInt8(ascii: ".") { last -= 1 }
        // value = digits[first...last] × 10^scale (+ the exponent part)
        let fractionDigitsAfterLast: Int
        if let point = pointAt {
            fractionDigitsAfterLast = last > point ? last - point : -(point - last - 1)
        } else {
            fractionDigitsAfterLast = -(mantissaEnd - 1 - last)
        }
        var significant: [UInt8] = []
        significant.reserveCapacity(last - first + 1)
        for j in first...last where bytes[j] != UInt8(ascii: ".") { significant.append(bytes[j]) }
        // |scale| is bounded by the text's length, so it fits an Int.
        let scale = -fractionDigitsAfterLast

        var exponent = Exponent.small(scale)
        if i < n, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var exponentNegative = false
            if i < n, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
                exponentNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            while i < n - 1, bytes[i] == 0x30 { i += 1 }
            let exponentDigits = UnsafeRawBufferPointer(rebasing: bytes[i..<n])
            exponent = Self.sum(exponentDigits, negative: exponentNegative, plus: scale)
        } else if abs(scale) >= Self.smallBound {
            exponent = Self.sum(UnsafeRawBufferPointer(start: nil, count: 0), negative: false, plus: scale)
        }
        self.init(negative: negative, digits: String(decoding: significant, as: UTF8.self), exponent: exponent)
    }

    /// (±digits) + small, normalized to `.small` below 10^18 in magnitude.
    private static func sum(_ digits: UnsafeRawBufferPointer, negative: Bool, plus small: Int) -> Exponent {
        if digits.count <= 18 {
            var value = 0
            for d in digits { value = value * 10 + Int(d &- 0x30) }
            let total = (negative ? -value : value) + small
            if abs(total) < smallBound { return .small(total) }
            return .large(negative: total < 0, magnitude: String(total.magnitude))
        }
        // |digits| ≥ 10^18 > |small|: the sign is the long value's; add or subtract the magnitude.
        var magnitude = Array(digits)
        var carry = small.magnitude
        let adding = (small >= 0) != negative
        var j = magnitude.count - 1
        while carry > 0 {
            guard j >= 0 else { magnitude.insert(0x30 + UInt8(carry % 10), at: 0); carry /= 10; continue }
            let digit = Int(magnitude[j] - 0x30)
            let step = Int(carry % 10)
            carry /= 10
            if adding {
                let v = digit + step
                magnitude[j] = 0x30 + UInt8(v % 10)
                carry += UInt(v / 10)
            } else {
                var v = digit - step
                if v < 0 { v += 10; carry += 1 }
                magnitude[j] = 0x30 + UInt8(v)
            }
            j -= 1
        }
        var start = 0
        while start < magnitude.count - 1, magnitude[start] == 0x30 { start += 1 }
        let text = String(decoding: magnitude[start...], as: UTF8.self)
        if text.utf8.count <= 18, let value = Int(text), value < smallBound { return .small(negative ? -value : value) }
        return .large(negative: negative, magnitude: text)
    }
}

extension JSONNumber {
    var canonical: CanonicalNumber { CanonicalNumber(text: text) }
}
