/// The last two types the Codable bridge found not to be models (``ModelValue``s).
///
/// Asking whether a type conforms goes through the runtime's conformance cache (a hash lookup,
/// hundreds of instructions): an array of a plain Codable type would pay it per element.
/// Only value types are remembered: a subclass instance may be a model where its static type
/// was not.
struct RecentPlainTypes {
    private var newest: ObjectIdentifier?
    private var previous: ObjectIdentifier?

    @inline(__always)
    func contains(_ type: Any.Type) -> Bool {
        let id = ObjectIdentifier(type)
        return newest == id || previous == id
    }

    mutating func remember(_ type: Any.Type) {
        previous = newest
        newest = ObjectIdentifier(type)
    }
}
