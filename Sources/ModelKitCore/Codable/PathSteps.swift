/// One step of a coding path as the tape knows it: a member by its key's tape entry, an element
/// by its ordinal. Eight bytes and no existential, so descending into a value costs a push onto
/// the decoder's `HandStack`; the `CodingKey`s are made only when an error or `codingPath` asks for them.
enum PathStep {
    case member(keyEntry: UInt32)
    case element(UInt32)
}
