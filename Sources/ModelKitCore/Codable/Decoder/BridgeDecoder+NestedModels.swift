/// A model (or `JSONValue`) nested in a Codable type is read from the tape: the document was
/// parsed once already, so parsing the value's bytes again (a second pre-scan and yajl pass,
/// plus a parser per nested value) would cost more than the whole tape. The schema reader reads
/// the value's range (TapeSchemaReader+Range.swift), each failure's path and offset counted
/// from the value (its `$`, its first byte), so it is the same `ModelDecodingError` a parse of
/// the value's bytes would report.
extension BridgeDecoder {
    func decodeNestedModel<M: ModelValue>(_ type: M.Type, at index: Int) throws -> M {
        let reader = spareSchemaReader ?? TapeSchemaReader()
        // Taken out while in use: a nested read that reaches this decoder again makes its own.
        spareSchemaReader = nil
        defer { spareSchemaReader = reader }
        // One budget for the document: the value counts against what is left.
        let value = try reader.decode(M.self, in: tape, at: index, options: options.forModelDoor, budget: hot.value.elementsLeft)
        hot.value.elementsLeft = reader.elementsLeft
        return value
    }
}
