/* ident: reserved words of Verilog, SystemVerilog, C++ and Verilator, and the identifier rules. */
#include "ident.h"

#include <stdio.h>
#include <string.h>

/* Each table is one language's reserved words, kept sorted so a reviewer can check it against
 * its source. The Verilog tables matter because Verilator 5 and Yosys parse .v files with
 * SystemVerilog keywords reserved ("'final' is a SystemVerilog keyword misused as an
 * identifier"); the C++ tables because Verilator turns module and signal names into C++
 * names. */

/* IEEE 1364-2005, 19.11 (all of them are also keywords of IEEE 1800-2017). */
static const char *const kw_verilog[] = {
    "always", "and", "assign", "automatic", "begin", "buf", "bufif0", "bufif1", "case", "casex",
    "casez", "cell", "cmos", "config", "deassign", "default", "defparam", "design", "disable",
    "edge", "else", "end", "endcase", "endconfig", "endfunction", "endgenerate", "endmodule",
    "endprimitive", "endspecify", "endtable", "endtask", "event", "for", "force", "forever",
    "fork", "function", "generate", "genvar", "highz0", "highz1", "if", "ifnone", "incdir",
    "include", "initial", "inout", "input", "instance", "integer", "join", "large", "liblist",
    "library", "localparam", "macromodule", "medium", "module", "nand", "negedge", "nmos", "nor",
    "noshowcancelled", "not", "notif0", "notif1", "or", "output", "parameter", "pmos", "posedge",
    "primitive", "pull0", "pull1", "pulldown", "pullup", "pulsestyle_ondetect",
    "pulsestyle_onevent", "rcmos", "real", "realtime", "reg", "release", "repeat", "rnmos",
    "rpmos", "rtran", "rtranif0", "rtranif1", "scalared", "showcancelled", "signed", "small",
    "specify", "specparam", "strong0", "strong1", "supply0", "supply1", "table", "task", "time",
    "tran", "tranif0", "tranif1", "tri", "tri0", "tri1", "triand", "trior", "trireg",
    "unsigned", "use", "uwire", "vectored", "wait", "wand", "weak0", "weak1", "while", "wire",
    "wor", "xnor", "xor", NULL};

/* IEEE 1800-2017, Annex B, the words it adds to 1364-2005. */
static const char *const kw_sv[] = {
    "accept_on", "alias", "always_comb", "always_ff", "always_latch", "assert", "assume",
    "before", "bind", "bins", "binsof", "bit", "break", "byte", "chandle", "checker", "class",
    "clocking", "const", "constraint", "context", "continue", "cover", "covergroup",
    "coverpoint", "cross", "dist", "do", "endchecker", "endclass", "endclocking", "endgroup",
    "endinterface", "endpackage", "endprogram", "endproperty", "endsequence", "enum",
    "eventually", "expect", "export", "extends", "extern", "final", "first_match", "foreach",
    "forkjoin", "global", "iff", "ignore_bins", "illegal_bins", "implements", "implies",
    "import", "inside", "int", "interconnect", "interface", "intersect", "join_any",
    "join_none", "let", "local", "logic", "longint", "matches", "modport", "nettype", "new",
    "nexttime", "null", "package", "packed", "priority", "program", "property", "protected",
    "pure", "rand", "randc", "randcase", "randsequence", "ref", "reject_on", "restrict",
    "return", "s_always", "s_eventually", "s_nexttime", "s_until", "s_until_with", "sequence",
    "shortint", "shortreal", "soft", "solve", "static", "string", "strong", "struct", "super",
    "sync_accept_on", "sync_reject_on", "tagged", "this", "throughout", "timeprecision",
    "timeunit", "type", "typedef", "union", "unique", "unique0", "until", "until_with",
    "untyped", "var", "virtual", "void", "wait_order", "weak", "wildcard", "with", "within",
    NULL};

/* ISO C++20 keywords and alternative tokens, [lex.key] and [lex.digraph]. */
static const char *const kw_cpp[] = {
    "alignas", "alignof", "and", "and_eq", "asm", "auto", "bitand", "bitor", "bool", "break",
    "case", "catch", "char", "char16_t", "char32_t", "char8_t", "class", "co_await",
    "co_return", "co_yield", "compl", "concept", "const", "const_cast", "consteval",
    "constexpr", "constinit", "continue", "decltype", "default", "delete", "do", "double",
    "dynamic_cast", "else", "enum", "explicit", "export", "extern", "false", "float", "for",
    "friend", "goto", "if", "inline", "int", "long", "mutable", "namespace", "new", "noexcept",
    "not", "not_eq", "nullptr", "operator", "or", "or_eq", "private", "protected", "public",
    "register", "reinterpret_cast", "requires", "return", "short", "signed", "sizeof",
    "static", "static_assert", "static_cast", "struct", "switch", "template", "this",
    "thread_local", "throw", "true", "try", "typedef", "typeid", "typename", "union",
    "unsigned", "using", "virtual", "void", "volatile", "wchar_t", "while", "xor", "xor_eq",
    NULL};

