// The schema reader's side of a decode: started on a recorded tape (DecodeRun records it), it
// reads the value and gives each failure its place (the `$.a[3].b` path and the line and column
// of the entry being read).

extension TapeSchemaReader {
    /// Reads `T` from the root of the tape (a whole document's decode).
    @inlinable
    final func read<T: ModelValue>(_ type: T.Type) throws -> T {
        do {
            // A decode that counts elements ends with a count: on its own path, since holding the
            // value across that call cost unlimited decodes a move of the model (user.json: 76
            // instructions; unwrapped after it, a copy: a retain per string, 1.6 K).
            if countsElements { return try decodeCounting(T.self) }
            if let value = try T._decodeTape(0, self) { return value }
            throw noValue(typeName: T._typeName)
        } catch {
            throw failure(error)
        }
    }

    /// Decodes `T` from a built value: its tape recorded (`Tape(recording:)`) and read as a
    /// document's. A built value has no input: failures are placed at its start (line 1,
    /// column 1) with their paths.
    // One generic copy compiled for size, not one specialization per type whose
    // `decodeModelValue(from:options:)` calls it (every scalar type's did: 13 copies, 11 KB in
    // every program linking ModelKit, scripts/check-linkage.sh): building the value costs far
    // more than the generic calls.
    @_optimize(size) @_semantics("optimize.sil.specialize.generic.never")
    static func decode<T: ModelValue>(_ type: T.Type, recordedFrom value: JSONValue, options: DecodingOptions) throws -> T {
        let reader = TapeSchemaReader()
        reader.start(Tape(recording: value), options: options)
        defer { reader.end() }
        do {
            guard let decoded = try T._decodeTape(0, reader) else {
                try reader.countRest()
                throw reader.noValue(typeName: T._typeName)
            }
            try reader.countRest()
            return decoded
        } catch {
            throw reader.failure(error)
        }
    }

    /// The reader parked with `recorder` (or a new one, parked there), started on its tape.
    static func reading(_ recorder: TapeRecorder, options: DecodingOptions, exactly: Bool) -> TapeSchemaReader {
        let reader: TapeSchemaReader
        if let parked = recorder.parkedBySchemaReader {
            // Only this function parks there, and only a reader.
            reader = unsafeDowncast(parked, to: TapeSchemaReader.self)
        } else {
            reader = TapeSchemaReader()
            recorder.parkedBySchemaReader = reader
        }
        reader.recorder = recorder
        reader.start(recorder.tape, options: options)
        reader.rootIsExact = exactly
        return reader
    }

    /// The decode is over: the recorder (and this reader with it) goes back to the pool.
    @usableFromInline
    final func finish() {
        end()
        let recorder = self.recorder
        self.recorder = nil
        recorder?.finish(keptByDecoders: false)
    }

    // MARK: Failures

    /// The error a failure of the read reports, placed at the entry being read.
    @usableFromInline
    @_optimize(size)  // errors and rare features: size, not speed (scripts/check-linkage.sh)
    final func failure(_ error: any Error) -> any Error {
        // The element budget crossed before the failure's entry is what the push engine met first.
        let error = budgetFailure(before: error) ?? error
        switch error {
        case let unreadable as TapeUnreadable:
            return located(.invalid("ModelKit cannot read \(unreadable.typeName) here (an internal error)"), at: current)
        case let e as ModelDecodingError: return e
        case let f as DecodeFailure: return located(f.reason, at: current)
        case let t as TransformFailure: return located(.invalid(t.message), at: current)
        default: return located(.invalid(String(describing: error)), at: current)
        }
    }

    /// The top-level value produced nothing (a null or a mismatch left it empty).
    @usableFromInline
    @_optimize(size)
    final func noValue(typeName: String) -> ModelDecodingError {
        if let first = skipped.first { return first }
        return located(.typeMismatch(expected: typeName, found: Self.describe(token(at: rootIndex))), at: rootIndex)
    }

    /// A failure at tape entry `index`: the path from the root to it, and where its token starts
    /// (`~index`: where the container at `index` closes, for what is checked once it is complete).
    final func located(_ reason: ModelDecodingError.Reason, at index: Int) -> ModelDecodingError {
        located(reason, at: index, path: path(to: index < 0 ? ~index : index))
    }

    /// A failure at tape entry `index` whose path is known.
    @_optimize(size)
    final func located(_ reason: ModelDecodingError.Reason, at index: Int, path: String) -> ModelDecodingError {
        if let placed = locatedInOuter(reason, at: index, path: path) { return placed }
        guard let tape, tape.input.count > 0 else { return ModelDecodingError(reason: reason, path: path, line: 1, column: 1, byteOffset: 0) }
        let entry = index < 0 ? ~index : index
        // A container's `start` is the offset just past its closing bracket.
        let (offset, line, column) = rootIndex != 0 ? placedInValue(entry, closes: index < 0, in: tape)
            : tape.place(index < 0 ? Int(entries[entry].start) - 1 : tape.tokenStart(entries[entry]))
        return ModelDecodingError(reason: reason, path: path, line: line, column: column, byteOffset: offset)
    }

    /// `$.statuses[3].user.id` for entry `target` (a value, or a member's key), found by walking
    /// down from the root along the containers' `next` links: errors only.
    @_optimize(size)
    final func path(to target: Int) -> String {
        var path = JSONPath.root
        guard let tape else { return path }
        var index = rootIndex
        while index != target {
            let entry = entries[index]
            guard entry.isContainer, target < Int(entry.next) else { break }
            var child = index + 1
            var ordinal = 0
            while child < target {
                // A member's key, then its value; an element.
                let value = entry.kind == .object ? child + 1 : child
                if target < Int(entries[value].next) { break }
                child = Int(entries[value].next)
                ordinal += 1
            }
            if entry.kind == .object {
                path.appendPathKey(String(decoding: tape.bytes(of: entries[child]), as: UTF8.self))
                if target == child { break }  // the key itself
                index = child + 1
            } else {
                path.appendPathIndex(ordinal)
                index = child
            }
        }
        return path
    }
}
