/// The opaque handles the decoding engine passes through ``ModelValue``'s engine entry points.
///
/// Like swift-protobuf's `Decoder`/`Visitor`, the protocol a value conforms to is public while
/// the engine behind it is not: these handles have no public members and no public initializer,
/// so they can only be passed on. Every standard type and every type of your own gets the right
/// implementation by default; you never need to use them.
public enum ModelEngine {
    /// One scalar JSON token (null, bool, number, string, or an archive's byte string).
    public struct Scalar {
        @usableFromInline let token: ScalarToken
        @inlinable init(_ token: ScalarToken) { self.token = token }
    }

    /// The decode in progress: options, position, error reporting.
    public struct Context {
        /// The decode's scalar conversions: the schema engine itself, or the Codable bridge's own.
        @usableFromInline let conversions: ScalarConversions
        @inlinable init(_ conversions: ScalarConversions) { self.conversions = conversions }

        /// The engine, for the container entry points. Unchecked downcast: only the engine calls
        /// them, with a context made from itself; the Codable bridge makes contexts only for the
        /// scalar entry points of the standard types, which never ask for the engine.
        @inlinable var engine: DecodeEngine { unsafeDowncast(conversions, to: DecodeEngine.self) }
    }

    /// The consumer of one JSON container while it is being decoded.
    public struct Frame {
        @usableFromInline let frame: DecodeFrame
        @inlinable init(_ frame: DecodeFrame) { self.frame = frame }
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
