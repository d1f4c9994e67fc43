// NSCoder is in Foundation, not FoundationEssentials: on Linux, only with the package trait
// `FullFoundation` (which links all of Foundation and ICU); always on Darwin.
#if FullFoundation || !canImport(FoundationEssentials)
import Foundation

/// Bridges models to `NSCoding` for code that still needs `NSKeyedArchiver`: the model's
/// archive (every field but `.notArchived` ones, superclass fields included) is stored under
/// one key.
///
/// <!-- example: skip: `@objc` and NSCoding's initializers need the Objective-C runtime, which Swift on Linux lacks -->
/// ```swift
/// final class Session: NSObject, NSCoding, Model {
///     var user = ""
///     @objc required override init() {}
///     static let schema = Schema(Session.self) { Field("user", \.user) }
///     func encode(with coder: NSCoder) { ModelCoding.encode(self, with: coder) }
///     required init?(coder: NSCoder) { super.init(); guard ModelCoding.decode(into: self, from: coder) else { return nil } }
/// }
/// ```
public enum ModelCoding {
    static let key = "ModelKit.archive"

    /// Stores `model`'s archive in `coder`.
    public static func encode<M: Model>(_ model: M, with coder: NSCoder) {
        guard let bytes = try? Archive.encode(model) else { return }
        coder.encode(Data(bytes), forKey: key)
    }

    /// Fills `model` (a fresh instance) from `coder`; false when the coder holds no valid archive of its type.
    @discardableResult
    public static func decode<M: Model & AnyObject>(into model: M, from coder: NSCoder) -> Bool {
        guard let data = coder.decodeObject(forKey: key) as? Data else { return false }
        do {
            _ = try data.withUnsafeBytes { try Archive.decode(M.self, $0, into: model) }
            return true
        } catch {
            return false
        }
    }
}
#endif
