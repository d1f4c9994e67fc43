import CYajl
import Foundation

/// Drives yajl's callbacks into a stack of frames that set values straight into models.
///
/// One engine decodes one document (or one stream); it is not shared between threads.
/// Internal: values reach it through the opaque ``ModelEngine/Context``.
@usableFromInline
final class _DecodeEngine {
    /// The options of this decode.
    @usableFromInline private(set) var options: DecodingOptions
    /// True for `update(json:)`: nested models merge into the current value.
    @inlinable var isMerging: Bool { merging.value }
    // Read per container by field accessors inlined into the model's module (see UncheckedStorage).
    @usableFromInline let merging: UncheckedStorage<Bool>
    // Copied out of `options` so the hot path reads a flag instead of copying the options struct.
    @usableFromInline private(set) var lenient: Bool
    private(set) var skipsMismatches: Bool
    private(set) var failsOnUnknownKeys: Bool
    private(set) var maxStringBytes: Int
    private(set) var maxDepth: Int

    /// How this run's objects name model members: the root frame's choice, fixed for the run.
    var memberKeys: MemberKeys { frames[0].memberKeys }

    /// The open containers, root first (see UncheckedStorage for why out of line).
    var frames: [_DecodeFrame] {
        get { frameStack.value }
        _modify { yield &frameStack.value }
    }
    private let frameStack = UncheckedStorage<[_DecodeFrame]>([])
    /// The frame receiving tokens: always `frames.last` (which keeps it alive), borrowed
    /// through `Unmanaged` so that handing it a token costs no retain/release.
    var topFrame: Unmanaged<_DecodeFrame>
    var top: _DecodeFrame {
        get { topFrame.takeUnretainedValue() }
        set { topFrame = Unmanaged.passUnretained(newValue) }
    }
    var depth = 0
    /// Set by a callback that failed; yajl then stops with `yajl_status_client_canceled`.
    var failure: ModelDecodingError?
    /// Mismatches dropped under `mismatch: .skip` (validation rejections included).
    @usableFromInline var skipped: [ModelDecodingError] = []
    /// Values fed through `replay(_:)`: buffered models must cost a bounded number of replays per value.
    var replayedValues = 0
    /// Streams report nothing of what they skip, so they do not keep it: memory stays bounded
    /// however many values of an endless stream are skipped.
    var keepsSkipped = true

    /// One finished model frame per nesting depth, kept for reuse by the next object there.
    private var spareFrames: [ModelFrameBase?] {
        get { spareModelFrames.value }
        _modify { yield &spareModelFrames.value }
    }
    private let spareModelFrames = UncheckedStorage<[ModelFrameBase?]>([])
    /// The same for arrays and dictionaries, keyed by element type.
    private var spareCollections: [(key: ObjectIdentifier, frame: CollectionFrame)?] {
        get { spareCollectionFrames.value }
        _modify { yield &spareCollectionFrames.value }
    }
    private let spareCollectionFrames = UncheckedStorage<[(key: ObjectIdentifier, frame: CollectionFrame)?]>([])

    var handle: yajl_handle?
    /// The bytes yajl is currently parsing, and their offset in the whole input.
    var currentBuffer = UnsafeRawBufferPointer(start: nil, count: 0)
    var currentBufferOffset = 0
    var lastTokenKind = TokenKind.none
    /// Whole-input mode: positions are computed from here on error.
    var wholeInput: UnsafeRawBufferPointer?
    /// Stream mode: line/column at absolute offset `lineTrackerOffset` (the streams advance it
    /// past what yajl has parsed).
    var lineTracker = LineTracker()
    var lineTrackerOffset = 0
    /// The last position computed by `location(of:)`, counted on from by the next one.
    var positionCache: (offset: Int, tracker: LineTracker)?

    enum TokenKind { case none, string, number, literal, open, close, key }

    init(options: DecodingOptions, merging: Bool = false, root: _DecodeFrame, multipleValues: Bool = false, parser: Bool = true) {
        self.options = options
        self.merging = UncheckedStorage(merging)
        lenient = options.conversion == .lenient
        skipsMismatches = options.mismatch == .skip
        failsOnUnknownKeys = options.unknownKeys == .fail
        maxStringBytes = options.limits.maxStringBytes
        maxDepth = min(options.limits.maxDepth, DecodingLimits.maxDepthBound)
        topFrame = Unmanaged.passUnretained(root)
        frames.reserveCapacity(16)
        frames.append(root)
        guard parser else { return }
        let ctx = Unmanaged.passUnretained(self).toOpaque()
        handle = yajl_alloc(yajlCallbacks, nil, ctx)
        // The pre-scan (InputScanner) validates UTF-8 more strictly than yajl, so yajl's own pass is redundant.
        cyajl_config(handle, yajl_dont_validate_strings, 1)
        if multipleValues { cyajl_config(handle, yajl_allow_multiple_values, 1) }
    }

    deinit {
        if let handle { yajl_free(handle) }
        merging.free()
        frameStack.free()
        spareModelFrames.free()
        spareCollectionFrames.free()
    }

