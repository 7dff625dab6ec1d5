// harness_util: what every lockstep harness shares: its declared plusargs (checked, with
// +help), loading the generated directory's configuration, reporting the first mismatch and a
// differing field, a field-by-field row diff, and a set of named coverage
// bins that reports every count (n/a where the configuration cannot reach a bin) and says how
// many reachable bins were never hit, and the coverage hole report: a hole is not a mismatch,
// so it has its own message and exit status (HOLE_EXIT) and no waveform.
#ifndef CACHEGEN_TB_HARNESS_UTIL_H
#define CACHEGEN_TB_HARNESS_UTIL_H

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <string>
#include <vector>
#include <sys/stat.h>
#include <unistd.h>
#include "verilated.h"
extern "C" {
#include "../core/bv.h"
#include "../core/cfg.h"
#include "../core/num.h"
}

// Take the next expected L1 response of the same class as the one the RTL gave: store
// acknowledgements (status STORE) in store order, load responses in their order. A store is
// acknowledged when it enters the memory-request queue, so how the two classes interleave is
// the RTL's timing, not the model's event order. Returns false when none of that class waits.
template <class Deque, class Rsp>
inline bool take_response(Deque &q, bool store_ack, unsigned store_status, Rsp &out)
{
    for (auto it = q.begin(); it != q.end(); ++it)
        if ((it->status == store_status) == store_ack) {
            out = *it;
            q.erase(it);
            return true;
        }
    return false;
}

// A harness's plusargs. Each is declared once with its form, default and meaning; parse() reads
// argv and refuses, with one line "WHO: error: +NAME = VALUE: why; allowed: ..." and exit status
// 2 (bad setup), an argument that is not a declared plusarg, one given twice, a flag given a
// value, a value missing, a number that is not decimal or is out of its range (num.h, the
// parser of cachegen's own options) and a word not in its list. +help prints every plusarg and
// exits 0. +verilator+... arguments are Verilator's own (VerilatedContext::commandArgs checks
// them). Reading an undeclared plusarg is a harness bug: it aborts.
class plusargs {
public:
    plusargs(const char *who, const char *summary) : who_(who), summary_(summary) {}
    // +NAME alone, no value
    void flag(const char *name, const char *help) { add(name, FLAG, "", "", help); }
    // +NAME=N, a decimal integer in lo..hi
    void number(const char *name, uint64_t def, uint64_t lo, uint64_t hi, const char *help)
    {
        arg &a = add(name, NUMBER, "N", std::to_string(def), help);
        a.lo = lo;
        a.hi = hi;
    }
    // +NAME=METAVAR, any non-empty text (a path, a string)
    void text(const char *name, const char *metavar, const char *def, const char *help)
    {
        add(name, TEXT, metavar, def, help);
    }
    // +NAME=WORD, one of `words`
    void choice(const char *name, const std::vector<std::string> &words, const char *def,
                const char *help)
    {
        add(name, CHOICE, "WORD", def, help).words = words;
    }

