/// A stream's records read into models: each record's tape through the schema reader, as a
/// whole document's (`_decodeTape` at entry 0), and the models kept until the caller takes them.
final class ModelStreamRecords<M: ModelValue>: StreamRecordReader {
    private let options: DecodingOptions
    /// One reader for every record: started on each record's tape.
    private let reader = TapeSchemaReader()
    private var ready: [M] = []

    init(options: DecodingOptions) {
        self.options = options
    }

    func read(_ tape: Tape, isScalarRecord: Bool) throws {
        reader.start(tape, options: options)
        // Nothing reports what `.skip` drops in a stream: none is kept (a mismatch per record
        // of an endless stream would grow without bound).
        reader.keptSkippedLimit = 0
        defer { reader.end() }
        do {
            let model: M?
            if isScalarRecord {
                model = try reader.mismatch(expected: M._typeName, found: reader.token(at: 0))
            } else {
                model = try M._decodeTape(0, reader)
                try reader.countRest()
            }
            // Nil: dropped under `.skip` (a mismatch, a rejected model).
            if let model { ready.append(model) }
        } catch {
            throw reader.failure(error)
        }
    }

    /// The models completed since the last call. Handed over with their buffer: emptying a
    /// buffer the caller now shares, keeping its capacity, would allocate one that large on
    /// every later call (a feed that completed 100,000 models made each one-byte feed after it
    /// allocate their size).
    func takeReady() -> [M] {
        var taken: [M] = []
        swap(&taken, &ready)
        return taken
    }

    /// The capacity kept between calls (what the tests check stays at nothing).
    var readyCapacity: Int { ready.capacity }
    /// Skipped-value errors kept (none: see ``read(_:isScalarRecord:)``).
    var keptSkippedErrors: Int { reader.skipped.count }
}
