#if canImport(FoundationEssentials) && !FullFoundation
import FoundationEssentials
#else
import Foundation
#endif

// A Date's JSON form depends on the strategy: the encoder's in the encoder view, the decoder's in
// the strict-decoder view. A strategy with one JSON form gets that form (`date-time` strings,
// numbers); a formatter gives strings; a custom conversion any JSON.

extension Date {
    /// The JSON form of a date under the view's date strategy.
    public static func jsonSchema(in context: JSONSchemaContext) -> JSONValue {
        switch context.view {
        case .encoder: return encodedSchema(context.options.encoding.dates)
        case .strictDecoder: return decodedSchema(context.options.decoding.dates)
        }
    }

    private static func encodedSchema(_ strategy: EncodingOptions.DateEncodingStrategy) -> JSONValue {
        switch strategy {
        case .iso8601: return ["type": "string", "format": "date-time"]
        case .secondsSince1970, .millisecondsSince1970, .deferredToDate: return ["type": "number"]
        #if FullFoundation || !canImport(FoundationEssentials)
        case .formatted(let formatter): return formattedSchema(formatter)
        #endif
        case .custom: return [:]
        }
    }

    private static func decodedSchema(_ strategy: DateDecodingStrategy) -> JSONValue {
        switch strategy {
        case .automatic:
            // `yyyy-MM-dd`, with ` HH:mm:ss` or `THH:mm:ss` (fractions, zone), Twitter's form, numbers.
            return ["anyOf": [
                ["type": "string", "pattern": .string("^" + calendarDate + "(?:[T ]" + clockTime + "(?:" + zone + ")?)?$")],
                ["type": "string", "pattern": .string(twitterPattern)],
                ["type": "number"],
            ]]
        case .iso8601:
            return ["type": "string", "pattern": .string("^" + calendarDate + "T" + clockTime + "(?:" + zone + ")$")]
        case .secondsSince1970, .millisecondsSince1970, .deferredToDate: return ["type": "number"]
        #if FullFoundation || !canImport(FoundationEssentials)
        case .formatted(let formatter): return formattedSchema(formatter)
        #endif
        case .custom, .customDecoder: return [:]
        }
    }

    #if FullFoundation || !canImport(FoundationEssentials)
    private static func formattedSchema(_ formatter: DateFormatter) -> JSONValue {
        guard let format = formatter.dateFormat, !format.isEmpty else { return ["type": "string"] }
        return ["type": "string", "description": .string("a date formatted as \(format)")]
    }
    #endif

    private static let calendarDate = "[0-9]{4}-[0-9]{2}-[0-9]{2}"
    private static let clockTime = "[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\\.[0-9]+)?"
    private static let zone = "Z|[+-][0-9]{2}(?::?[0-9]{2})?"
    private static let twitterPattern = "^[A-Za-z]{3} [A-Za-z]{3} [0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2} [+-][0-9]{2}:?[0-9]{2} [0-9]{4}$"
}
