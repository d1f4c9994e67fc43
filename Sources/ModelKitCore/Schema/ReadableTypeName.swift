/// `String(describing:)` of a type without the private discriminators optimized builds print
/// for private and fileprivate types (`(Item in _49C4505CB7878C1A13CD56B46DB5FDBC)` → `Item`), so
/// that error messages, schema names and the type names archives carry read the same in every
/// build.
func readableTypeName(_ type: Any.Type) -> String {
    readableTypeName(described: String(describing: type))
}

/// ``readableTypeName(_:)`` of a type's description.
func readableTypeName(described name: String) -> String {
    // Most names have no parenthesis at all: no copy of their bytes (a `.skip` decode names the
    // type per mismatch).
    guard name.utf8.contains(UInt8(ascii: "(")) else { return name }
    let bytes = Array(name.utf8)
    let marker = Array(" in _".utf8)
    guard bytes.count > marker.count else { return name }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
        // `(Name in _HEX)`: an identifier, the marker, hex digits, the closing parenthesis.
        if bytes[index] == UInt8(ascii: "("), let (identifier, end) = discriminated(bytes, from: index + 1, marker: marker) {
            result.append(contentsOf: identifier)
            index = end
        } else {
            result.append(bytes[index])
            index += 1
        }
    }
    return String(decoding: result, as: UTF8.self)
}

/// The identifier of `Name in _HEX)` starting at `start`, and the index past its `)`.
private func discriminated(_ bytes: [UInt8], from start: Int, marker: [UInt8]) -> (ArraySlice<UInt8>, Int)? {
    var index = start
    while index < bytes.count, bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: "("),
          bytes[index] != UInt8(ascii: ")") {
        index += 1
    }
    guard index > start, index + marker.count < bytes.count, Array(bytes[index..<index + marker.count]) == marker else { return nil }
    let identifier = bytes[start..<index]
    var hex = index + marker.count
    let hexStart = hex
    while hex < bytes.count, (bytes[hex] >= UInt8(ascii: "0") && bytes[hex] <= UInt8(ascii: "9"))
            || (bytes[hex] >= UInt8(ascii: "A") && bytes[hex] <= UInt8(ascii: "F")) {
        hex += 1
    }
    guard hex > hexStart, hex < bytes.count, bytes[hex] == UInt8(ascii: ")") else { return nil }
    return (identifier, hex + 1)
}
