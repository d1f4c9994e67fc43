// The decoding side of the opaque handles ModelValue's entry points take (Schema/ModelEngine.swift):
// what is inside them. Only the engine and the Codable bridge make handles, so the downcasts
// below always hold; DEBUG builds check them.

extension ModelEngine.Context {
    /// The decode's scalar conversions.
    @inlinable var conversions: ScalarConversions {
        // Why unchecked: every decode context is scalar conversions (its only direct subclass).
        #if DEBUG
        precondition(decode is ScalarConversions, "a decode context holds scalar conversions")
        #endif
        return unsafeDowncast(decode, to: ScalarConversions.self)
    }

    /// The engine, for the container entry points. Only the engine calls them, with a context
    /// made from itself; the Codable bridge makes contexts only for the scalar entry points of
    /// the standard types, which never ask for the engine.
    @inlinable var engine: DecodeEngine {
        // Why unchecked: see above.
        #if DEBUG
        precondition(decode is DecodeEngine, "container entry points run on the schema engine")
        #endif
        return unsafeDowncast(decode, to: DecodeEngine.self)
    }
}

extension ModelEngine.Frame {
    /// A handle on `frame`.
    @inlinable init(_ frame: DecodeFrame) { self.init(consumer: frame) }

    /// The engine's frame: handles are made only from frames.
    @inlinable var frame: DecodeFrame { consumer.decodeFrame }
}

extension ContainerConsumer {
    /// The decode frame this consumer is.
    @inlinable var decodeFrame: DecodeFrame {
        // Why unchecked: every container consumer is a decode frame (its only direct subclass).
        #if DEBUG
        precondition(self is DecodeFrame, "a container consumer is a decode frame")
        #endif
        return unsafeDowncast(self, to: DecodeFrame.self)
    }
}
