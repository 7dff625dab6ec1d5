/* fuzz_binary: libFuzzer target: the binary reader, read three ways that must agree. */
#define _GNU_SOURCE /* memfd_create, fmemopen */
#include "tb/fuzz/fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fz_trace_t t;
    fz_trace_all(fz_file(0, data, size), TF_BINARY, size, &t);
    return 0;
}
