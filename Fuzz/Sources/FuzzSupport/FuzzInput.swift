import ModelKitCore

/// The options a fuzz input selects with its first byte, and the bytes that follow.
public struct FuzzInput {
    public let options: DecodingOptions
    public let body: UnsafeBufferPointer<UInt8>

    /// Options from the first byte (see ``options(selector:)``); the rest is the body.
    public init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        options = Self.options(selector: size > 0 ? data[0] : 0)
        body = size > 0 ? UnsafeBufferPointer(start: data + 1, count: size - 1) : UnsafeBufferPointer(start: data, count: 0)
    }

    /// Bit 0: strict conversion; bit 1: skip mismatches; bit 2: fail on unknown keys.
    public static func options(selector: UInt8) -> DecodingOptions {
        DecodingOptions(
            conversion: selector & 1 == 0 ? .lenient : .strict,
            mismatch: selector & 2 == 0 ? .fail : .skip,
            unknownKeys: selector & 4 == 0 ? .ignore : .fail
        )
    }
}

/// Stops the process so libFuzzer records the input as a finding.
public func fuzzFailure(_ message: @autoclosure () -> String) -> Never {
    fatalError("fuzz finding: \(message())")
}

/// Which case of ``ModelDecodingError/Reason`` an error has (its payload aside), for comparing
/// two decodes of the same input; "other:…" for errors that are not decoding errors.
public func errorKind(_ error: any Error) -> String {
    guard let error = error as? ModelDecodingError else { return "other:\(type(of: error))" }
    switch error.reason {
    case .syntax: return "syntax"
    case .typeMismatch: return "typeMismatch"
    case .missingKey: return "missingKey"
    case .unknownKey: return "unknownKey"
    case .duplicateKey: return "duplicateKey"
    case .limitExceeded(let limit, _): return "limitExceeded.\(limit)"
    case .invalid: return "invalid"
    }
}

/// Checks that a thrown error is a located `ModelDecodingError`: line and column 1-based,
/// offset within the input (or at its end), path rooted at `$`.
public func checkLocated(_ error: any Error, inputCount: Int) {
    guard let error = error as? ModelDecodingError else {
        fuzzFailure("decoding threw \(type(of: error)), not ModelDecodingError: \(error)")
    }
    // Known and tested (FuzzFindingsTests.emptyInputIsLocatedInsideTheInput): an empty input
    // reports byte offset 1. Tolerated here so the fuzzers get past it.
    let knownEmptyInputOffset = inputCount == 0 && error.byteOffset == 1
    guard error.line >= 1, error.column >= 1, error.byteOffset >= 0, error.byteOffset <= inputCount || knownEmptyInputOffset,
          error.path.hasPrefix("$") else {
        fuzzFailure("badly located error: \(error) offset \(error.byteOffset) of \(inputCount)")
    }
}
