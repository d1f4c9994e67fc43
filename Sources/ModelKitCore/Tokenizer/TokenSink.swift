/// What a tokenizer hands its tokens to: one call per token, in document order.
///
/// Each call answers whether to go on: `false` stops the tokenizer (the sink has recorded why),
/// which then reports ``YajlTokenizer/Status/stopped``. The decode engine is the sink of every
/// parse; the archive reader and replay drive the same entry points without a tokenizer.
protocol TokenSink: AnyObject {
    /// A string, number, boolean or null; `kind` says where its text starts (error positions).
    func onScalar(_ scalar: ScalarToken, kind: TokenKind) -> Bool
    /// A number's text (checked against the length limit before it becomes a scalar).
    func onNumber(_ text: UnsafeRawBufferPointer) -> Bool
    /// A string value (checked against the length limit before it becomes a scalar).
    func onString(_ bytes: UnsafeRawBufferPointer) -> Bool
    /// An object member's key.
    func onKey(_ bytes: UnsafeRawBufferPointer) -> Bool
    /// `{` or `[`.
    func onOpen(_ kind: ContainerKind) -> Bool
    /// `}` or `]`.
    func onClose() -> Bool
}

/// The kind of the token being handled: where its text starts is found from where it ends.
enum TokenKind { case none, string, number, literal, open, close, key }
