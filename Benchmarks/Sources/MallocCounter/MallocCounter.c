// Interposes the allocator entry points of the benchmark process: the executable's definitions
// win over glibc's, and forward to glibc's internal __libc_* functions.
#include "MallocCounter.h"
#include <stddef.h>
#include <stdatomic.h>
#include <errno.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static _Atomic uint64_t allocations;
static _Atomic uint64_t requested;

uint64_t malloc_counter_count(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }
uint64_t malloc_counter_bytes(void) { return atomic_load_explicit(&requested, memory_order_relaxed); }
void malloc_counter_reset(void) {
    atomic_store_explicit(&allocations, 0, memory_order_relaxed);
    atomic_store_explicit(&requested, 0, memory_order_relaxed);
}

static void count(size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&requested, size, memory_order_relaxed);
}

void *malloc(size_t size) {
    count(size);
    return __libc_malloc(size);
}

void *calloc(size_t number, size_t size) {
    count(number * size);
    return __libc_calloc(number, size);
}

void *realloc(void *pointer, size_t size) {
    // The whole new size: what a growing buffer asks of the heap at that moment.
    count(size);
    return __libc_realloc(pointer, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    count(size);
    void *p = __libc_memalign(alignment, size);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}
