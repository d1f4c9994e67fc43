import Synchronization

/// The flat token index of one document: entries in document order (an object is its entry,
/// then key, value, key, value…; an array its entry then its elements), built in one pass from
/// yajl's callbacks. Containers answer Codable's random-order questions from it.
final class Tape {
    var entries: UnsafeMutablePointer<TapeEntry> { building.value.entries }
    var count: Int { building.value.count }
    /// Unescaped strings and tokens yajl had to buffer: their bytes are not in the input.
    /// Made on the first such token: most documents have none, and a buffer costs three allocations.
    var side: ByteOutput? { building.value.side }
    /// The whole input: the caller's bytes, valid for the duration of the decode that built this
    /// tape, or a copy of them once ``keepInput()`` made one.
    var input: UnsafeRawBufferPointer { building.value.input }
    /// Where ``input`` starts; a valid address even for empty input (never read there: it is
    /// only offset by lengths of text in the input).
    var inputBase: UnsafeRawPointer { building.value.inputBase }
    /// How many decoders read this tape (see ``BridgeDecoder``): one while nothing kept any.
    var readers: Int { readerCount.load(ordering: .acquiring) }

    /// A decoder starts or stops reading this tape. Atomic: a super decoder a type kept may end
    /// on another thread while the decode that made it is still running.
    func addReader() { readerCount.add(1, ordering: .relaxed) }
    func removeReader() { readerCount.subtract(1, ordering: .releasing) }
    private let readerCount = Atomic<Int>(0)

    /// Where each line starts, made on the first error any of the tape's decoders locates.
    private let lines = Lock<LineIndex?>(nil)

    /// The offset, line and column a failure at `offset` reports: the caller's, also when the
    /// tape was recorded from a ``CompactedInput`` (whose copy is then ``input``).
    func place(_ offset: Int) -> (offset: Int, line: Int, column: Int) {
        let input = self.input
        let map = building.value.compacted?.map
        return lines.withLock { index in
            if index == nil { index = LineIndex(input) }
            guard let map else {
                let (line, column) = index!.location(of: offset, in: input)
                return (offset, line, column)
            }
            let (line, column) = map.location(of: offset, in: input, index: index!)
            return (map.originalOffset(offset), line, column)
        }
    }
    /// Written once per token: kept out of line, so that no access pays Swift's run-time
    /// exclusivity check (see UncheckedStorage; no access spans a call).
    private let building: UncheckedStorage<BuildState>

    private struct BuildState: ~Copyable {
        var input: UnsafeRawBufferPointer
        var inputBase: UnsafeRawPointer
        var ownsInput = false
        /// The compacted copy `input` points into, kept alive with the tape.
        var compacted: CompactedInput?
        var entries: UnsafeMutablePointer<TapeEntry>
        var count = 0
        var capacity: Int
        /// Containers still open while building.
        var open = HandStack<Int>()
        /// The innermost open container's entry (-1: none)
        /// and whether it is an array, kept beside `open` so that counting an element or member
        /// reads two fields instead of the stack and the container's entry.
        var innermost = -1
        var innermostIsArray = false
        var side: ByteOutput?
    }

    init(input: UnsafeRawBufferPointer, capacity: Int) {
        let capacity = max(capacity, 16)
        let entries = TapeEntryBuffer.allocate(capacity: capacity)
        building = UncheckedStorage(BuildState(input: input, inputBase: input.baseAddress ?? UnsafeRawPointer(entries),
                                               entries: entries, capacity: capacity))
    }

    /// Empties the tape for `input`, keeping its buffers (a pooled workspace's tape). Never
    /// called on a tape a decoder still reads: those are not pooled.
    func reuse(for input: UnsafeRawBufferPointer, compacted: CompactedInput?, capacity wanted: Int) {
        precondition(readers == 0, "a tape still read is never reused")
        isPlainInput = false
        keysAreASCII = false
        if building.value.ownsInput {
            // A super decoder made a copy and has ended since: nobody reads the copy any more.
            UnsafeMutableRawPointer(mutating: building.value.inputBase).deallocate()
            building.value.ownsInput = false
        }
        if building.value.capacity < wanted {
            TapeEntryBuffer.free(building.value.entries)
            building.value.entries = TapeEntryBuffer.allocate(capacity: wanted)
            building.value.capacity = wanted
        }
        building.value.input = input
        building.value.inputBase = input.baseAddress ?? UnsafeRawPointer(building.value.entries)
        building.value.compacted = compacted
        building.value.count = 0
        building.value.open.truncate(to: 0)
        building.value.innermost = -1
        building.value.innermostIsArray = false
        building.value.side?.removeAll()
        lines.store(nil)
        nullIndex = 0
    }

