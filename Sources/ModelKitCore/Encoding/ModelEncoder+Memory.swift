#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ModelEncoder {
    /// Encodes `value` straight into `memory`, bytes someone else owns (a server framework's
    /// response buffer, say), with no buffer of the encoder's own in between, and returns how
    /// many bytes it wrote there. When the JSON does not fit, `memory` holds nothing usable,
    /// `spill` is handed the whole JSON (valid during the call only) and the result is 0.
    /// Lend ``expectedByteCount`` bytes or more and the spill is rare.
    ///
    /// ```swift
    /// let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
    /// defer { memory.deallocate() }
    /// var overflow: [UInt8] = []
    /// let count = try encoder.encode(issue, into: memory) { spilled in overflow += spilled }
    /// ```
    public func encode<T: ModelValue>(
        _ value: T, into memory: UnsafeMutableRawBufferPointer, spill: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int {
        // A standard value (`Date`, `[Double]` …) takes the Codable door; the door said it is Encodable.
        guard CodingDoor.takesModelDoor(T.self) else {
            let encodable: any Encodable = value as! any Encodable
            return try copyEncoded(encodable, into: memory, spill: spill)
        }
        return try writeInPlace(into: memory, spill: spill) { try value._visit($0) }
    }

    /// A type that is both ``ModelValue`` and `Encodable`: the door as for a ``ModelValue``.
    public func encode<T: ModelValue & Encodable>(
        _ value: T, into memory: UnsafeMutableRawBufferPointer, spill: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int {
        guard CodingDoor.takesModelDoor(T.self) else { return try copyEncoded(value, into: memory, spill: spill) }
        return try writeInPlace(into: memory, spill: spill) { try value._visit($0) }
    }

    /// Any `Encodable` (what server frameworks hand their encoders): a ``ModelValue`` type,
    /// found once per type rather than cast per call, is written in place through its schema;
    /// another type goes through the Codable bridge and is copied into `memory` when it fits.
    public func encode<T: Encodable>(
        _ value: T, into memory: UnsafeMutableRawBufferPointer, spill: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int {
        if let entry = SchemaTypeLookup.entry(for: T.self), CodingDoor.modelDoorType(T.self) != nil {
            if let model = entry.valueModel {
                return try encodeModel(value, as: model, into: memory, spill: spill)
            }
            return try encodeSchema(value, as: entry.valueType, into: memory, spill: spill)
        }
        return try copyEncoded(value, into: memory, spill: spill)
    }

    /// Through the Codable bridge, then copied into `memory` when it fits.
    private func copyEncoded<T: Encodable>(
        _ value: T, into memory: UnsafeMutableRawBufferPointer, spill: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int {
        try withEncodedBytes(value) { bytes in
            Self.recordLentSize(bytes.count)
            guard bytes.count <= memory.count else {
                try spill(bytes)
                return 0
            }
            if let target = memory.baseAddress, let source = bytes.baseAddress {
                target.copyMemory(from: source, byteCount: bytes.count)
            }
            return bytes.count
        }
    }

    /// Bytes worth lending to `encode(_:into:spill:)`: about the largest of the recent
    /// such encodes, plus room to grow.
    public var expectedByteCount: Int {
        let recent = Self.lentSize.value
        return recent + recent / 4 + 64
    }

    /// The recent in-place sizes, decaying by an eighth per smaller encode: a server answering
    /// small and large responses in turn keeps lending room for the large ones (each spill
    /// costs a copy), and one huge response is forgotten after a few dozen encodes.
    private static let lentSize = Lock<Int>(0)

    private static func recordLentSize(_ count: Int) {
        lentSize.withLock { $0 = max(count, $0 - $0 / 8) }
    }

    private func encodeSchema<T, M: ModelValue>(
        _ value: T, as _: M.Type, into memory: UnsafeMutableRawBufferPointer, spill: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int {
        try withValue(value, as: M.self) { pointer in try writeInPlace(into: memory, spill: spill) { try pointer.pointee._visit($0) } }
    }

    /// A struct model without hooks: its schema writes the fields straight from `value`'s
    /// storage (what ``Model/presentModelValue(to:)`` does after copying the value).
    private func encodeModel<T, M: Model>(
        _ value: T, as _: M.Type, into memory: UnsafeMutableRawBufferPointer, spill: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int {
        precondition(T.self == M.self, "encodeModel needs the value's own type")
        return try withUnsafePointer(to: value) { pointer in
            try writeInPlace(into: memory, spill: spill) { try $0.visitModel(M.schema, UnsafeRawPointer(pointer), postprocess: nil) }
        }
    }

    private func writeInPlace(
        into memory: UnsafeMutableRawBufferPointer, spill: (UnsafeRawBufferPointer) throws -> Void, _ visit: (JSONWriter) throws -> Void
    ) throws -> Int {
        let writer = JSONWriter(options: options, lending: memory)
        // A value may keep the visitor it was handed: once this returns, `memory` is its owner's again.
        defer { writer.returnLentMemory() }
        try visit(writer)
        writer.recordSizeHint()
        Self.recordLentSize(writer.byteCount)
        if writer.isInLentMemory { return writer.byteCount }
        try spill(writer.written)
        return 0
    }
}
