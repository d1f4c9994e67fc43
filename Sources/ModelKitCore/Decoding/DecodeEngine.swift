#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The token sink of every decode: hands each token to the top frame of a stack of frames that
/// set values straight into models, and keeps the decode's policy (options, limits, failures).
///
/// One engine decodes one document (or one stream); it is not shared between threads. Its parts
/// each do one job: `YajlTokenizer` owns the parser, `FrameStack` the open containers,
/// `SourceLocator` the positions, and what it inherits from ``ScalarConversions`` how scalars
/// become values. Internal: values reach it through the opaque ``ModelEngine/Context``.
@usableFromInline
final class DecodeEngine: ScalarConversions, WholeInputParser {
    /// True for `update(json:)`: nested models merge into the current value.
    @inlinable var isMerging: Bool { merging.value }
    // Read per container by field accessors inlined into the model's module (see UncheckedStorage).
    @usableFromInline let merging: UncheckedStorage<Bool>
    // Copied out of the options (written only by `init` and `reset`, between documents) so the
    // hot path reads a flag; unchecked exclusivity spares each access Swift's run-time check.
    @exclusivity(unchecked) private(set) var failsOnUnknownKeys: Bool
    @exclusivity(unchecked) private(set) var duplicateKeys: DecodingOptions.DuplicateKeyPolicy
    @exclusivity(unchecked) private(set) var maxStringBytes: Int
    @exclusivity(unchecked) private(set) var maxDepth: Int
    @exclusivity(unchecked) private(set) var maxElements: Int
    /// What ``DecodingLimits/maxElements`` leaves this document (a stream: this record).
    @exclusivity(unchecked) var elementsLeft: Int

    /// The open containers and the frames kept for reuse.
    let stack: FrameStack
    // Read and written per token by the thread running the decode; no access spans a call back
    // into the engine: unchecked exclusivity, as for the flags above.
    /// Positions of tokens in the input, for errors.
    @exclusivity(unchecked) var locator = SourceLocator()
    /// The parser feeding this engine; nil for an engine fed by replay.
    @exclusivity(unchecked) private(set) var tokenizer: YajlTokenizer?

    @exclusivity(unchecked) var depth = 0
    /// The input holds no non-ASCII byte and no `\u` escape (``WholeInputParser/inputIsPlain()``):
    /// an unknown key then needs no canonical-equivalence lookup (KeyTable.canonicalLookup).
    @exclusivity(unchecked) var isPlainInput = false
    /// Set by a token entry point that failed; the tokenizer then stops with `.stopped`.
    @exclusivity(unchecked) var failure: ModelDecodingError?
    /// Values fed through `replay(_:)`: buffered models must cost a bounded number of replays per value.
    var replayedValues = 0
    /// Of those, the ones fed by nested replays of buffered values (`withNestedReplay`): what
    /// the replay budget bounds (a value decoded from a `JSONValue` is fed once, at the top).
    var nestedReplayedValues = 0
    /// Token starts already found, per kind of token (see `tokenStartOffset`): error paths only.
    var tokenStarts: [TokenKind: (end: Int, buffer: UnsafeRawPointer?, start: Int)] = [:]

    init(options: DecodingOptions, merging: Bool = false, root: DecodeFrame, multipleValues: Bool = false, parser: Bool = true) {
        self.merging = UncheckedStorage(merging)
        failsOnUnknownKeys = options.unknownKeys == .fail
        duplicateKeys = options.duplicateKeys
        maxStringBytes = options.limits.maxStringBytes
        maxDepth = min(options.limits.maxDepth, DecodingLimits.maxDepthBound)
        maxElements = options.limits.maxElements
        elementsLeft = maxElements
        stack = FrameStack(root: root)
        super.init(options: options)
        guard parser else { return }
        tokenizer = Self.tokenizer(feeding: self, multipleValues: multipleValues)
    }

    deinit {
        // The tokenizer holds this engine unretained: it goes first.
        tokenizer = nil
    }

