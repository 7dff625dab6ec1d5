/* fuzz_pric: libFuzzer target: `cachegen pric` arguments (gen/pric_cli.c), NUL-separated. */
#define _GNU_SOURCE /* memfd_create, fmemopen */
#include "gen/pric_cli.h"
#include "tb/fuzz/fuzz_util.h"

#define MAX_ARGS 16

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char buf[4096 + 1];
    if (size > 4096)
        return 0;
    memcpy(buf, data, size);
    buf[size] = '\0';
    char *argv[MAX_ARGS + 1];
    int argc = 0;
    for (char *p = buf; p < buf + size && argc < MAX_ARGS; p += strlen(p) + 1)
        argv[argc++] = p;
    argv[argc] = NULL;
    int help = 0, need = 0;
    for (int i = 0; i < argc; i++) {
        help |= !strcmp(argv[i], "--help") || !strcmp(argv[i], "--version");
        need |= (!strcmp(argv[i], "--sets") ? 1 : !strcmp(argv[i], "--line-bytes") ? 2
                 : !strcmp(argv[i], "--addr-bits") ? 4 : 0);
    }
    int rc = pric_cli(argc, argv);
    /* Exit 0 or 2 only; success needs --help, --version or the three required options. */
    FZ_CHECK(rc == 0 || rc == 2, "exit status %d", rc);
    FZ_CHECK(rc == 2 || help || need == 7, "exit 0 without --sets, --line-bytes, --addr-bits");
    fflush(stdout);
    return 0;
}