    // Reads argv[1..]. Returns -1 to go on, or the exit status: 0 after +help (printed on
    // stdout), 2 after an error (printed on stderr).
    int parse(int argc, char **argv)
    {
        const char *prog = argc > 0 ? std::strrchr(argv[0], '/') : nullptr;
        prog = prog ? prog + 1 : argc > 0 ? argv[0] : who_;
        for (int i = 1; i < argc; i++)
            if (!std::strcmp(argv[i], "+help")) {
                help(prog);
                return 0;
            }
        for (int i = 1; i < argc; i++) {
            std::string s = argv[i];
            if (s.compare(0, 11, "+verilator+") == 0)
                continue;
            if (s.empty() || s[0] != '+')
                return error(shown(s) + ": not a plusarg; allowed plusargs: " + names());
            size_t eq = s.find('=');
            std::string name = s.substr(1, eq == std::string::npos ? std::string::npos : eq - 1);
            std::string value = eq == std::string::npos ? "" : s.substr(eq + 1);
            std::string key = "+" + name;
            arg *a = find(name);
            if (!a)
                return error(key + " = " + shown(value) + ": unknown plusarg; allowed plusargs: " +
                             names());
            if (a->given)
                return error(key + ": given twice (" + shown(a->raw) + " and " + shown(s) +
                             "); allowed: once");
            a->given = true;
            a->raw = s;
            if (a->kind == FLAG) {
                if (eq != std::string::npos)
                    return error(key + " = " + shown(value) + ": not allowed; " + key +
                                 " is a flag and takes no value; allowed: " + key);
                continue;
            }
            if (eq == std::string::npos || value.empty())
                return error(key + ": needs a value; allowed: " + form(*a));
            if (a->kind == NUMBER) {
                uint64_t v;
                if (num_parse_u64(value.c_str(), a->lo, a->hi, &v) != 0) {
                    char msg[512];
                    num_error(msg, sizeof msg, key.c_str(), value.c_str(), a->lo, a->hi);
                    return error(msg);
                }
                a->n = v;
            } else if (a->kind == CHOICE) {
                bool ok = false;
                for (const auto &w : a->words)
                    ok |= w == value;
                if (!ok)
                    return error(key + " = " + shown(value) + ": unknown " + name + "; allowed: " +
                                 join(a->words));
            }
            a->value = value;
        }
        return -1;
    }

    // A declared plusarg's value refused after parse() (a check parse() cannot make): prints
    // "WHO: error: +NAME = VALUE: not allowed; allowed: ALLOWED" and returns 2.
    int refuse(const char *name, const std::string &allowed) const
    {
        return error("+" + std::string(name) + " = " + shown(get(name).value) +
                     ": not allowed; allowed: " + allowed);
    }
    // A +trace (or other output) file that cannot be written: refused before the run. Checked
    // without opening it (a refused run leaves an existing file as it was): an existing file
    // must be writable and not a directory, a new one needs a writable, searchable folder. The
    // harness opens its outputs only when the run starts.
    int writable(const char *name) const
    {
        const std::string &path = get(name).value;
        if (path.empty())
            return -1;
        struct stat sb;
        const char *why = nullptr;
        int err = 0;
        if (::stat(path.c_str(), &sb) == 0) {
            if (S_ISDIR(sb.st_mode))
                why = "it is a directory";
            else if (::access(path.c_str(), W_OK) != 0)
                err = errno;
        } else if (errno == ENOENT) {
            size_t slash = path.rfind('/');
            std::string parent = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
            if (::access(parent.c_str(), W_OK | X_OK) != 0)
                err = errno;
        } else
            err = errno;
        if (!why && !err)
            return -1;
        return refuse(name, std::string("a file this process can write (") +
                                (why ? why : std::strerror(err)) + ")");
    }

