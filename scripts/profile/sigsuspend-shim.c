// Valgrind 3.19 writes into the mask passed to rt_sigsuspend; libdispatch passes a read-only one
// (after the main thread leaves for dispatch_main). Copy it to the stack first.
#define _GNU_SOURCE
#include <signal.h>
#include <unistd.h>
#include <sys/syscall.h>
int sigsuspend(const sigset_t *mask) { sigset_t copy = *mask; return syscall(SYS_rt_sigsuspend, &copy, 8); }