    /// The input moved (a stream's record buffer grew, or dropped what preceded the record):
    /// the same bytes at a new address, with more after them. Entries are offsets, so they stay.
    func moveInput(to input: UnsafeRawBufferPointer) {
        building.value.input = input
        building.value.inputBase = input.baseAddress ?? UnsafeRawPointer(building.value.entries)
        lines.store(nil)
    }

    /// Lets the compacted copy go when the tape is parked (its buffers serve the next compaction
    /// instead of waiting in an idle workspace), and an input-sized side buffer (so that the tape
    /// of twitter.json is parked). Does nothing while a decoder still reads the tape.
    func releaseCompactedInput() {
        guard readers == 0 else { return }
        building.value.compacted = nil
        if let side = building.value.side, side.capacity > 1 << 18 { building.value.side = nil }
    }

    /// The memory this tape keeps between documents.
    var retainedBytes: Int {
        building.value.capacity * MemoryLayout<TapeEntry>.stride + (side?.capacity ?? 0) + (building.value.ownsInput || building.value.compacted != nil ? input.count : 0)
    }

    /// Copies the input into memory the tape owns, for readers that outlive the caller's bytes.
    func keepInput() {
        // A compacted copy is the tape's already.
        guard !building.value.ownsInput, building.value.compacted == nil else { return }
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(input.count, 1), alignment: 1)
        if let base = input.baseAddress { copy.baseAddress!.copyMemory(from: base, byteCount: input.count) }
        building.value.input = UnsafeRawBufferPointer(start: copy.baseAddress, count: input.count)
        building.value.inputBase = UnsafeRawPointer(copy.baseAddress!)
        building.value.ownsInput = true
        Self.inputCopies?.withLock { $0 += 1 }
    }

    /// Counts the copies ``keepInput()`` makes in a task: lets tests see that a decode whose
    /// decoders all ended copied nothing (a wrong guess would cost a copy on every decode).
    @TaskLocal static var inputCopies: Lock<Int>?

    deinit {
        if building.value.ownsInput { UnsafeMutableRawPointer(mutating: building.value.inputBase).deallocate() }
        TapeEntryBuffer.free(building.value.entries)
    }

    @inline(__always)
    subscript(index: Int) -> TapeEntry {
        // Indices come from the tape's own `next` links and member counts, always below `count`.
        entries[index]
    }

    /// The bytes of a string or number entry.
    @inline(__always)
    func bytes(of entry: TapeEntry) -> UnsafeRawBufferPointer {
        // An entry in the side buffer exists only once the buffer does.
        let base = entry.isInSideBuffer ? UnsafeRawPointer(side!.base) : input.baseAddress!
        return UnsafeRawBufferPointer(start: base + Int(entry.start), count: Int(entry.length))
    }

    /// Where the token of `entry` starts in the input.
    @inline(__always)
    func tokenStart(_ entry: TapeEntry) -> Int {
        Self.tokenStart(entry, in: input)
    }

    /// Where the token of `entry` starts in `input`, the tape's input (for readers that keep
    /// the input's address rather than the tape).
    @inline(__always)
    static func tokenStart(_ entry: TapeEntry, in input: UnsafeRawBufferPointer) -> Int {
        guard entry.isInSideBuffer, entry.kind == .string else { return Int(entry.position) }
        return StringStart.openingQuote(in: input, closingAt: Int(entry.position) - 1)
    }

    /// The input bytes of the value at `index` (a container from its opening to its closing bracket).
    func inputBytes(of index: Int) -> UnsafeRawBufferPointer {
        let entry = entries[index]
        let from = tokenStart(entry)
        let to: Int
        if entry.isContainer {
            to = Int(entry.start)
        } else if entry.kind == .string || entry.kind == .number {
            to = entry.isInSideBuffer ? from : Int(entry.start) + Int(entry.length) + (entry.kind == .string ? 1 : 0)
        } else {
            to = from + (entry.kind == .falseValue ? 5 : 4)
        }
        return UnsafeRawBufferPointer(rebasing: input[from..<min(max(to, from), input.count)])
    }

    // MARK: Building

    @inline(__always)
    private func append(_ entry: TapeEntry) {
        if building.value.count == building.value.capacity { grow() }
        building.value.entries[building.value.count] = entry
        building.value.count += 1
    }

    private func grow() {
        let newCapacity = building.value.capacity * 2
        building.value.entries = TapeEntryBuffer.reallocate(building.value.entries, capacity: newCapacity)
        building.value.capacity = newCapacity
    }

    /// A value (not a key) arrives: an array parent counts it as an element.
    @inline(__always)
    private func countElement() {
        if building.value.innermostIsArray { building.value.entries[building.value.innermost].length &+= 1 }
    }

    func appendLiteral(_ kind: TapeEntry.Kind, at position: Int) {
        // As in `appendText`, the state read once.
        let state = building.pointer
        let count = state.pointee.count, entries = state.pointee.entries, innermost = state.pointee.innermost
        if count < state.pointee.capacity {
            if state.pointee.innermostIsArray { entries[innermost].length &+= 1 }
            entries[count] = TapeEntry(kind: kind, isInSideBuffer: false, start: 0, length: 0, next: UInt32(truncatingIfNeeded: count &+ 1),
                                       position: UInt32(truncatingIfNeeded: position))
            state.pointee.count = count &+ 1
            return
        }
        countElement()
        append(TapeEntry(kind: kind, isInSideBuffer: false, start: 0, length: 0, next: UInt32(truncatingIfNeeded: count + 1),
                         position: UInt32(truncatingIfNeeded: position)))
    }

    /// A string, key or number. Returns true when its text is not in the input (yajl unescaped
    /// it, or the token was split across blocks): the caller then gives its position with
    /// ``setPositionOfLast(_:)`` (for a string, the offset just past its closing quote, see
    /// ``TapeEntry/position``; for a number, where it starts). Asked only then, so that the
    /// common case costs no call back into the tokenizer.
    @inline(__always)
    func appendText(_ kind: TapeEntry.Kind, _ text: UnsafeRawBufferPointer, isKey: Bool) -> Bool {
        // The common case (text in the input, room on
        // the tape) reads the build state once into locals before writing anything, so no store
        // to an entry makes the compiler load the state again. Why unsafe: the pointer is the
        // storage's own, used within this call only, and nothing else touches the state meanwhile
        // (the recorder's one thread, see UncheckedStorage's rules).
        let state = building.pointer
        let count = state.pointee.count, entries = state.pointee.entries, innermost = state.pointee.innermost
        let countsParent = isKey ? innermost >= 0 : state.pointee.innermostIsArray
        let inputBase = UInt(bitPattern: state.pointee.inputBase), inputCount = UInt(state.pointee.input.count)
        let offset = (text.baseAddress.map { UInt(bitPattern: $0) } ?? inputBase) &- inputBase
        if count < state.pointee.capacity, offset <= inputCount, UInt(text.count) <= inputCount &- offset {
            if countsParent { entries[innermost].length &+= 1 }
            entries[count] = TapeEntry(kind: kind, isInSideBuffer: false, start: UInt32(truncatingIfNeeded: offset),
                                       length: UInt32(truncatingIfNeeded: text.count), next: UInt32(truncatingIfNeeded: count &+ 1),
                                       position: UInt32(truncatingIfNeeded: kind == .string ? Int(offset) &- 1 : Int(offset)))
            state.pointee.count = count &+ 1
            return false
        }
        return appendTextSlowly(kind, text, isKey: isKey)
    }

    /// ``appendText(_:_:isKey:)`` when the tape must grow or the text is not in the input.
    private func appendTextSlowly(_ kind: TapeEntry.Kind, _ text: UnsafeRawBufferPointer, isKey: Bool) -> Bool {
        if isKey {
            let parent = building.value.innermost
            if parent >= 0 { building.value.entries[parent].length &+= 1 }
        } else {
            countElement()
        }
        let inputBase = UInt(bitPattern: building.value.inputBase)
        let address = text.baseAddress.map { UInt(bitPattern: $0) } ?? inputBase
        var entry = TapeEntry(kind: kind, isInSideBuffer: false, start: 0, length: UInt32(truncatingIfNeeded: text.count),
                              next: UInt32(truncatingIfNeeded: count + 1), position: 0)
        // `address - inputBase` wraps to a huge value below the input: one comparison covers both ends.
        let inputCount = UInt(building.value.input.count)
        let inInput = address &- inputBase <= inputCount && UInt(text.count) <= inputCount &- (address &- inputBase)
        if inInput {
            // yajl hands out unescaped tokens straight from the input buffer: no copy.
            let offset = Int(address - inputBase)
            entry.start = UInt32(truncatingIfNeeded: offset)
            entry.position = UInt32(truncatingIfNeeded: kind == .string ? offset - 1 : offset)
        } else {
            // yajl's own buffer (unescaped string, or a token split across blocks): valid only now.
            entry.isInSideBuffer = true
            if building.value.side == nil { building.value.side = ByteOutput(capacity: Self.sideCapacity(inputCount: input.count)) }
            let side = building.value.side!
            entry.start = UInt32(truncatingIfNeeded: side.count)
            side.put(text)
        }
        append(entry)
        return !inInput
    }

    /// Where a document stops being small: above it the tape and side buffer are sized for the
    /// document rather than pooled at their size.
    static let largeInput = 1 << 18

    /// A sixteenth of a large document: its unescaped strings together are never longer than
    /// it, and usually far shorter (twitter.json: 45 KB of 632 KB), so room for all of them asked
    /// the heap for the whole input again; from a sixteenth, an escape-heavy document doubles
    /// the buffer four times at most. Small documents start small: their recorder is parked with
    /// its buffers, whose size decides whether it is kept.
    private static func sideCapacity(inputCount: Int) -> Int {
        inputCount > Self.largeInput ? inputCount / 16 : 64
    }

    /// The position of the entry just appended (see ``appendText(_:_:isKey:)``).
    func setPositionOfLast(_ position: Int) {
        entries[count - 1].position = UInt32(truncatingIfNeeded: position)
    }

    func openContainer(_ kind: TapeEntry.Kind, at position: Int) {
        // As in `appendText`, the state read once.
        let state = building.pointer
        let count = state.pointee.count, entries = state.pointee.entries, innermost = state.pointee.innermost
        if count < state.pointee.capacity {
            if state.pointee.innermostIsArray { entries[innermost].length &+= 1 }
            entries[count] = TapeEntry(kind: kind, isInSideBuffer: false, start: 0, length: 0, next: 0,
                                       position: UInt32(truncatingIfNeeded: position))
            state.pointee.open.append(count)
            state.pointee.innermost = count
            state.pointee.innermostIsArray = kind == .array
            state.pointee.count = count &+ 1
            return
        }
        countElement()
        building.value.open.append(count)
        building.value.innermost = count
        building.value.innermostIsArray = kind == .array
        append(TapeEntry(kind: kind, isInSideBuffer: false, start: 0, length: 0, next: 0, position: UInt32(truncatingIfNeeded: position)))
    }

    /// The input holds no non-ASCII byte and no `\u` escape (the pre-scan's verdict): its strings
    /// are ASCII, which `String(decoding:as:)` makes at least as cheaply as an unchecked copy.
    var isPlainInput = false
    /// No key holds a non-ASCII byte once its escapes are decoded (plain input, or the recorder
    /// looked): keys equal as `String`s only when their bytes are, so the bridge never compares
    /// them as `String`s (BridgeDecoder+Unicode.swift). Text values may be any UTF-8.
    var keysAreASCII = false

    /// The index of a `null` entry after the document: what a missing `super` key reads as.
    private(set) var nullIndex = 0

    /// Ends the tape with the `null` entry behind ``nullIndex``.
    func appendSentinelNull() {
        nullIndex = count
        append(TapeEntry(kind: .null, isInSideBuffer: false, start: 0, length: 0, next: UInt32(truncatingIfNeeded: count + 1),
                         position: UInt32(truncatingIfNeeded: input.count)))
    }

    /// `$.a[3].b` for the containers open when building stopped: the path the schema path
    /// reports for a syntax or limit error there.
    func pathOfOpenContainers() -> String {
        var path = JSONPath.root
        for depth in 0..<building.value.open.count {
            let container = building.value.open[depth]
            let child = depth + 1 < building.value.open.count ? building.value.open[depth + 1] : Int.max
            if entries[container].kind == .array {
                // An open child container was counted when it opened.
                let length = Int(entries[container].length)
                path.appendPathIndex(child == Int.max ? length : length - 1)
                continue
            }
            var key = container + 1
            var last: Int?
            while key < count {
                last = key
                let value = key + 1
                if value >= count || value == child { break }
                let next = Int(entries[value].next)
                if next <= value { break }
                key = next
            }
            if let last { path.appendPathKey(String(decoding: bytes(of: entries[last]), as: UTF8.self)) }
        }
        return path
    }

    /// Closes the innermost container; `end` is the input offset just past its bracket. Returns
    /// true when it was the outermost.
    func closeContainer(end: Int) -> Bool {
        let index = building.value.open.removeLast()
        if let parent = building.value.open.last {
            building.value.innermost = parent
            building.value.innermostIsArray = building.value.entries[parent].kind == .array
        } else {
            building.value.innermost = -1
            building.value.innermostIsArray = false
        }
        entries[index].next = UInt32(truncatingIfNeeded: count)
        entries[index].start = UInt32(truncatingIfNeeded: end)
        return building.value.open.isEmpty
    }
}
