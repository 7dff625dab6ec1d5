/* cm_ffi: the L1 model (cm_l1) behind a flat C interface for foreign callers, such as
 * Python's ctypes (examples/cocotb/cmodel.py): plain integers, fixed structs and byte arrays
 * in and out, no bv_t, cfg_t or cm_req_t to mirror. Built only into build/libcmodel.so.
 * Invariants: a handle owns one cm_l1_t made from a validated config.yaml, so its events are
 * exactly cm_l1's; a line is line_bytes bytes, byte i of the line at [i] (the RTL's bits
 * 8i+7:8i); a row is (row_bits + 7) / 8 bytes, LSB first; a bad argument (an MSHR that is not
 * outstanding, a set out of range) is refused with -1 and changes nothing, never an assert. */
#ifndef CACHEGEN_CM_FFI_H
#define CACHEGEN_CM_FFI_H

#include <stddef.h>
#include <stdint.h>

typedef struct cm_l1 cm_l1_t;

/* The configuration's sizes a caller needs to size its buffers and ports. */
typedef struct cm_ffi_info {
    uint32_t sets, ways;      /* ways of the data store */
    uint32_t line_bytes;      /* bytes of a line (and of the byte-enable mask, in bits) */
    uint32_t mshrs;
    uint32_t off_bits;        /* log2(line_bytes): byte address = line address << off_bits */
    uint32_t line_addr_bits;  /* width of req_line_i / mem_req_line_o */
    uint32_t id_bits;         /* width of req_id_i / rsp_id_o */
    uint32_t row_bits;        /* width of evt_row_o */
    uint32_t counters;        /* performance counters, in port order (cnt_*_o) */
    uint32_t mshr_merge;      /* l1.mshr_merge: loads that may join one outstanding read */
} cm_ffi_info_t;

/* What one event decided (cm_result_t without its vectors; data goes to a byte array). */
typedef struct cm_ffi_event {
    uint32_t kind;         /* lay_evt_kind_t: EVT_SWEEP, EVT_LOOKUP, EVT_STALL, EVT_FILL */
    uint32_t dec;          /* lay_decision_t */
    uint32_t set, way;     /* way: hit or filled way, 0 when none */
    uint32_t evict_valid;  /* a valid line was replaced */
    uint64_t evict_tag;
    uint32_t mshr;         /* allocated (load miss) or completed (fill) MSHR */
    uint32_t responds;     /* a core response follows now (load hit, fill) */
    uint32_t status;       /* lay_status_t of that response */
    uint32_t id;           /* its id */
    uint32_t nwait;        /* a fill: loads merged with its read (l1.mshr_merge), answered next */
    uint32_t wait_id[8];   /* their ids, in arrival order (CM_MAX_WAITERS) */
} cm_ffi_event_t;

/* Make a model of the configuration in `config_yaml` (a generated output's config.yaml), in
 * the state after the init sweep. Returns 0, or -1 with a message in err and *out untouched. */
int cm_ffi_open(const char *config_yaml, cm_l1_t **out, char *err, size_t errlen);
void cm_ffi_close(cm_l1_t *m);

void cm_ffi_info(const cm_l1_t *m, cm_ffi_info_t *out);

/* Sweep event of `set`. Returns 0, or -1 (set out of range) with nothing changed. */
int cm_ffi_sweep(cm_l1_t *m, uint32_t set, cm_ffi_event_t *ev);

/* Request event (lookup or stall) of a request of line address `line`. be: line_bytes / 8
 * bytes, bit i of the mask = byte i; wdata: a line; both read for stores only (NULL for a
 * load). *rsv_counted is the request's own flag: 0 when first presented, then kept by the
 * caller across the request's retries. A load hit's line goes to data (line_bytes, may be
 * NULL). Returns 0. */
int cm_ffi_access(cm_l1_t *m, uint32_t store, uint64_t line, uint32_t id, uint64_t pc,
                  uint32_t core, const uint8_t *be, const uint8_t *wdata, uint8_t *rsv_counted,
                  cm_ffi_event_t *ev, uint8_t *data);

/* Fill event: outstanding MSHR `mshr` returns `line` with the L2's hint bit. The response's
 * line goes to data (may be NULL). Returns 0, or -1 (no such outstanding MSHR), nothing
 * changed. */
int cm_ffi_fill(cm_l1_t *m, uint32_t mshr, const uint8_t *line, uint32_t hint,
                cm_ffi_event_t *ev, uint8_t *data);

/* One cycle in which a request waited on a stall (the RTL's stall-cycle counter). */
void cm_ffi_stall_cycle(cm_l1_t *m);

/* The set a line address maps to. */
uint32_t cm_ffi_index(const cm_l1_t *m, uint64_t line);

/* Set `set`'s metadata row packed as the RTL's evt_row_o. Returns 0, or -1 (set out of
 * range) with nothing written. */
int cm_ffi_row(const cm_l1_t *m, uint32_t set, uint8_t *out);

/* Performance counter `i` (port order). Returns its value, 0 for an i out of range. */
uint64_t cm_ffi_counter(const cm_l1_t *m, uint32_t i);

#endif