    bool on(const char *name) const { return get(name).given; }
    uint64_t num(const char *name) const { return get(name).n; }
    const std::string &str(const char *name) const { return get(name).value; }

private:
    enum kind_t { FLAG, NUMBER, TEXT, CHOICE };
    struct arg {
        std::string name, metavar, def, help;
        kind_t kind;
        uint64_t lo = 0, hi = 0, n = 0;     // NUMBER: range and value
        std::vector<std::string> words;     // CHOICE: the allowed words
        bool given = false;
        std::string value, raw;             // the value (default until given), the argument
    };
    arg &add(const char *name, kind_t k, const char *metavar, const std::string &def,
             const char *help)
    {
        if (find(name)) {
            std::fprintf(stderr, "%s: plusarg +%s declared twice\n", who_, name);
            std::abort();
        }
        args_.emplace_back();
        arg &a = args_.back();
        a.name = name;
        a.kind = k;
        a.metavar = metavar;
        a.def = def;
        a.help = help;
        a.value = def;
        if (k == NUMBER)
            a.n = std::strtoull(def.c_str(), nullptr, 10);
        return a;
    }
    arg *find(const std::string &name)
    {
        for (auto &a : args_)
            if (a.name == name)
                return &a;
        return nullptr;
    }
    const arg &get(const char *name) const
    {
        for (const auto &a : args_)
            if (a.name == name)
                return a;
        std::fprintf(stderr, "%s: plusarg +%s read but never declared\n", who_, name);
        std::abort();
    }
    static std::string join(const std::vector<std::string> &v)
    {
        std::string s;
        for (const auto &w : v)
            s += (s.empty() ? "" : ", ") + w;
        return s;
    }
    std::string names() const
    {
        std::vector<std::string> v;
        for (const auto &a : args_)
            v.push_back("+" + a.name);
        v.push_back("+help");
        return join(v) + " (+help describes each; +verilator+... are Verilator's own)";
    }
    static std::string form(const arg &a)
    {
        switch (a.kind) {
        case FLAG: return "+" + a.name;
        case NUMBER:
            return "+" + a.name + "=N, a decimal integer in " + std::to_string(a.lo) + ".." +
                   std::to_string(a.hi);
        case CHOICE: return "+" + a.name + "=" + join(a.words);
        default: return "+" + a.name + "=" + a.metavar;
        }
    }
    // A value as typed, unprintable bytes escaped, cut past 64 characters (as num_error).
    static std::string shown(const std::string &s)
    {
        std::string out;
        for (size_t i = 0; i < s.size(); i++) {
            if (i == 64)
                return out + "...";
            unsigned char ch = (unsigned char)s[i];
            char b[8];
            if (ch >= 0x20 && ch < 0x7f)
                out += (char)ch;
            else {
                std::snprintf(b, sizeof b, "\\x%02x", ch);
                out += b;
            }
        }
        return out.empty() ? "(empty)" : out;
    }
    int error(const std::string &msg) const
    {
        std::fprintf(stderr, "%s: error: %s\n", who_, msg.c_str());
        return 2;
    }
    void help(const char *prog) const
    {
        std::printf("usage: %s [+NAME[=VALUE] ...]\n%s\n\nplusargs:\n", prog, summary_);
        for (const auto &a : args_) {
            std::string lhs = "+" + a.name + (a.kind == FLAG ? "" : "=" + a.metavar), what;
            if (a.kind == NUMBER)
                what = std::to_string(a.lo) + ".." + std::to_string(a.hi) + "; default " + a.def;
            else if (a.kind == CHOICE)
                what = "one of " + join(a.words) + "; default " + a.def;
            else if (a.kind == TEXT && !a.def.empty())
                what = "default " + a.def;
            std::printf("  %-24s %s\n", lhs.c_str(), a.help.c_str());
            if (!what.empty())
                std::printf("  %-24s %s\n", "", what.c_str());
        }
        std::printf("  %-24s %s\n  %-24s %s\n", "+help", "this text, then exit 0",
                    "+verilator+...", "Verilator's runtime options (+verilator+help lists them)");
    }

    const char *who_, *summary_;
    std::vector<arg> args_;
};

// +trace, declared by the harness: a file it can write, and a harness built with --trace-fst
// (VM_TRACE, set by Verilator's build). -1 to go on, else the exit status (refused, 2).
inline int trace_plusarg_ok(const plusargs &pa)
{
    int st = pa.writable("trace");
    if (st >= 0)
        return st;
#if !VM_TRACE
    if (!pa.str("trace").empty())
        return pa.refuse("trace", "none: this harness was built without --trace-fst");
#endif
    return -1;
}

// Close an output file (+evlog, +stimout...) the run wrote, checking every write made to it
// (its error flag) and the close: false, after "who: error: cannot write PATH: REASON", when
// any failed (a full disk), so that the run exits non-zero. A null file is fine.
inline bool close_output(const char *who, FILE *f, const std::string &path)
{
    if (!f)
        return true;
    bool bad = std::ferror(f) != 0;
    int err = 0;
    std::clearerr(f);
    errno = 0;
    if (std::fflush(f) != 0) {
        bad = true;
        err = errno;
    } else if (bad) { // the reason of the earlier failed write: the file is incomplete anyway
        errno = 0;
        if (std::fputc('\n', f) == EOF || std::fflush(f) != 0)
            err = errno;
    }
    if (std::fclose(f) != 0 && !bad) {
        bad = true;
        err = errno;
    }
    if (bad)
        std::fprintf(stderr, "%s: error: cannot write %s: %s\n", who, path.c_str(),
                     std::strerror(err ? err : EIO));
    return !bad;
}