/* Names Verilator keeps out of its generated C++ besides the keywords (its SYMRSVDWORD list:
 * library types and macros, old calling conventions, transactional-memory words, SystemC). */
static const char *const kw_verilator[] = {
    "NULL", "abort", "atomic_cancel", "atomic_commit", "atomic_noexcept", "bit_vector",
    "cdecl", "complex", "const_iterator", "const_reference", "deque", "far", "huge", "interrupt",
    "iterator", "list", "map", "module", "near", "override", "pascal", "queue", "reference",
    "sc_clock", "sc_in", "sc_inout", "sc_out", "sc_signal", "sensitive", "sensitive_neg",
    "sensitive_pos", "set", "stack", "synchronized", "transaction_safe",
    "transaction_safe_dynamic", "type_info", "uint16_t", "uint32_t", "uint8_t", "vector", NULL};

static const struct {
    const char *const *words;
    const char *why;
} tables[] = {
    {kw_verilog, "a Verilog-2005 keyword"},
    {kw_sv, "a SystemVerilog (IEEE 1800-2017) keyword"},
    {kw_cpp, "a C++ keyword"},
    {kw_verilator, "a word Verilator reserves in its generated C++"},
};
#define NTABLES (sizeof tables / sizeof tables[0])

static const char *const suffixes[] = {"_meta", "_mshr", "_index", "_duel", "_dwt", "_pctbl", "_memq", "_l2",
                                       "_l2_meta", "_l2_mshr", "_l2_index", "_l2_memq", "_sys", NULL};

const char *ident_reserved(const char *id)
{
    for (size_t t = 0; t < NTABLES; t++)
        for (const char *const *w = tables[t].words; *w; w++)
            if (!strcmp(*w, id))
                return tables[t].why;
    return NULL;
}

static int is_lower(char ch) { return ch >= 'a' && ch <= 'z'; }
static int is_digit(char ch) { return ch >= '0' && ch <= '9'; }
static int is_alpha(char ch) { return is_lower(ch) || (ch >= 'A' && ch <= 'Z'); }

int ident_ok(const char *id)
{
    if (!id || !is_alpha(id[0]))
        return 0;
    for (const char *p = id; *p; p++) {
        if (!(is_alpha(*p) || is_digit(*p) || *p == '_'))
            return 0;
        if (p[0] == '_' && p[1] == '_')
            return 0;
    }
    return ident_reserved(id) == NULL;
}

static void why_set(char *why, size_t len, const char *fmt, const char *arg)
{
    if (why && len)
        snprintf(why, len, fmt, arg);
}

int ident_prefix_ok(const char *name, size_t maxlen, char *why, size_t whylen)
{
    size_t n = strlen(name);
    if (n == 0 || n > maxlen) {
        why_set(why, whylen, "%s", n ? "too long" : "empty");
        return 0;
    }
    if (!is_lower(name[0])) {
        why_set(why, whylen, "%s", "does not start with a lowercase letter");
        return 0;
    }
    for (size_t i = 0; i < n; i++)
        if (!(is_lower(name[i]) || is_digit(name[i]) || name[i] == '_')) {
            why_set(why, whylen, "%s", "holds a character other than a-z, 0-9 and _");
            return 0;
        }
    if (strstr(name, "__") || name[n - 1] == '_') {
        why_set(why, whylen, "%s", "has a double or trailing underscore");
        return 0;
    }
    const char *r = ident_reserved(name);
    if (r) {
        why_set(why, whylen, "is %s", r);
        return 0;
    }
    char full[256];
    for (const char *const *s = suffixes; *s; s++) {
        snprintf(full, sizeof full, "%s%s", name, *s);
        if (strlen(full) >= sizeof full - 1 || !ident_ok(full)) {
            why_set(why, whylen, "gives the module name %s, which is reserved", full);
            return 0;
        }
    }
    return 1;
}

const char *const *ident_reserved_list(void)
{
    static const char *all[512];
    if (!all[0]) {
        size_t n = 0;
        for (size_t t = 0; t < NTABLES; t++)
            for (const char *const *w = tables[t].words; *w && n + 1 < sizeof all / sizeof all[0];
                 w++)
                all[n++] = *w;
        all[n] = NULL;
    }
    return all;
}

const char *const *ident_suffixes(void) { return suffixes; }
