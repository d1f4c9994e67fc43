/// The bottom of the stack: receives the single top-level value of type `T`.
final class RootFrame<T: ModelValue>: _DecodeFrame {
    typealias Begin = (_ContainerKind, _DecodeEngine) throws -> _DecodeFrame?
    typealias Finish = (_DecodeFrame, _DecodeEngine) throws -> T?

    var result: T?
    var sawValue = false
    /// What the top-level value was, for the error when it yields no `T`.
    var found = ""
    /// Replace `T`'s own hooks at the top level (`init(json:)` builds exactly `T`; `update` merges).
    private let begin: Begin
    private let finish: Finish

    init(begin: Begin? = nil, finish: Finish? = nil) {
        self.begin = begin ?? { kind, decoder in try T._beginContainer(kind, decoder, merging: nil) }
        self.finish = finish ?? { frame, decoder in try T._finishContainer(frame, decoder) }
    }

    override func scalar(_ scalar: _Scalar, _ decoder: _DecodeEngine) throws {
        sawValue = true
        found = _DecodeEngine.describe(scalar)
        result = try T._decodeScalar(scalar, decoder)
    }

    override func beginContainer(_ kind: _ContainerKind, _ decoder: _DecodeEngine) throws {
        sawValue = true
        found = kind == .object ? "object" : "array"
        decoder.push(try begin(kind, decoder) ?? SkipFrame())
    }

    override func childFinished(_ child: _DecodeFrame, _ decoder: _DecodeEngine) throws {
        result = try finish(child, decoder)
    }
}