    /// Prepares a pooled engine for the next document: yajl allocates half a dozen buffers per
    /// parser, so whole-document decodes reuse parsers (in multiple-values mode, where a parser
    /// that finished one value accepts the next; `RootFrame` rejects a second value itself).
    func reset(options: DecodingOptions, merging: Bool, root: DecodeFrame) {
        reset(options: options)
        self.merging.value = merging
        failsOnUnknownKeys = options.unknownKeys == .fail
        duplicateKeys = options.duplicateKeys
        maxStringBytes = options.limits.maxStringBytes
        maxDepth = min(options.limits.maxDepth, DecodingLimits.maxDepthBound)
        maxElements = options.limits.maxElements
        elementsLeft = maxElements
        stack.reset(root: root)
        depth = 0
        isPlainInput = false
        failure = nil
        replayedValues = 0
        nestedReplayedValues = 0
        locator = SourceLocator()
        tokenStarts.removeAll(keepingCapacity: true)
    }

    /// Drops references to the finished document's frames and input before parking.
    func release(keepingSpares: Bool) {
        stack.release(keepingSpares: keepingSpares)
        locator.release()
        skipped.removeAll()
    }

    /// A failure dropped under `.skip` is located at the token being handled, on the open frames' path.
    override func locateSkipped(_ failure: DecodeFailure) -> ModelDecodingError {
        positioned(failure)
    }

    /// Whether this engine may serve another document: it finished cleanly at the top level.
    var isReusable: Bool { failure == nil && depth == 0 && frames.count == 1 && tokenizer != nil }

    /// Engines whose parsers finished cleanly, ready for the next document.
    static let pool = EnginePool()

    // MARK: Feeding

    /// Parses `buffer`, which starts at `offset` in the whole input.
    func parse(_ buffer: UnsafeRawBufferPointer, at offset: Int) throws {
        guard buffer.count > 0, let tokenizer else { return }
        locator.enter(buffer, at: offset)
        try check(tokenizer.parse(buffer), tokenizer)
    }

    var lastValueEnd: Int { locator.lastValueEnd }

    func inputIsPlain() { isPlainInput = true }

    /// Ends the input, `end` bytes long: a value still open is an error located at the end.
    func complete(at end: Int) throws {
        guard let tokenizer else { return }
        locator.currentBuffer = UnsafeRawBufferPointer(start: nil, count: 0)
        locator.currentBufferOffset = end
        try check(tokenizer.finish(), tokenizer, atEnd: true)
    }

    private func check(_ status: YajlTokenizer.Status, _ tokenizer: YajlTokenizer, atEnd: Bool = false) throws {
        switch status {
        case .ok: return
        case .stopped:
            throw failure ?? error(.invalid("decoding stopped"), at: consumedOffset)
        case .failed:
            let (text, offset) = locator.syntaxError(of: tokenizer, atEnd: atEnd)
            throw error(.syntax(text), at: offset, path: "$" + (frames.count > 1 ? pathOfOpenContainers() : ""))
        }
    }

    /// Whole-input mode: the input, for positions and for keys that point into it.
    var wholeInput: UnsafeRawBufferPointer? {
        get { locator.wholeInput }
        set { locator.wholeInput = newValue }
    }

    // MARK: Frames

    /// The open containers, root first.
    var frames: [DecodeFrame] { stack.frames }
    /// The frame receiving tokens: `frames.last`, or the skip frame while a value is skipped.
    var top: DecodeFrame { stack.top }
    /// How this run's objects name model members: the root frame's choice, fixed for the run.
    var memberKeys: MemberKeys { frames[0].memberKeys }

    @inline(__always)
    func push(_ frame: consuming DecodeFrame) {
        stack.push(frame)
    }

    /// Pops the finished top frame and hands it to its parent.
    @inline(__always)
    func popAndDeliver() throws {
        let child = stack.pop()
        try stack.topFrame._withUnsafeGuaranteedRef { try $0.childFinished(child, self) }
    }

