// Reading an archive's payload (issue 35, "one engine"): recorded as a tape
// (CBORTapeRecorder.swift) and read by the schema reader with members keyed by field name, as
// JSON documents are read; into an existing instance (the NSCoding bridge's `init?(coder:)`)
// as `update(json:)` merges on the tape (SchemaReader/TapeSchemaReader+Merge.swift).

extension Archive {
    /// The model in `payload` (the archive's fourth element, its checksum verified), or merged
    /// into `existing`. Every failure is an ``ArchiveError``.
    static func decodePayload<M: Model>(_ type: M.Type, _ payload: UnsafeRawBufferPointer, into existing: M?) throws -> M {
        let options = DecodingOptions()
        let workspace = ArchiveWorkspace.take()
        defer { workspace.park() }
        var recorder = CBORTapeRecorder(payload, onto: workspace.tape, maxDepth: min(options.limits.maxDepth, DecodingLimits.maxDepthBound))
        do {
            try recorder.record()
        } catch CBORReader.Failure.malformed(let why) {
            throw ArchiveError.notAnArchive(why)
        } catch {
            throw ArchiveError.notAnArchive("malformed payload")
        }
        // Entries keep 32-bit offsets and links, as for JSON (whose recorder refuses input past
        // 4 GiB): a payload whose texts or items pass that is refused rather than read wrong.
        let tape = recorder.tape
        guard tape.count < Int(UInt32.max), (tape.side?.count ?? 0) < Int(UInt32.max) else {
            throw ArchiveError.invalidContent(ModelDecodingError(reason: .limitExceeded(.maxInputBytes, limit: Int(UInt32.max) - 1),
                                                                 path: JSONPath.root, line: 1, column: 1, byteOffset: 0))
        }
        let reader = workspace.reader
        reader.start(tape, options: options)
        defer { reader.end() }
        reader.keysByFieldName = true
        reader.watchTooDeep(recorder.firstTooDeep)
        // The root is exactly the type asked for: a polymorphic root does not choose a subclass.
        reader.rootIsExact = true
        let decoded: M?
        do {
            if let existing {
                reader.merging = true
                decoded = reader.entries[0].kind == .object ? try reader.readModel(merging: existing, at: 0) : try M._decodeTape(0, reader)
            } else {
                decoded = try M._decodeTape(0, reader)
            }
            try reader.countRest()
        } catch {
            if let deep = reader.skippedTooDeep(before: error) { throw ArchiveError.invalidContent(deep) }
            let failure = reader.failure(error)
            throw ArchiveError.invalidContent(failure as? ModelDecodingError ?? reader.located(.invalid("\(failure)"), at: reader.current))
        }
        // Read up to a container nested too deep (the recording ended there): the push engine's failure.
        if let deep = reader.skippedTooDeep(before: nil) { throw ArchiveError.invalidContent(deep) }
        guard let model = decoded else { throw ArchiveError.notAnArchive("the payload is not a model") }
        return model
    }
}

/// A tape and its reader kept between archive decodes (entries, side buffer, the reader's
/// state), as JSON decodes park their recorder with its reader: without it an archive decode
/// allocated them afresh, six allocations and a tape sized for the payload each time.
final class ArchiveWorkspace {
    let tape = Tape(input: UnsafeRawBufferPointer(start: nil, count: 0), capacity: 16)
    let reader = TapeSchemaReader()

    private static let pool = ParkedPool<ArchiveWorkspace>(capacity: 4)
    /// The most a parked workspace keeps (entries and side buffer), as for a small JSON recorder.
    private static let parkedBytes = 1 << 18

    /// A parked workspace, or a new one; the caller's alone until it parks it.
    static func take() -> ArchiveWorkspace { pool.take() ?? ArchiveWorkspace() }

    /// Parks this workspace for the next decode, unless a large payload grew it (its tape is
    /// emptied when taken again; the reader starts afresh on it).
    func park() {
        tape.releaseCompactedInput()
        guard tape.retainedBytes <= Self.parkedBytes else { return }
        Self.pool.park(self)
    }
}
