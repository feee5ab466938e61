/* Counts the process's heap allocations (malloc, calloc, realloc of NULL, aligned allocations) and
 * prints "mallocs N" to stderr at exit. For Benchmarks/Runtime/per-request.sh:
 *     cc -O2 -shared -fPIC -o malloccount.so malloccount.c
 *     LD_PRELOAD=./malloccount.so runtime-bench --only executor --requests 100 --rounds 1
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <stdio.h>
#include <unistd.h>
#include <string.h>
#include <stdatomic.h>
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
static atomic_ulong count;
void *malloc(size_t n) { atomic_fetch_add_explicit(&count, 1, memory_order_relaxed); return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { atomic_fetch_add_explicit(&count, 1, memory_order_relaxed); return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { if (!p) atomic_fetch_add_explicit(&count, 1, memory_order_relaxed); return __libc_realloc(p, n); }
int posix_memalign(void **out, size_t al, size_t n) { atomic_fetch_add_explicit(&count, 1, memory_order_relaxed); void *p = __libc_memalign(al, n); if (!p) return 12; *out = p; return 0; }
void *aligned_alloc(size_t al, size_t n) { atomic_fetch_add_explicit(&count, 1, memory_order_relaxed); return __libc_memalign(al, n); }
void *memalign(size_t al, size_t n) { atomic_fetch_add_explicit(&count, 1, memory_order_relaxed); return __libc_memalign(al, n); }
__attribute__((destructor)) static void report(void) {
  char buf[64]; int len = snprintf(buf, sizeof buf, "mallocs %lu\n", (unsigned long)atomic_load(&count));
  write(2, buf, len);
}
