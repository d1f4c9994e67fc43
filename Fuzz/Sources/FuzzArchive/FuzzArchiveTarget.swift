import FuzzSupport
import ModelKitCore

/// The archive header for `Everything` (self-describe tag, array head, marker, version, type
/// name), taken from a real archive so it follows the format.
let archiveHeader: [UInt8] = {
    let archive = try! Archive.encode(Everything())  // cannot fail: a default model always encodes
    let nameHead = Int(archive[14])
    precondition(nameHead >= 0x60 && nameHead < 0x78, "type name longer than 23 bytes")
    return Array(archive[0..<(15 + nameHead - 0x60)])
}()

/// `Archive.decode` of fuzzer bytes. First byte: bit 0 prepends the archive header, bit 1
/// appends a correct CRC-32C, so the fuzzer reaches the payload reader instead of stopping at
/// the checksum. Any failure must be an `ArchiveError`; a decoded model must re-archive to an
/// equal model.
func fuzzArchive(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }  // libFuzzer always passes a buffer, even for 0 bytes
    let selector = size > 0 ? data[0] : 0
    var bytes: [UInt8] = selector & 1 != 0 ? archiveHeader : []
    if size > 1 { bytes += UnsafeBufferPointer(start: data + 1, count: size - 1) }
    if selector & 2 != 0 {
        let checksum = crc32c(bytes)
        bytes += [0x1A, UInt8(checksum >> 24), UInt8((checksum >> 16) & 0xFF), UInt8((checksum >> 8) & 0xFF), UInt8(checksum & 0xFF)]
    }
    let model: Everything
    do {
        model = try Archive.decode(Everything.self, from: bytes)
    } catch is ArchiveError {
        return 0
    } catch {
        fuzzFailure("Archive.decode threw \(type(of: error)), not ArchiveError: \(error)")
    }
    _ = model.modelDescription
    do {
        let archived = try Archive.encode(model)
        let restored = try Archive.decode(Everything.self, from: archived)
        // An archive may hold NaN (NaN != NaN, so `modelIsEqual` fails): then the models must be
        // equal with every NaN read as 0. (Archives keep a JSONValue number's value, and the
        // text of integers; `13360e-2` may come back as `1336e-1`, equal by value.)
        if !restored.withoutNaN().modelIsEqual(model.withoutNaN()) {
            fuzzFailure("re-archiving changed the model:\n\(model.modelDescription)\n→\n\(restored.modelDescription)")
        }
    } catch {
        fuzzFailure("re-archiving a decoded model failed: \(error)")
    }
    return 0
}

extension Leaf {
    /// The same leaf with every NaN weight replaced by 0, so that equality means something.
    func withoutNaN() -> Leaf {
        var leaf = self
        if leaf.weight?.isNaN == true { leaf.weight = 0 }
        leaf.children = leaf.children.map { $0.withoutNaN() }
        return leaf
    }
}

extension Everything {
    /// The same model with every NaN replaced by 0.
    func withoutNaN() -> Everything {
        var model = self
        if model.float.isNaN { model.float = 0 }
        if model.double.isNaN { model.double = 0 }
        model.doubles = model.doubles.map { $0.map { $0.isNaN ? 0 : $0 } }
        model.leaf = model.leaf.withoutNaN()
        model.leaves = model.leaves.mapValues { $0.withoutNaN() }
        model.optionalLeaf = model.optionalLeaf?.withoutNaN()
        return model
    }
}
