/// The archive's view of a schema: the fields it writes with their names pre-encoded as CBOR,
/// and the size of the last archive.
final class ArchiveLayout: SchemaDerivedData {
    /// Fields written to archives (all but `.notArchived`), as references that cost no
    /// retain/release while writing (the schema keeps the slots alive).
    let slotReferences: [Unmanaged<FieldSlot>]
    /// Their names pre-encoded as CBOR text strings, back to back (`nameEnds[i]` ends field i).
    let nameBytes: [UInt8]
    let nameEnds: [Int]
    /// The size of the last archive of this type, so the next one reserves enough at once.
    let lastArchiveSize = SizeHint()
    private let retainedSlots: [FieldSlot]

    init(fields: [FieldSlot]) {
        let archived = fields.filter { !$0.options.contains(.notArchived) }
        var nameBytes: [UInt8] = []
        var nameEnds: [Int] = []
        for slot in archived {
            let name = Array(slot.name.utf8)
            let writer = CBORWriter()
            writer.head(3, UInt64(name.count))
            nameBytes += writer.bytes + name
            nameEnds.append(nameBytes.count)
        }
        self.nameBytes = nameBytes
        self.nameEnds = nameEnds
        // Why unretained: `retainedSlots` below keeps every slot alive as long as the layout; the writer's loop pays no reference counting.
        slotReferences = archived.map { Unmanaged.passUnretained($0) }
        retainedSlots = archived
    }
}

extension Schema {
    var archiveLayout: ArchiveLayout { derived(ArchiveLayout.self) }
}
