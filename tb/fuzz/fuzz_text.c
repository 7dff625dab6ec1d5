/* fuzz_text: libFuzzer target: the extended text reader, read three ways that must agree, with
 * the default options and with options picked by the input's size (fuzz_util.h). */
#define _GNU_SOURCE /* memfd_create, fmemopen */
#include "tb/fuzz/fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fz_trace_t t;
    const char *path = fz_file(0, data, size);
    fz_trace_all(path, TF_TEXT, size, &t);
    trace_opts_t o = fz_opts(size);
    fz_trace_all_opts(path, TF_TEXT, &o, size, &t);
    return 0;
}
