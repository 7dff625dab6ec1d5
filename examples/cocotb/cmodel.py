"""cmodel: the cachegen L1's C model (cmodel/cm_l1.c) from Python, through ctypes.

The model is the C library build/libcmodel.so (`make build/libcmodel.so`), called through the
flat interface of cmodel/cm_ffi.h; nothing of the cache is re-implemented here. Each call is
one RTL event, as in the Verilator harnesses (tb/l1_harness.cpp): a sweep, a request's lookup
or stall, a fill. The caller supplies what the model cannot predict: which outstanding MSHR
fills next and the line memory returns.

    m = L1Model("out/config.yaml")         # the configuration the RTL was generated from
    q = Request(line=0x40, ident=3)        # a load; keep the object across its retries
    ev = m.access(q)                       # its lookup (or stall): ev.dec, ev.mshr, ...
    ev = m.fill(ev.mshr, line_data)        # the fill: ev.status, ev.ident, ev.data

Lines are Python ints whose bits 8i+7:8i hold byte i, as on the RTL's data ports. The library
is found at $CACHEGEN_CMODEL_LIB, else at build/libcmodel.so of this repository.
"""

import ctypes
import os

_HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_LIB = os.path.join(_HERE, "..", "..", "build", "libcmodel.so")

# Performance counters in port order (cnt_<name>_o), as lay_counter_t.
COUNTERS = ("accesses", "hits", "misses", "bypasses", "fills", "evictions", "rsv_fails",
            "stall_cycles", "merged")


class _Info(ctypes.Structure):
    _fields_ = [(n, ctypes.c_uint32) for n in (
        "sets", "ways", "line_bytes", "mshrs", "off_bits", "line_addr_bits", "id_bits",
        "row_bits", "counters", "mshr_merge")]


class _Event(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_uint32), ("dec", ctypes.c_uint32), ("set", ctypes.c_uint32),
                ("way", ctypes.c_uint32), ("evict_valid", ctypes.c_uint32),
                ("evict_tag", ctypes.c_uint64), ("mshr", ctypes.c_uint32),
                ("responds", ctypes.c_uint32), ("status", ctypes.c_uint32),
                ("id", ctypes.c_uint32), ("nwait", ctypes.c_uint32),
                ("wait_id", ctypes.c_uint32 * 8)]


class Event:
    """What one model event decided (cm_result_t): codes are the RTL's (the pkg's Evt*, Dec*
    and Status* localparams). data: the response's line when `responds`, else 0."""

    def __init__(self, ev, data):
        self.kind, self.dec, self.set, self.way = ev.kind, ev.dec, ev.set, ev.way
        self.evict_valid, self.evict_tag = ev.evict_valid, ev.evict_tag
        self.mshr, self.responds, self.status, self.ident = ev.mshr, ev.responds, ev.status, ev.id
        self.waiters = list(ev.wait_id[:ev.nwait])  # merged loads, answered after this one
        self.data = data

    def __repr__(self):
        return (f"Event(kind={self.kind} dec={self.dec} set={self.set} way={self.way} "
                f"mshr={self.mshr} responds={self.responds} status={self.status} "
                f"id={self.ident})")


class Request:
    """A core request. rsv_counted belongs to the model: keep the same object while the RTL
    retries the request (a stall counts one reservation failure, on its first decision)."""

    def __init__(self, line, ident, store=False, pc=0, core=0, be=0, wdata=0):
        self.line, self.ident, self.store = line, ident, store
        self.pc, self.core, self.be, self.wdata = pc, core, be, wdata
        self.rsv_counted = ctypes.c_uint8(0)


def _load(path):
    lib = ctypes.CDLL(path)
    p, u32, u64 = ctypes.c_void_p, ctypes.c_uint32, ctypes.c_uint64
    buf, ev = ctypes.c_char_p, ctypes.POINTER(_Event)
    sigs = {
        "cm_ffi_open": (ctypes.c_int, [buf, ctypes.POINTER(p), buf, ctypes.c_size_t]),
        "cm_ffi_close": (None, [p]),
        "cm_ffi_info": (None, [p, ctypes.POINTER(_Info)]),
        "cm_ffi_sweep": (ctypes.c_int, [p, u32, ev]),
        "cm_ffi_access": (ctypes.c_int, [p, u32, u64, u32, u64, u32, buf, buf,
                                         ctypes.POINTER(ctypes.c_uint8), ev, buf]),
        "cm_ffi_fill": (ctypes.c_int, [p, u32, buf, u32, ev, buf]),
        "cm_ffi_stall_cycle": (None, [p]),
        "cm_ffi_index": (u32, [p, u64]),
        "cm_ffi_row": (ctypes.c_int, [p, u32, buf]),
        "cm_ffi_counter": (u64, [p, u32]),
    }
    for name, (res, args) in sigs.items():
        fn = getattr(lib, name)
        fn.restype, fn.argtypes = res, args
    return lib


