// Interposes the allocator entry points of the test process (the executable's definitions win
// over glibc's) and forwards to glibc's internal __libc_* functions. Counting is per thread, so
// tests running in parallel on other threads do not disturb a measurement.
#include "AllocationCounter.h"
#include <stddef.h>
#include <errno.h>

#if defined(__has_feature)
#  if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#    define ALLOCATION_COUNTER_SANITIZED 1
#  endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#  define ALLOCATION_COUNTER_SANITIZED 1
#endif

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static _Thread_local int counting;
static _Thread_local uint64_t allocations;

void allocation_counter_start(void) {
    allocations = 0;
    counting = 1;
}

uint64_t allocation_counter_stop(void) {
    counting = 0;
    return allocations;
}

#ifdef ALLOCATION_COUNTER_SANITIZED
// A sanitizer owns the allocator: interposing it here would hand the sanitizer memory it never
// allocated. Counting is off; the tests that need it are disabled.
int allocation_counter_is_available(void) { return 0; }
#else
int allocation_counter_is_available(void) { return 1; }

static inline void count_one(void) {
    if (counting) allocations++;
}

void *malloc(size_t size) {
    count_one();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_one();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_one();
    return __libc_realloc(pointer, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    count_one();
    void *p = __libc_memalign(alignment, size);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    count_one();
    return __libc_memalign(alignment, size);
}
#endif
