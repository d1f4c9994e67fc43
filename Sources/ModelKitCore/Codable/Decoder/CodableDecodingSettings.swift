#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `JSONDecoder`'s settings that only the Codable bridge reads (a schema model's keys and values
/// are fixed by its schema). They live in ``DecodingOptions`` so that they travel with it.
struct CodableDecodingSettings: Sendable {
    var keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
    var data: JSONDecoder.DataDecodingStrategy = .base64
    var nonConformingFloats: JSONDecoder.NonConformingFloatDecodingStrategy = .throw
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    var allowsJSON5 = false
    var assumesTopLevelDictionary = false

    /// Immutable storage for ``DecodingOptions``, which copies one reference instead of each setting.
    final class Box: Sendable {
        let settings: CodableDecodingSettings
        init(_ settings: CodableDecodingSettings) { self.settings = settings }
    }

    /// Whether keys are compared as the document spells them (no conversion to apply).
    var usesDefaultKeys: Bool {
        if case .useDefaultKeys = keys { return true }
        return false
    }
}
