#if canImport(FoundationEssentials) && !FullFoundation
import FoundationEssentials
#else
import Foundation
#endif

// Where a string or number becomes a Date: the strategy in DecodingOptions.dates decides.

extension Date: ModelValue, ScalarModelValue {
    public func presentModelValue(to visitor: ModelEngine.Visitor) throws { try visitor.visitor.visitDate(self) }

    public static func decodeEngineScalar(_ scalar: ModelEngine.Scalar, in context: ModelEngine.Context) throws -> Date? {
        let s = scalar.token, d = context.conversions
        if case .container(let kind, _) = s { return try d.mismatch(expected: "Date", found: kind == .object ? "object" : "array") }
        guard let date = try decodeUnchecked(s, d) else { return nil }
        // Out-of-range seconds (1e300, "1e999", year 10000) would make a Date no text form can
        // print; `.deferredToDate` is a plain Double, any finite one, as JSONDecoder reads it.
        if case .deferredToDate = d.options.dates { return date }
        if DateRange.contains(date.timeIntervalSince1970) { return date }
        return try d.mismatch(expected: "Date (\(DateRange.description))", found: s)
    }

    private static func decodeUnchecked(_ s: ScalarToken, _ d: ScalarConversions) throws -> Date? {
        if s.isNull { return try d.nullForNonOptional("Date") }
        switch d.options.dates {
        case .automatic:
            switch s {
            case .string(let bytes):
                if let date = DateParser.parseAutomatic(bytes) { return date }
                if d.lenient, JSONNumberGrammar.isValid(bytes), let seconds = DoubleParser.parseRepresentable(bytes) {
                    return Date(timeIntervalSince1970: seconds)
                }
            case .number(let text):
                if let seconds = DoubleParser.parseRepresentable(text) { return Date(timeIntervalSince1970: seconds) }
            default: break
            }
            return try d.mismatch(expected: "Date", found: s)
        case .iso8601:
            if case .string(let bytes) = s, let date = DateParser.parseISO8601(bytes) { return date }
            return try d.mismatch(expected: "Date (ISO 8601)", found: s)
        case .secondsSince1970:
            if let seconds = try epochNumber(s, d) { return Date(timeIntervalSince1970: seconds) }
            return try d.mismatch(expected: "Date (seconds since 1970)", found: s)
        case .millisecondsSince1970:
            if let millis = try epochNumber(s, d) { return Date(timeIntervalSince1970: millis / 1000) }
            return try d.mismatch(expected: "Date (milliseconds since 1970)", found: s)
        #if FullFoundation || !canImport(FoundationEssentials)
        case .formatted(let formatter):
            if case .string(let bytes) = s, let date = formatter.date(from: String(decoding: bytes, as: UTF8.self)) { return date }
            return try d.mismatch(expected: "Date (\(formatter.dateFormat ?? "formatted"))", found: s)
        #endif
        case .deferredToDate:
            if let seconds = try epochNumber(s, d) { return Date(timeIntervalSinceReferenceDate: seconds) }
            return try d.mismatch(expected: "Date (seconds since 2001)", found: s)
        case .custom(let convert):
            do {
                return try convert(s.jsonValue)
            } catch {
                throw DecodeFailure(reason: .invalid("Date: \(error)"))
            }
        case .customDecoder(let convert):
            // A schema field has no Decoder of its own: the value gets one from the Codable bridge.
            do {
                return try ModelDecoder.decodeDate(s.jsonValue, with: convert, options: d.options)
            } catch {
                throw DecodeFailure(reason: .invalid("Date: \(error)"))
            }
        }
    }

    private static func epochNumber(_ s: ScalarToken, _ d: ScalarConversions) throws -> Double? {
        switch s {
        // A number no `Double` holds (1e999, 5e-648) is no date, as `JSONDecoder` refuses it.
        case .number(let text): return DoubleParser.parseRepresentable(text)
        case .string(let bytes) where d.lenient && JSONNumberGrammar.isValid(bytes):
            return DoubleParser.parseRepresentable(bytes)
        default: return nil
        }
    }

    /// ISO 8601 text; a date outside years 0…9999 throws, as the JSON writer does: the decoder
    /// refuses such dates, so no form of them would read back.
    public func encodeModelValue(options: EncodingOptions) throws -> JSONValue {
        var bytes: [UInt8] = []
        guard DateFormatting.iso8601(self, into: &bytes) else {
            throw ModelEncodingError(path: "$", message: "\(timeIntervalSince1970) seconds since 1970 is outside \(DateRange.description), the dates ModelKit reads and writes")
        }
        return .string(String(decoding: bytes, as: UTF8.self))
    }

    var scalarJSONValue: JSONValue { (try? encodeModelValue(options: EncodingOptions())) ?? .null }
}
