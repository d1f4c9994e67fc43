#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H
#include <stdint.h>
/// Number of malloc/calloc/realloc/aligned allocations since the last reset (all threads).
uint64_t malloc_counter_count(void);
/// Bytes those allocations requested (a realloc counts its whole new size).
uint64_t malloc_counter_bytes(void);
void malloc_counter_reset(void);
#endif
