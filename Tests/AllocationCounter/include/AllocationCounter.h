#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H
#include <stdint.h>
/// 1 when allocations are counted; 0 in sanitizer builds, where the sanitizer owns the allocator.
int allocation_counter_is_available(void);
/// Starts counting the calling thread's malloc/calloc/realloc/aligned allocations.
void allocation_counter_start(void);
/// Stops counting on the calling thread and returns how many allocations it made since the start.
uint64_t allocation_counter_stop(void);
#endif
