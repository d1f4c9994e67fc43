@_spi(Reflection) import Swift

/// Finds the byte offset of a final class's stored property from a key path, so that fields of
/// class models are read and written with a load and a store instead of the key-path runtime.
///
/// `MemoryLayout.offset(of:)` answers only for structs. For a class, the key path itself does not
/// tell its offset, but its description names the stored property it points at (the runtime
/// prints `\Root.name` for a stored component, found from the component's offset, and
/// `\Root.<computed …>` for anything else: computed properties, observers, and every property of
/// a non-final class, which a subclass may override). The runtime's field records then give that
/// name's offset and type. Anything that does not match exactly falls back to the key path.
@usableFromInline
enum ClassFieldOffsets {
    @usableFromInline
    static func offset<Root, Value>(of keyPath: KeyPath<Root, Value>, in root: Root.Type, as value: Value.Type) -> Int? {
        // Only writable key paths: a `let` is never stored to behind the compiler's back.
        guard Root.self is AnyObject.Type, keyPath is ReferenceWritableKeyPath<Root, Value> else { return nil }
        let prefix = "\\" + String(describing: Root.self) + "."
        let description = keyPath.debugDescription
        guard description.hasPrefix(prefix) else { return nil }
        let name = description.dropFirst(prefix.count)
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        var found: Int?
        // `.classType` (1 << 0), spelled by value: the stdlib declares it as a mutable static.
        _ = _forEachField(of: Root.self, options: _EachFieldOptions(rawValue: 1 << 0)) { fieldName, offset, type, _ in
            guard String(cString: fieldName) == name else { return true }
            if type == Value.self { found = offset }
            return false
        }
        return found
    }
}
