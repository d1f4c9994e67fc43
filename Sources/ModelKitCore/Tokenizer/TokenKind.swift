/// The kind of the token being handled: where its text starts is found from where it ends.
enum TokenKind { case none, string, number, literal, open, close, key }