class L1Model:
    """One L1 model, made from a generated output's config.yaml, in the state after the init
    sweep. Attributes: sets, ways, line_bytes, mshrs, off_bits, line_addr_bits, id_bits,
    row_bits, mshr_merge."""

    def __init__(self, config_yaml, lib_path=None):
        self._m = None
        path = lib_path or os.environ.get("CACHEGEN_CMODEL_LIB") or DEFAULT_LIB
        if not os.path.exists(path):
            raise FileNotFoundError(f"{path}: no C model library (make build/libcmodel.so)")
        self._lib = _load(path)
        err = ctypes.create_string_buffer(1024)
        handle = ctypes.c_void_p()
        if self._lib.cm_ffi_open(os.fsencode(config_yaml), ctypes.byref(handle), err,
                                 len(err)) != 0:
            raise ValueError(err.value.decode())
        self._m = handle
        info = _Info()
        self._lib.cm_ffi_info(self._m, ctypes.byref(info))
        for name, _ in _Info._fields_:
            if name != "counters":  # the method counters() reads them
                setattr(self, name, getattr(info, name))
        assert info.counters == len(COUNTERS)

    def close(self):
        if self._m:
            self._lib.cm_ffi_close(self._m)
            self._m = None

    def __del__(self):
        self.close()

    def _line_bytes(self, value):
        return value.to_bytes(self.line_bytes, "little")

    def _event(self, fn, *args):
        ev = _Event()
        data = ctypes.create_string_buffer(self.line_bytes)
        if fn(self._m, *args, ctypes.byref(ev), data) != 0:
            raise ValueError(f"{fn.__name__}{args[:1]}: refused by the model (cmodel/cm_ffi.h)")
        return Event(ev, int.from_bytes(data.raw, "little"))

    def sweep(self, set_):
        """Sweep event: set `set_` back to its reset row (init sweep, flush)."""
        ev = _Event()
        if self._lib.cm_ffi_sweep(self._m, set_, ctypes.byref(ev)) != 0:
            raise ValueError(f"sweep of set {set_}: out of range")
        return Event(ev, 0)

    def access(self, q):
        """Request event of `q`: a lookup, or a stall that leaves the request waiting."""
        be = q.be.to_bytes((self.line_bytes + 7) // 8, "little") if q.store else None
        wdata = self._line_bytes(q.wdata) if q.store else None
        return self._event(self._lib.cm_ffi_access, int(q.store), q.line, q.ident, q.pc,
                           q.core, be, wdata, ctypes.byref(q.rsv_counted))

    def fill(self, mshr, line, hint=0):
        """Fill event: outstanding MSHR `mshr` returns `line` (with the L2's hint bit)."""
        return self._event(self._lib.cm_ffi_fill, mshr, self._line_bytes(line), hint)

    def stall_cycle(self):
        """Count a cycle in which the oldest waiting request has stalled (as the RTL does)."""
        self._lib.cm_ffi_stall_cycle(self._m)

    def index(self, line):
        """The set line address `line` maps to."""
        return self._lib.cm_ffi_index(self._m, line)

    def row(self, set_):
        """Set `set_`'s metadata row as an int, packed as the RTL's evt_row_o."""
        out = ctypes.create_string_buffer((self.row_bits + 7) // 8)
        if self._lib.cm_ffi_row(self._m, set_, out) != 0:
            raise ValueError(f"row of set {set_}: out of range")
        return int.from_bytes(out.raw, "little")

    def counters(self):
        """The performance counters by name (COUNTERS)."""
        return {n: self._lib.cm_ffi_counter(self._m, i) for i, n in enumerate(COUNTERS)}
