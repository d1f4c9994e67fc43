// A tape recorded from a built `JSONValue` rather than from bytes: what a `PreprocessingModel`
// rewrote is read by the schema reader like any document. No input: every string, key and
// number goes to the tape's side buffer; entries have no positions (failures in such a tape are
// placed by its reader, TapeSchemaReader+Preprocessed.swift).

extension Tape {
    /// The tape of `value`.
    convenience init(recording value: JSONValue) {
        self.init(input: UnsafeRawBufferPointer(start: nil, count: 0), capacity: 16)
        append(value)
    }

    private func append(_ value: JSONValue) {
        switch value {
        case .null: appendLiteral(.null, at: 0)
        case .bool(let b): appendLiteral(b ? .trueValue : .falseValue, at: 0)
        case .number(let n): appendCopied(.number, n.text, isKey: false)
        case .string(let s): appendCopied(.string, s, isKey: false)
        case .array(let elements):
            openContainer(.array, at: 0)
            for element in elements { append(element) }
            _ = closeContainer(end: 0)
        case .object(let object):
            openContainer(.object, at: 0)
            for (key, member) in object {
                appendCopied(.string, key, isKey: true)
                append(member)
            }
            _ = closeContainer(end: 0)
        }
    }

    private func appendCopied(_ kind: TapeEntry.Kind, _ text: String, isKey: Bool) {
        var text = text
        // Copied into the side buffer: the tape has no input the text could be in.
        _ = text.withUTF8 { appendText(kind, UnsafeRawBufferPointer($0), isKey: isKey) }
    }
}