    /// Prepares a pooled engine for the next document: yajl allocates half a dozen buffers per
    /// parser, so whole-document decodes reuse parsers (in multiple-values mode, where a parser
    /// that finished one value accepts the next; `RootFrame` rejects a second value itself).
    func reset(options: DecodingOptions, merging: Bool, root: _DecodeFrame) {
        self.options = options
        self.merging.value = merging
        lenient = options.conversion == .lenient
        skipsMismatches = options.mismatch == .skip
        failsOnUnknownKeys = options.unknownKeys == .fail
        maxStringBytes = options.limits.maxStringBytes
        maxDepth = min(options.limits.maxDepth, DecodingLimits.maxDepthBound)
        frames.removeAll(keepingCapacity: true)
        frames.append(root)
        topFrame = Unmanaged.passUnretained(root)
        depth = 0
        failure = nil
        skipped.removeAll()
        replayedValues = 0
        for i in spareFrames.indices { spareFrames[i] = nil }
        for i in spareCollections.indices { spareCollections[i] = nil }
        currentBuffer = UnsafeRawBufferPointer(start: nil, count: 0)
        currentBufferOffset = 0
        lastTokenKind = .none
        wholeInput = nil
        lineTracker = LineTracker()
        lineTrackerOffset = 0
        positionCache = nil
    }

    /// Drops references to the finished document's frames and input before parking.
    func release() {
        frames.removeAll(keepingCapacity: true)
        for i in spareFrames.indices { spareFrames[i] = nil }
        for i in spareCollections.indices { spareCollections[i] = nil }
        currentBuffer = UnsafeRawBufferPointer(start: nil, count: 0)
        wholeInput = nil
        positionCache = nil
        skipped.removeAll()
    }

    /// Whether this engine may serve another document: it finished cleanly at the top level.
    var isReusable: Bool { failure == nil && depth == 0 && frames.count == 1 && handle != nil }

    /// Engines whose parsers finished cleanly, ready for the next document.
    static let pool = EnginePool()

    // MARK: Feeding

