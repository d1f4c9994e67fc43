import CYajl

// The C library's "C" locale, for the number parser's `strtod_l` slow path (`DoubleParser`):
// an app's `setlocale` cannot turn "." into ",". Created through CYajl's shim, the one module of
// C declarations the library has; only the number parsers use it.
// An immutable handle created once; `locale_t` is a C pointer, hence nonisolated(unsafe).
nonisolated(unsafe) private let cLocale: locale_t = cyajl_new_c_locale()

/// `strtod_l` in the "C" locale.
@inline(__always)
func parseDoubleInCLocale(_ text: UnsafePointer<CChar>) -> Double { strtod_l(text, nil, cLocale) }

/// `strtof_l` in the "C" locale.
@inline(__always)
func parseFloatInCLocale(_ text: UnsafePointer<CChar>) -> Float { strtof_l(text, nil, cLocale) }
