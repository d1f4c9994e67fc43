/// The bottom of the stack: receives the single top-level value.
///
/// Not generic: the entry points build it in `@inlinable` code with closures that store the
/// result into a ``ResultBox``, so the type-specific work is specialized in the caller's module
/// and a decode pays no runtime generic-metadata lookups.
@usableFromInline
final class RootFrame: DecodeFrame {
    @usableFromInline typealias Scalar = (ScalarToken, DecodeEngine) throws -> Void
    @usableFromInline typealias Begin = (ContainerKind, DecodeEngine) throws -> DecodeFrame?
    @usableFromInline typealias Finish = (DecodeFrame, DecodeEngine) throws -> Void

    // Unchecked exclusivity: Swift would check each access at run time (a thread-local access
    // set, about 70 instructions), six per small decode; every access is a plain load or store.
    @exclusivity(unchecked) @usableFromInline var sawValue = false
    /// What the top-level value was, for the error when it yields no value.
    @exclusivity(unchecked) @usableFromInline var found = ""
    private let onScalar: Scalar
    private let onBegin: Begin
    private let onFinish: Finish
    private let keys: MemberKeys

    @usableFromInline
    init(keys: MemberKeys = .jsonKeys, scalar: @escaping Scalar, begin: @escaping Begin, finish: @escaping Finish) {
        self.keys = keys
        onScalar = scalar
        onBegin = begin
        onFinish = finish
    }

    /// Parsers run in multiple-values mode (so they can be reused): a document holds one value.
    private func checkFirstValue() throws {
        if sawValue { throw DecodeFailure(reason: .syntax("unexpected data after the JSON value")) }
    }

    override func scalar(_ scalar: ScalarToken, _ engine: DecodeEngine) throws {
        try checkFirstValue()
        sawValue = true
        found = ScalarConversions.describe(scalar)
        try onScalar(scalar, engine)
    }

    override func beginContainer(_ kind: ContainerKind, _ engine: DecodeEngine) throws {
        try checkFirstValue()
        sawValue = true
        found = kind == .object ? "object" : "array"
        engine.push(try onBegin(kind, engine) ?? engine.skipFrame())
    }

    override func childFinished(_ child: DecodeFrame, _ engine: DecodeEngine) throws {
        try onFinish(child, engine)
    }

    override var memberKeys: MemberKeys { keys }
}

/// Where a decode's result lands (and, for `update`, the value it merges into).
@usableFromInline
final class ResultBox<T> {
    // Unchecked: a box belongs to one decode, on one thread, and its accesses never overlap;
    // the run-time checks cost about 600 instructions per small decode.
    @exclusivity(unchecked) @usableFromInline var value: T?
    @exclusivity(unchecked) @usableFromInline var existing: T?

    @inlinable init(existing: T? = nil) { self.existing = existing }

    /// The decoded value, moved out (a copy of a model retains every reference it holds). Only
    /// after `DecodeRun.fill` returned: it throws when the box stays empty.
    @inlinable func takeValue() -> T {
        value.take().unsafelyUnwrapped
    }
}

extension RootFrame {
    /// A root for any `T`, through `T`'s own hooks.
    @inlinable
    static func decoding<T: ModelValue>(into box: ResultBox<T>) -> RootFrame {
        RootFrame(scalar: { scalar, engine in box.value = try T._decodeScalar(scalar, engine) },
                  begin: { kind, engine in try T._beginContainer(kind, engine, merging: nil) },
                  finish: { frame, engine in box.value = try T._finishContainer(frame, engine) })
    }

    /// A root that builds exactly `M` (never a polymorphic subclass), merging into `box.existing`;
    /// its models are keyed by `keys`.
    @inlinable
    static func decodingExactly<M: Model>(into box: ResultBox<M>, keys: MemberKeys = .jsonKeys) -> RootFrame {
        RootFrame(keys: keys, scalar: { scalar, engine in box.value = try M._decodeScalar(scalar, engine) },
                  begin: { kind, engine in try M._beginModel(kind, engine, merging: box.existing) },
                  finish: { frame, engine in box.value = try M._finishModel(frame, engine, polymorphic: false) })
    }
}