    /// Parses `buffer`, which starts at `offset` in the whole input.
    func parse(_ buffer: UnsafeRawBufferPointer, at offset: Int) throws {
        guard buffer.count > 0 else { return }
        currentBuffer = buffer
        currentBufferOffset = offset
        let status = yajl_parse(handle, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), buffer.count)
        try check(status)
    }

    /// Ends the input, `end` bytes long: a value still open is an error located at the end.
    func complete(at end: Int) throws {
        currentBuffer = UnsafeRawBufferPointer(start: nil, count: 0)
        currentBufferOffset = end
        let status = yajl_complete_parse(handle)
        try check(status, atEnd: true)
    }

    private func check(_ status: yajl_status, atEnd: Bool = false) throws {
        switch status {
        case yajl_status_ok: return
        case yajl_status_client_canceled:
            throw failure ?? error(.invalid("decoding stopped"), at: consumedOffset)
        default:
            let consumed = Int(yajl_get_bytes_consumed(handle))
            let message = yajlMessage()
            var offset = currentBufferOffset + consumed
            // yajl reports lexical errors just past the offending byte. At the end of input its
            // count refers to its own internal flush, not to the input: the error is at the end.
            if atEnd {
                offset = currentBufferOffset
            } else if message.hasPrefix("lexical"), consumed > 0 {
                offset -= 1
            } else if consumed > 0, let last = byte(at: offset - 1) {
                // A parse error: yajl has consumed the unexpected token; point at its start.
                switch last {
                case UInt8(ascii: "\""): lastTokenKind = .string
                case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "}"), UInt8(ascii: "]"),
                     UInt8(ascii: ":"), UInt8(ascii: ","): lastTokenKind = .open
                default: lastTokenKind = .number
                }
                offset = tokenStartOffset
            }
            throw error(.syntax(syntaxDescription(message, at: offset)), at: offset, path: "$" + (frames.count > 1 ? pathOfOpenContainers() : ""))
        }
    }

    private func yajlMessage() -> String {
        guard let raw = yajl_get_error(handle, 0, nil, 0) else { return "" }
        defer { yajl_free_error(handle, raw) }
        return String(cString: raw).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func syntaxDescription(_ message: String, at offset: Int) -> String {
        var text = message
        for prefix in ["lexical error: ", "parse error: "] where text.hasPrefix(prefix) { text.removeFirst(prefix.count) }
        if text.hasSuffix(".") { text.removeLast() }
        switch text {
        case "premature EOF": return "unexpected end of input"
        case "trailing garbage": return "unexpected data after the JSON value"
        case "invalid char in json text": text = "unexpected character"
        case "invalid character inside string": return "control character in a string must be escaped"
        default: break
        }
        if let byte = byte(at: offset) {
            let shown = (0x20..<0x7f).contains(byte) ? "'\(Character(UnicodeScalar(byte)))'" : String(format: "byte 0x%02X", byte)
            return "\(text) (at \(shown))"
        }
        return text
    }

    /// The byte at an absolute offset, if it is still in memory.
    private func byte(at offset: Int) -> UInt8? {
        if let whole = wholeInput, offset >= 0, offset < whole.count { return whole[offset] }
        let local = offset - currentBufferOffset
        if local >= 0, local < currentBuffer.count { return currentBuffer[local] }
        return nil
    }

    // MARK: Frames

    @inline(__always)
    func push(_ frame: _DecodeFrame) {
        frames.append(frame)
        top = frame
    }

    /// Pops the finished top frame and hands it to its parent.
    @inline(__always)
    func popAndDeliver() throws {
        let child = frames.removeLast()
        top = frames[frames.count - 1]
        try topFrame._withUnsafeGuaranteedRef { try $0.childFinished(child, self) }
    }

    /// A finished frame of exactly `type` and `schema` at the current depth, if one is spare.
    @usableFromInline
    func spareFrame<F: ModelFrameBase>(_ type: F.Type, schema: Schema) -> F? {
        let slot = Self.spareSlot(ObjectIdentifier(schema), depth: depth)
        guard slot < spareFrames.count, let spare = spareFrames[slot], spare.schema === schema,
              let frame = spare as? F else { return nil }
        spareFrames[slot] = nil
        return frame
    }

    /// Spare frames are kept per depth in four slots picked by type (schema or element type), so
    /// that containers of different types alternating at one depth (a tweet's `user` and
    /// `entities`, its `hashtags` and `urls`) each find a frame to reuse instead of allocating.
    @inline(__always)
    private static func spareSlot(_ id: ObjectIdentifier, depth: Int) -> Int {
        let bits = UInt(bitPattern: Int(bitPattern: id))
        return depth &* 4 &+ Int(truncatingIfNeeded: (bits >> 4 ^ bits >> 6 ^ bits >> 9) & 3)
    }

    /// The engine's one skip frame: a skipped value swallows everything nested in it, so at
    /// most one skip is active at a time and it need not be allocated per value.
    let sharedSkipFrame = SkipFrame()

    @inline(__always)
    func skipFrame() -> SkipFrame {
        sharedSkipFrame.nesting = 0
        return sharedSkipFrame
    }

    /// A finished collection frame for the same element type at the current depth, if any.
    @usableFromInline
    func spareCollectionFrame(_ key: ObjectIdentifier) -> CollectionFrame? {
        let slot = Self.spareSlot(key, depth: depth)
        guard slot < spareCollections.count, let spare = spareCollections[slot], spare.key == key else { return nil }
        spareCollections[slot] = nil
        spare.frame.restart()
        return spare.frame
    }

    @usableFromInline
    func recycleCollectionFrame(_ frame: CollectionFrame, key: ObjectIdentifier) {
        let slot = Self.spareSlot(key, depth: depth + 1)
        if slot >= spareCollections.count {
            spareCollections.append(contentsOf: repeatElement(nil, count: slot - spareCollections.count + 4))
        }
        spareCollections[slot] = (key, frame)
    }

    /// Keeps a finished frame for the next object at the depth it was opened at.
    @usableFromInline
    func recycle(_ frame: ModelFrameBase) {
        let slot = Self.spareSlot(ObjectIdentifier(frame.schema), depth: depth + 1)
        if slot >= spareFrames.count {
            spareFrames.append(contentsOf: repeatElement(nil, count: slot - spareFrames.count + 4))
        }
        spareFrames[slot] = frame
    }

    // MARK: Token entry points (called by yajl's callbacks, and by replay)

    @inline(__always)
    func onScalar(_ scalar: _Scalar, kind: TokenKind) -> Int32 {
        lastTokenKind = kind
        do {
            try topFrame._withUnsafeGuaranteedRef { try $0.scalar(scalar, self) }
            return 1
        } catch {
            record(error)
            return 0
        }
    }

    func onString(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        if bytes.count > maxStringBytes {
            lastTokenKind = .string
            record(DecodeFailure.limit(.maxStringBytes, maxStringBytes))
            return 0
        }
        return onScalar(.string(bytes), kind: .string)
    }

    func onKey(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        lastTokenKind = .key
        do {
            if bytes.count > maxStringBytes {
                throw DecodeFailure.limit(.maxStringBytes, maxStringBytes)
            }
            try topFrame._withUnsafeGuaranteedRef { try $0.key(bytes, self) }
            return 1
        } catch {
            record(error)
            return 0
        }
    }

    func onOpen(_ kind: _ContainerKind) -> Int32 {
        lastTokenKind = .open
        depth += 1
        do {
            if depth > maxDepth {
                throw DecodeFailure.limit(.maxDepth, maxDepth)
            }
            try topFrame._withUnsafeGuaranteedRef { try $0.beginContainer(kind, self) }
            return 1
        } catch {
            record(error)
            return 0
        }
    }

    func onClose() -> Int32 {
        lastTokenKind = .close
        depth -= 1
        do {
            try topFrame._withUnsafeGuaranteedRef { try $0.end(self) }
            return 1
        } catch {
            record(error)
            return 0
        }
    }

    // MARK: Replay (replay(_:) and whole-container adoption: Replay.swift)

    /// Replays of buffered values running inside one another (see `maxBufferedNesting`).
    private var bufferedNesting = 0

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
