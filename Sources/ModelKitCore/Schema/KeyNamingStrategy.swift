/// How a field without an explicit key derives its JSON key from its name.
///
/// Applied once, when the ``Schema`` is built; never per key at run time.
public enum KeyNamingStrategy: Sendable {
    /// The JSON key is the field name.
    case fieldNames
    /// `bookID` → `book_id`, `avatarURL` → `avatar_url`, `htmlURL2` → `html_url2`.
    case snakeCase
    /// Any mapping of your own.
    case custom(@Sendable (String) -> String)

    /// The JSON key for a field called `name`.
    public func key(for name: String) -> String {
        switch self {
        case .fieldNames: return name
        case .snakeCase: return Self.snakeCased(name)
        case .custom(let transform): return transform(name)
        }
    }

    /// Splits on lower→upper transitions and before the last capital of an acronym (`URLPath` → `url_path`).
    static func snakeCased(_ name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        var out = String.UnicodeScalarView()
        for (i, c) in scalars.enumerated() {
            let isUpper = c.properties.isUppercase
            if isUpper && i > 0 {
                let previous = scalars[i - 1]
                let nextIsLower = i + 1 < scalars.count && scalars[i + 1].properties.isLowercase
                let previousIsUpper = previous.properties.isUppercase
                if (!previousIsUpper && previous != "_") || (previousIsUpper && nextIsLower) {
                    out.append("_")
                }
            }
            out.append(contentsOf: isUpper ? String(c).lowercased().unicodeScalars : String(c).unicodeScalars)
        }
        return String(out)
    }
}
