#ifndef LIBFUZZER_DRIVER_H
#define LIBFUZZER_DRIVER_H
#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry point for programs that have their own main (LLVM >= 11, in the runtime that
// `-sanitize=fuzzer` links). SwiftPM gives every executable target its own main, so the targets
// call this instead of relying on libFuzzer's main.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