    /// Pops a frame pushed for a nested replay (a buffered value decoded on this engine).
    func popFrame() {
        _ = stack.pop()
    }

    /// Pops the top frame (a skipped value) and tells its parent the value was skipped. The top
    /// is the skip frame, or a frame that handed its own close to one (a tagged union's dropped
    /// payload).
    func popSkipped() {
        // Why a guaranteed reference: the parent stays in `frames` (no retain and release per skipped value).
        guard stack.isSkipping else {
            let child = stack.pop()
            return withExtendedLifetime(child) { stack.topFrame._withUnsafeGuaranteedRef { $0.valueSkipped() } }
        }
        stack.endSkip()
        stack.topFrame._withUnsafeGuaranteedRef { $0.valueSkipped() }
    }

    /// Whether a value is being skipped (the skip frame is the top).
    var isSkipping: Bool { stack.isSkipping }

    /// Skips the value that starts here (an unknown key's, a mismatch under `.skip`).
    @inline(__always)
    func pushSkip() {
        stack.pushSkip()
    }

    /// A finished frame of exactly `type` and `schema` at the current depth, if one is spare.
    @usableFromInline
    func spareFrame<F: ModelFrameBase>(_ type: F.Type, schema: Schema) -> F? {
        stack.spareFrame(type, schema: schema, depth: depth)
    }

    /// Keeps a finished frame for the next object at the depth it was opened at.
    @usableFromInline
    func recycle(_ frame: ModelFrameBase) {
        stack.recycle(frame, depth: depth + 1)
    }

    /// A finished collection frame for the same element type at the current depth, if any.
    @usableFromInline
    func spareCollectionFrame(_ key: ObjectIdentifier) -> CollectionFrame? {
        guard let spare = stack.spareKeyedFrame(key, depth: depth) else { return nil }
        // Unchecked downcast: only collection frames are kept under an element type's key.
        let frame = unsafeDowncast(spare, to: CollectionFrame.self)
        frame.restart()
        return frame
    }

    @usableFromInline
    func recycleCollectionFrame(_ frame: CollectionFrame, key: ObjectIdentifier) {
        stack.recycleKeyedFrame(frame, key: key, depth: depth + 1)
    }

    /// A finished frame kept under `key` (a tagged union's table) at the current depth, if any.
    func spareKeyedFrame(_ key: ObjectIdentifier) -> DecodeFrame? {
        stack.spareKeyedFrame(key, depth: depth)
    }

    /// Keeps a finished frame under `key` for the next container at the depth it was opened at.
    func recycleKeyedFrame(_ frame: DecodeFrame, key: ObjectIdentifier) {
        stack.recycleKeyedFrame(frame, key: key, depth: depth + 1)
    }

    var sharedSkipFrame: SkipFrame { stack.sharedSkipFrame }

    @inline(__always)
    func skipFrame() -> SkipFrame {
        let frame = stack.sharedSkipFrame
        frame.nesting = 0
        return frame
    }

    // MARK: Token entry points
    // Called by yajl (through DecodeEngine+Callbacks.swift) and the replay driver (Replay/), each
    // straight on the engine: no protocol between them, no witness-table call.
    // Each answers whether to go on: `false` means the entry point recorded `failure`.

    @inline(__always)
    func onScalar(_ scalar: ScalarToken, kind: TokenKind) -> Bool {
        locator.lastTokenKind = kind
        do {
            // Why a guaranteed reference: `frames` holds the top frame (FrameStack's invariant) until it is popped, after this call.
            try stack.topFrame._withUnsafeGuaranteedRef { try $0.scalar(scalar, self) }
            return true
        } catch {
            record(error)
            return false
        }
    }

    /// A number's text is bounded like a string's: a megabyte of digits is no number to convert.
    func onNumber(_ text: UnsafeRawBufferPointer) -> Bool {
        if text.count > maxStringBytes {
            locator.lastTokenKind = .number
            record(DecodeFailure.limit(.maxStringBytes, maxStringBytes))
            return false
        }
        return onScalar(.number(text), kind: .number)
    }

