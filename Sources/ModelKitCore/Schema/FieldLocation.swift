/// Where a stored field lives relative to the model pointer the engine hands its accessors:
/// at an offset inside the value (structs), or at an offset inside the object the pointer
/// holds a reference to (final classes). Generic accessors are specialized per location, so
/// reaching a field costs an add, or a load and an add.
@usableFromInline
protocol FieldLocation: Sendable {
    func address(in root: UnsafeRawPointer) -> UnsafeMutableRawPointer
}

/// A stored struct property, `offset` bytes into the model.
@usableFromInline
struct InlineField: FieldLocation {
    @usableFromInline let offset: Int
    @inlinable init(offset: Int) { self.offset = offset }

    @inlinable @inline(__always)
    func address(in root: UnsafeRawPointer) -> UnsafeMutableRawPointer {
        // Why unsafe: `root` points at a model the engine or visitor owns for the call, and
        // `offset` came from `MemoryLayout.offset(of:)` for one of its stored properties.
        UnsafeMutableRawPointer(mutating: root + offset)
    }
}

/// A plain stored `var` of a final class, `offset` bytes into the object.
@usableFromInline
struct ObjectField: FieldLocation {
    @usableFromInline let offset: Int
    @inlinable init(offset: Int) { self.offset = offset }

    @inlinable @inline(__always)
    func address(in root: UnsafeRawPointer) -> UnsafeMutableRawPointer {
        // Why unsafe: `root` holds a live reference to an instance of the schema's final class
        // (the engine and visitors keep it alive); `offset` is the stored property's offset in
        // that instance, from the runtime's own field records (see ClassFieldOffsets).
        UnsafeMutableRawPointer(mutating: root.load(as: UnsafeRawPointer.self) + offset)
    }
}