// OUTDIR's top name and config.yaml checksum, as its cachegen.manifest lists them ("" if none).
inline void manifest_identity(const std::string &dir, std::string &top, std::string &sum)
{
    top.clear();
    sum.clear();
    std::FILE *f = std::fopen((dir + "/cachegen.manifest").c_str(), "r");
    if (!f)
        return;
    char line[512];
    while (std::fgets(line, sizeof line, f)) {
        std::string l(line);
        while (!l.empty() && (l.back() == '\n' || l.back() == '\r'))
            l.pop_back();
        if (l.compare(0, 5, "top: ") == 0 && l.size() < 5 + 80)
            top = l.substr(5);
        else if (l.size() == 6 + 64 + 2 + 11 && l.compare(0, 6, "file: ") == 0 &&
                 l.compare(70, 13, "  config.yaml") == 0)
            sum = l.substr(6, 64);
    }
    std::fclose(f);
}

// A harness is compiled against one generated configuration (its Verilated model and the layout
// it packs rows in); the build scripts pass that configuration's checksum and top name
// (CG_BUILT_CONFIG, CG_BUILT_TOP). Running it on a +dir of another configuration would compare
// rows of different layouts (a false mismatch, or worse), so it is refused here, naming both.
// Returns true when OUTDIR is the configuration built for (or the build named none).
inline bool built_for(const std::string &dir, const char *who)
{
#if defined(CG_BUILT_CONFIG) && defined(CG_BUILT_TOP)
#define CG_STR2_(x) #x
#define CG_STR_(x) CG_STR2_(x)
    const std::string want = CG_STR_(CG_BUILT_CONFIG), want_top = CG_STR_(CG_BUILT_TOP);
    std::string top, sum;
    manifest_identity(dir, top, sum);
    if (sum != want) {
        std::fprintf(stderr,
                     "%s: built for another configuration: this harness was built for %s "
                     "(config.yaml sha256 %.16s...), +dir=%s holds %s (%s%.16s%s); rebuild the "
                     "harness for it (tb/build_harness.sh KIND)\n",
                     who, want_top.c_str(), want.c_str(), dir.c_str(),
                     top.empty() ? "no cachegen output" : top.c_str(),
                     sum.empty() ? "no config.yaml checksum" : "config.yaml sha256 ", sum.c_str(),
                     sum.empty() ? "" : "...");
        return false;
    }
#undef CG_STR_
#undef CG_STR2_
#else
    (void)dir;
    (void)who;
#endif
    return true;
}

// Load OUTDIR/config.yaml over the defaults and validate it; on error print it as `who`.
inline bool load_config(const std::string &dir, const char *who, cfg_t &c)
{
    char err[1024];
    std::string path = dir + "/config.yaml";
    cfg_defaults(&c);
    if (cfg_load_yaml(&c, path.c_str(), err, sizeof err) != 0 || cfg_validate(&c, err, sizeof err) != 0) {
        std::fprintf(stderr, "%s: %s\n", who, err);
        return false;
    }
    return built_for(dir, who);
}

// The throughput benches' start (tb/throughput*.cpp): +dir (required) and +requests parsed,
// the output directory's configuration loaded. Returns -1 to go on, else the exit status.
inline int bench_start(plusargs &pa, int argc, char **argv, const char *who,
                       const char *requests_what, std::string &dir, uint64_t &n, cfg_t &c)
{
    pa.text("dir", "OUTDIR", "", "the generated output directory (with config.yaml); required");
    pa.number("requests", 20000, 1, UINT32_MAX, requests_what);
    int st = pa.parse(argc, argv);
    if (st >= 0)
        return st;
    if (pa.str("dir").empty())
        return pa.refuse("dir", "an output directory of cachegen; +dir is required");
    dir = pa.str("dir");
    n = pa.num("requests");
    return load_config(dir, who, c) ? -1 : 2;
}

