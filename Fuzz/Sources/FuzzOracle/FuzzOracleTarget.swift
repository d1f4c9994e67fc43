import Foundation
import FuzzSupport
import ModelKitCore

/// The Codable bridge against Foundation's `JSONDecoder` (same process): the first byte's low
/// four bits pick a type of the family (OracleTypes.swift), its fifth bit the configuration —
/// both coders as they come (`JSONDecoder()`, `ModelDecoder()`: the Codable door's defaults,
/// `.deferredToDate` dates) or both set to ISO 8601 dates and strict conversion — the rest is
/// the JSON text. The values must be equal, or the `DecodingError` case and coding path; equal
/// values are then encoded by both encoders (EncoderOracle.swift, its higher bits: formatting and
/// strategies). A difference is a finding, except the known ones, tolerated by `tolerated(_:_:_:)`:
///
/// - numbers out of range, fractions into integers, invalid dates: `JSONDecoder` reports
///   `dataCorrupted` at a container's path (often `[]`), ModelDecoder at the value's;
/// - `null` for `Bool` in unkeyed containers and dictionaries: `JSONDecoder` `typeMismatch`,
///   ModelDecoder `valueNotFound`;
/// - coding paths compare by `stringValue` (`JSONDecoder`'s dictionary keys have an `intValue`);
/// - integral floats beyond 2^53 into integers (ModelDecoder exact, `JSONDecoder` through `Double`);
/// - trailing commas (`JSONDecoder` accepts them); ISO 8601 text otherwise
///   malformed that `JSONDecoder` still reads (`2024-02-29T06:35:56+05:0`);
/// - input RFC 8259 rejects: ModelDecoder rejects it as a whole (`dataCorrupted` at `[]`);
///   `JSONDecoder` checks number syntax and UTF-8 only in the values it reads, so `06-0` for an
///   object is a `typeMismatch`, `{"x":-1-1}` a `keyNotFound`, invalid UTF-8 in an unknown
///   member passes;
/// - a dictionary with several bad members: `JSONDecoder` decodes `[K: V]` in its storage's
///   hash order (random per process), ModelDecoder in document order, so each may report a
///   different member first (same container, that member's error);
/// - `Date` values are not compared (fractional seconds differ in the last bits; dates before
///   1582 are Julian in `JSONDecoder`, proleptic Gregorian in ModelDecoder); fractional seconds
///   of more than nine digits are a date to ModelDecoder (RFC 3339), an error to `JSONDecoder`.
func fuzzOracle(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let body = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let selector = data[0]
    switch data[0] % 16 {
    case 0: compare(Box<Int>.self, body, selector)
    case 1: compare(Box<Int8>.self, body, selector)
    case 2: compare(Box<UInt64>.self, body, selector)
    case 3: compare(Box<Double>.self, body, selector)
    case 4: compare(Box<Float>.self, body, selector)
    case 5: compare(Box<Decimal>.self, body, selector)
    case 6: compare(Box<String>.self, body, selector)
    case 7: compare(Box<[Bool?]>.self, body, selector)
    case 8: compare(Box<Date>.self, body, selector)
    case 9: compare(Box<Data>.self, body, selector)
    case 10: compare(AllInts.self, body, selector)
    case 11: compare(Reals.self, body, selector)
    case 12: compare(Texts.self, body, selector)
    case 13: compare(Mixed.self, body, selector)
    case 14: compare(Containers.self, body, selector)
    default: compare(Derived.self, body, selector)
    }
    return 0
}

/// Both decoders as they come, or both set to ISO 8601 dates and strict conversion.
func decoders(defaults: Bool) -> (JSONDecoder, ModelDecoder) {
    if defaults { return (JSONDecoder(), ModelDecoder()) }
    let foundation = JSONDecoder()
    foundation.dateDecodingStrategy = .iso8601
    return (foundation, ModelDecoder(options: DecodingOptions(conversion: .strict, dates: .iso8601)))
}

enum Outcome: Equatable {
    case value(String)
    case error(String, [String])
    case foreign(String)
}

func outcome(_ decode: () throws -> Any) -> Outcome {
    do {
        return .value(fingerprint(try decode()))
    } catch let error as DecodingError {
        let (kind, context): (String, DecodingError.Context)
        switch error {
        case .typeMismatch(_, let c): (kind, context) = ("typeMismatch", c)
        case .valueNotFound(_, let c): (kind, context) = ("valueNotFound", c)
        case .keyNotFound(_, let c): (kind, context) = ("keyNotFound", c)
        case .dataCorrupted(let c): (kind, context) = ("dataCorrupted", c)
        @unknown default: return .foreign("\(error)")
        }
        return .error(kind, context.codingPath.map(\.stringValue))
    } catch {
        return .foreign("\(type(of: error)): \(error)")
    }
}

