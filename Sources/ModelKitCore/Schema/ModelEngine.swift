/// The opaque handles the decoding engine passes through ``ModelValue``'s engine entry points.
///
/// Like swift-protobuf's `Decoder`/`Visitor`, the protocol a value conforms to is public while
/// the engine behind it is not: these handles have no public members and no public initializer,
/// so they can only be passed on. Every standard type and every type of your own gets the right
/// implementation by default; you never need to use them.
public enum ModelEngine {
    /// One scalar JSON token (null, bool, number, string, or an archive's byte string), or a
    /// container the schema reader recorded on its tape.
    public struct Scalar {
        @usableFromInline let token: ScalarToken
        @inlinable init(_ token: ScalarToken) { self.token = token }
    }

    /// The decode in progress: options, position, error reporting.
    public struct Context {
        /// The decode (the schema reader itself, or the Codable bridge's scalar conversions),
        /// seen by the schema layer only as a ``DecodeContext`` it passes on. The layers that
        /// look inside reach it through `conversions` (SchemaReader/ModelEngine+Reader.swift) and
        /// `tapeReader` (SchemaReader/TapeSchemaReader.swift).
        @usableFromInline let decode: DecodeContext
        @inlinable init(decode: DecodeContext) { self.decode = decode }
    }

    /// Which kind of container starts.
    public enum ContainerKind: Sendable {
        /// A JSON object (`{`), or a CBOR map in an archive.
        case object
        /// A JSON array (`[`), or a CBOR array in an archive.
        case array
    }

    /// Receives a value's structure: JSON and CBOR writers, descriptions, equality and hashing.
    public struct Visitor {
        @usableFromInline let visitor: any ValueVisitor
        @inlinable init(_ visitor: any ValueVisitor) { self.visitor = visitor }
    }
}

/// What a ``ModelEngine/Context`` holds: a decode in progress, opaque to the schema layer. The
/// decoding layer's scalar conversions (and so the engine) derive from it. A class the schema's
/// accessors take as a parameter, making the handle themselves: a handle made by their caller
/// cost a retain and a release per value.
@usableFromInline
class DecodeContext {
    @usableFromInline init() {}

    /// A value failed a field's ``Check``: throws the violation, or records it and returns
    /// (the value is then not stored). The decoding layer's conversions apply the mismatch policy.
    func rejectChecked(_ message: String) throws {
        throw ModelValueError(message)
    }
}