// The first mismatch of a run, printed once (`failed` keeps later ones quiet):
// "MISMATCH at cycle C (seed S): what" and the detail lines.
inline void report_mismatch(bool &failed, uint64_t cycle, uint64_t seed, const char *what,
                            const std::string &detail)
{
    if (failed)
        return;
    failed = true;
    std::printf("MISMATCH at cycle %llu (seed %llu): %s\n%s", (unsigned long long)cycle,
                (unsigned long long)seed, what, detail.c_str());
}

// A detail line "  where: what expected E actual A", or "" when the two agree.
inline std::string field_diff(const std::string &where, const char *what, uint64_t exp,
                              uint64_t act)
{
    if (exp == act)
        return "";
    char b[256];
    std::snprintf(b, sizeof b, "  %s: %s expected %llu actual %llu\n", where.c_str(), what,
                  (unsigned long long)exp, (unsigned long long)act);
    return b;
}

// Every field of two rows, expected beside actual, differing ones marked. `field` names field i
// of layout `l` (lay_l1_field, lay_l2_field) and returns -1 past the last.
template <typename Layout>
std::string row_diff(const Layout *l,
                     int (*field)(const Layout *, unsigned, char *, size_t, unsigned *, unsigned *),
                     const bv_t &exp, const bv_t &act)
{
    std::string out;
    char name[32], line[160];
    unsigned lsb, width;
    for (unsigned i = 0; field(l, i, name, sizeof name, &lsb, &width) == 0; i++) {
        uint64_t e = bv_get(&exp, lsb, width), a = bv_get(&act, lsb, width);
        std::snprintf(line, sizeof line, "  %-10s expected 0x%llx actual 0x%llx%s\n", name,
                      (unsigned long long)e, (unsigned long long)a, e != a ? "   <-- differs" : "");
        out += line;
    }
    return out;
}

// Exit status of a run whose only failure is a coverage hole (a mismatch exits 1, bad setup 2).
constexpr int HOLE_EXIT = 3;

// The lines of a coverage hole: "COVERAGE HOLE: bin X unhit after N requests (E events)" per
// bin, then "<who>: HOLE (seed S)". Returns HOLE_EXIT.
inline int report_holes(const char *who, const std::vector<std::string> &bins, uint64_t requests,
                        uint64_t events, uint64_t seed)
{
    for (const auto &b : bins)
        std::printf("COVERAGE HOLE: bin %s unhit after %llu requests (%llu events)\n", b.c_str(),
                    (unsigned long long)requests, (unsigned long long)events);
    std::printf("%s: HOLE (seed %llu)\n", who, (unsigned long long)seed);
    return HOLE_EXIT;
}

// Named bins; `reachable` says whether this configuration can hit a bin at all.
class bin_set {
public:
    using reach_fn = std::function<bool(const std::string &)>;
    void declare(const char *name) { bins_[name]; }
    void hit(const char *name) { bins_[name]++; }
    void set(const char *name, uint64_t n) { bins_[name] = n; }
    uint64_t count(const char *name) const
    {
        auto it = bins_.find(name);
        return it == bins_.end() ? 0 : it->second;
    }
    // The reachable bins never hit, in name order.
    std::vector<std::string> unhit(const reach_fn &reachable) const
    {
        std::vector<std::string> v;
        for (const auto &b : bins_)
            if (b.second == 0 && reachable(b.first))
                v.push_back(b.first);
        return v;
    }
    unsigned missing(const reach_fn &reachable) const
    {
        unsigned n = 0;
        for (const auto &b : bins_)
            n += b.second == 0 && reachable(b.first);
        return n;
    }
    void report(FILE *f, const reach_fn &reachable) const
    {
        std::fprintf(f, "coverage:");
        for (const auto &b : bins_) {
            if (reachable(b.first))
                std::fprintf(f, " %s=%llu", b.first.c_str(), (unsigned long long)b.second);
            else
                std::fprintf(f, " %s=n/a", b.first.c_str());
        }
        std::fprintf(f, "\ncoverage: %zu bins, %u not hit:", bins_.size(), missing(reachable));
        for (const auto &b : bins_)
            if (b.second == 0 && reachable(b.first))
                std::fprintf(f, " %s", b.first.c_str());
        std::fprintf(f, "\n");
    }

private:
    std::map<std::string, uint64_t> bins_;
};

#endif