func compare<T: Decodable>(_ type: T.Type, _ body: [UInt8], _ selector: UInt8) {
    let (foundation, model) = decoders(defaults: selector & 16 != 0)
    // Foundation's JSONDecoder traps (an out-of-bounds source location) when its 512-level limit
    // is reached by a bracket that ends the input (`[` × 513; found by this target, Swift 6.3.1):
    // inputs that could nest that deep are decoded by ModelDecoder alone (it must not crash).
    if body.lazy.filter({ $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") }).count > 512 {
        _ = outcome { try model.decode(T.self, from: body) }
        return
    }
    let expected = outcome { try foundation.decode(T.self, from: Data(body)) }
    var decoded: T?
    let actual = outcome {
        let value = try model.decode(T.self, from: body)
        decoded = value
        return value
    }
    if expected == actual, let encodable = decoded as? any Encodable { compareEncoding(encodable, selector: selector) }
    if expected == actual || tolerated(expected, actual, body) { return }
    fuzzFailure("\(T.self) from \(String(decoding: body, as: UTF8.self).debugDescription): JSONDecoder \(expected), ModelDecoder \(actual)")
}

/// The known differences (see ``fuzzOracle(_:_:)``).
func tolerated(_ expected: Outcome, _ actual: Outcome, _ body: [UInt8]) -> Bool {
    let text = String(decoding: body, as: UTF8.self)
    if text.range(of: #",\s*[\]}]"#, options: .regularExpression) != nil { return true }  // trailing comma
    // Input RFC 8259 rejects, which ModelDecoder rejects as a whole: JSONDecoder checks numbers
    // and UTF-8 only in the values it reads (found by this target).
    if case .error("dataCorrupted", []) = actual, !body.withUnsafeBufferPointer({ RFC8259Validator.isValid($0) }) { return true }
    // ModelDecoder rejected a date JSONDecoder's lenient ISO 8601 parser reads ("4002-010-1T00:00:00Z",
    // zone "+05230"): JSONDecoder then fails elsewhere, or not at all.
    if case .error(_, let path) = actual, case .string(let value)? = jsonValue(at: path, in: body),
       value.range(of: #"[0-9]T[0-9]"#, options: .regularExpression) != nil { return true }
    // A number JSONDecoder reads through Double as an integer (`111111111111116471.7`) and
    // ModelDecoder refuses exactly: JSONDecoder then goes on and may fail elsewhere, or not at all.
    if case .error(let kind, _) = actual, kind == "dataCorrupted" || kind == "typeMismatch", hasNumberIntegralOnlyAsDouble(text) { return true }
    // A dictionary with several bad members: each decoder reports a different one first, each
    // with that member's error (found by this target; JSONDecoder's order is its hash order,
    // random per process). The same member must fail the same way.
    if case .error(let kind, let p) = expected, case .error(let otherKind, let q) = actual, p.count == q.count, !p.isEmpty,
       p.dropLast() == q.dropLast(), kind == otherKind || p.last != q.last,
       case .object? = jsonValue(at: Array(p.dropLast()), in: body) { return true }
    switch (expected, actual) {
    case (.value(let a), .value(let b)):
        let date = #"Date\([^)]*\)"#
        return a.replacingOccurrences(of: date, with: "Date", options: .regularExpression)
            == b.replacingOccurrences(of: date, with: "Date", options: .regularExpression)
    case (.value, .error(let kind, _)) where kind == "typeMismatch" || kind == "dataCorrupted":
        // JSONDecoder's ISO 8601 accepts malformed text too (zones "+05:0", "+05230": found by
        // this target); it reads numbers through Double, so 30 digits, or a fraction that rounds
        // away ("3000000.00000000020" into Int, "18456000048.00000000015" into UInt64), become values.
        return text.range(of: #"[0-9]T[0-9]"#, options: .regularExpression) != nil
            || text.range(of: #"[0-9]{30,}"#, options: .regularExpression) != nil
            || hasNumberIntegralOnlyAsDouble(text)
    case (.error("dataCorrupted", _), .value):
        // An integral float beyond 2^53 that ModelDecoder reads exactly; a zero with an exponent
        // (`0e2`, valid RFC 8259), which JSONDecoder's scanner rejects; an ISO 8601 date with
        // more than nine digits of fractional seconds, which RFC 3339 allows and JSONDecoder
        // rejects (each found by this target).
        return text.range(of: #"[0-9]{16,}(\.|[eE])"#, options: .regularExpression) != nil
            || text.range(of: #"(^|[^0-9.])-?0[eE]"#, options: .regularExpression) != nil
            || text.range(of: #"T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{10,}"#, options: .regularExpression) != nil
    case (.error("dataCorrupted", let p), .error(let kind, let q)):
        if kind == "dataCorrupted" || kind == "typeMismatch" {
            if q.count > p.count && Array(q.prefix(p.count)) == p { return true }  // a container's path, often []
            if kind == "typeMismatch" && p == q { return true }  // invalid base64
        }
        return false
    case (.error("typeMismatch", let p), .error("valueNotFound", let q)):
        return p == q  // null for Bool in an unkeyed container or dictionary
    default:
        return false
    }
}

/// A value's text with every stored property (dictionaries sorted, classes with their superclasses).
func fingerprint(_ value: Any) -> String {
    switch value {
    case let date as Date: return "Date(\(date.timeIntervalSinceReferenceDate))"
    case let data as Data: return "Data(\(data.base64EncodedString()))"
    case let decimal as Decimal: return "Decimal(\(decimal))"
    case let double as Double: return "\(double)"
    case let float as Float: return "\(float)f"
    case let text as String: return text.debugDescription
    default: break
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional: return mirror.children.first.map { fingerprint($0.value) } ?? "nil"
    case .enum where mirror.children.isEmpty: return "\(value)"
    case .dictionary: return "[" + mirror.children.map { fingerprint($0.value) }.sorted().joined(separator: ", ") + "]"
    case .collection: return "[" + mirror.children.map { fingerprint($0.value) }.joined(separator: ", ") + "]"
    case nil: return "\(value)"
    default:
        var parts: [String] = []
        var level: Mirror? = mirror
        while let current = level {
            parts += current.children.map { "\($0.label ?? "_"): \(fingerprint($0.value))" }
            level = current.superclassMirror
        }
        return "\(type(of: value))(" + parts.joined(separator: ", ") + ")"
    }
}

/// The value at a coding path (`stringValue`s, `Index n` for elements) of the document, if any.
func jsonValue(at path: [String], in body: [UInt8]) -> JSONValue? {
    guard var value = try? ModelDecoder().decode(JSONValue.self, from: body) else { return nil }
    for component in path {
        if component.hasPrefix("Index "), let index = Int(component.dropFirst(6)) {
            guard let element = value[index] else { return nil }
            value = element
        } else {
            guard let member = value[component] else { return nil }
            value = member
        }
    }
    return value
}

/// Whether a number with a fraction or exponent in the text is integral once read as a
/// `Double` (which is how JSONDecoder reads an integer field) while its exact value is not.
func hasNumberIntegralOnlyAsDouble(_ text: String) -> Bool {
    var rest = text[...]
    while let match = rest.range(of: #"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?"#, options: .regularExpression) {
        let number = String(rest[match])
        rest = rest[match.upperBound...]
        guard number.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let double = Double(number), double.isFinite,
              double == double.rounded() else { continue }
        // Digit by digit, not through Decimal: its 38 digits drop a fraction further out
        // (`-32761.000…0001057` into Int16, found by this target). Underflows (`1e-400`, which
        // JSONDecoder's integers take as 0) are fractions too.
        if !isExactlyIntegral(number) { return true }
    }
    return false
}

/// Whether the JSON number text is an integer exactly: no nonzero digit below the units.
func isExactlyIntegral(_ number: String) -> Bool {
    var mantissa = Substring(number), exponent = 0
    if let e = mantissa.firstIndex(where: { $0 == "e" || $0 == "E" }) {
        let digits = mantissa[mantissa.index(after: e)...]
        exponent = Int(digits) ?? (digits.hasPrefix("-") ? Int.min / 4 : Int.max / 4)
        mantissa = mantissa[..<e]
    }
    if mantissa.hasPrefix("-") { mantissa = mantissa.dropFirst() }
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    let whole = parts[0], fraction = parts.count > 1 ? parts[1] : ""
    let digits = Array(whole + fraction)
    // digits[units...] are the ones below the units.
    let units = whole.count.addingReportingOverflow(exponent)
    let start = units.overflow ? (exponent < 0 ? 0 : digits.count) : min(max(units.partialValue, 0), digits.count)
    return digits[start...].allSatisfy { $0 == "0" }
}