    func onString(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if bytes.count > maxStringBytes {
            locator.lastTokenKind = .string
            record(DecodeFailure.limit(.maxStringBytes, maxStringBytes))
            return false
        }
        locator.lastValueEnd = consumedOffset
        return onScalar(.string(bytes), kind: .string)
    }

    func onKey(_ bytes: UnsafeRawBufferPointer) -> Bool {
        locator.lastTokenKind = .key
        do {
            if bytes.count > maxStringBytes {
                throw DecodeFailure.limit(.maxStringBytes, maxStringBytes)
            }
            // Why a guaranteed reference: as in `onScalar`, `frames` keeps the top frame alive.
            try stack.topFrame._withUnsafeGuaranteedRef { try $0.key(bytes, self) }
            return true
        } catch {
            record(error)
            return false
        }
    }

    func onOpen(_ kind: ContainerKind) -> Bool {
        locator.lastTokenKind = .open
        depth += 1
        do {
            if depth > maxDepth {
                throw DecodeFailure.limit(.maxDepth, maxDepth)
            }
            try countElements(1)
            // Why a guaranteed reference: as in `onScalar`; a pushed child keeps its parent in `frames`.
            try stack.topFrame._withUnsafeGuaranteedRef { try $0.beginContainer(kind, self) }
            return true
        } catch {
            record(error)
            return false
        }
    }

    func onClose() -> Bool {
        locator.lastTokenKind = .close
        locator.lastValueEnd = consumedOffset
        depth -= 1
        do {
            // Why a guaranteed reference: as in `onScalar`; `end` pops the frame only after it returns to the stack's array.
            try stack.topFrame._withUnsafeGuaranteedRef { try $0.end(self) }
            return true
        } catch {
            record(error)
            return false
        }
    }

    /// Counts `count` elements against ``DecodingLimits/maxElements``: once per container, and
    /// per scalar element only where its type is 64 bytes or more.
    @usableFromInline @inline(__always)
    func countElements(_ count: Int) throws {
        elementsLeft &-= count
        if elementsLeft < 0 { throw DecodeFailure.limit(.maxElements, maxElements) }
    }

    // MARK: Replay (the driver and its sources: Replay/ReplaySource.swift)

    /// Replays of buffered values running inside one another (see `maxBufferedNesting`).
    private var bufferedNesting = 0

    /// Values any decode may replay from buffered ones before its budget is checked (`checkReplayBudget`).
    static let replayAllowance = 1 << 20

    /// Whether a buffered value is being replayed (inside `withNestedReplay`).
    var isReplayingBuffered: Bool { bufferedNesting > 0 }

    /// A buffered value costs a bounded number of replays per value, except where one key feeds
    /// fields of several types (or a merge) at every level of a recursive model: each level
    /// decodes the value once per type, 2^depth in all (24 levels, 151 bytes: 35 s). A decode
    /// may replay 64 buffered values per byte tokenized (or value fed from a `JSONValue`) beyond
    /// a fixed allowance; past that it fails.
    func checkReplayBudget() throws {
        let input = consumedOffset + (replayedValues - nestedReplayedValues)
        let budget = Self.replayAllowance + 64 * input
        guard nestedReplayedValues > budget else { return }
        throw positioned(DecodeFailure(reason: .invalid(
            "buffered values replayed more than \(budget) times (one key read by fields of several types, nested): the document multiplies the work of decoding it")))
    }

    /// Runs a nested replay of a buffered value, within `DecodingLimits.maxBufferedNesting`.
    func withNestedReplay<R>(_ body: () throws -> R) throws -> R {
        guard bufferedNesting < DecodingLimits.maxBufferedNesting else {
            throw positioned(DecodeFailure.limit(.maxDepth, DecodingLimits.maxBufferedNesting))
        }
        bufferedNesting += 1
        defer { bufferedNesting -= 1 }
        return try body()
    }
}
