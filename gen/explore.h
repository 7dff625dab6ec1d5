/* explore: `cachegen explore`, design-space exploration: a grid of configurations, each
 * generated, validated, simulated on traces (cachesim or sysim) and costed (synth/synth.sh and
 * build/cost), joined into one table sorted by an objective with the Pareto front of objective
 * against area marked (docs/explore.md).
 * Invariants: every grid key and value is checked before any point runs (a bad grid runs
 * nothing); a point illegal as a combination is reported and skipped; costs and simulations
 * are cached under OUT's cache by the hash of the normalized configuration and the tools'
 * version, each entry written to a temporary and renamed, so an interrupted run resumes and a
 * grown grid runs only its new points; every output file is written whole or not at all. */
#ifndef CACHEGEN_EXPLORE_H
#define CACHEGEN_EXPLORE_H

#include <stddef.h>

#include "../core/cfg.h"

#define EXP_MAX_SETS 64     /* --set overrides of the base */
#define EXP_MAX_KEYS 16     /* grid keys (or keys of one YAML point) */
#define EXP_MAX_VALS 64     /* values of one grid key */
#define EXP_MAX_POINTS 4096 /* points of a grid */
#define EXP_MAX_TRACES 16   /* --trace files */
#define EXP_MAX_SIM_OPTS 16 /* --sim-opt options of the simulator */
#define EXP_MAX_METRICS 96  /* columns of a row */
#define EXP_KEY_HEX 65      /* a sha256 in hex and its NUL */

enum { EXP_SIM_CACHESIM, EXP_SIM_SYSIM };
enum { EXP_RUN_AUTO, EXP_RUN_LOCAL, EXP_RUN_SLURM };
enum { EXP_TOP_L1, EXP_TOP_SYS };        /* the top a point's cost is of (--cost-top) */
enum { EXP_PHASE_SIM = 1, EXP_PHASE_COST = 2, EXP_PHASE_ALL = 3 }; /* what a point run does */

/* The checked arguments of one `cachegen explore`. */
typedef struct {
    const char *config, *preset;     /* base configuration: a YAML file or a preset, or none */
    const char *sets[EXP_MAX_SETS];  /* --set KEY=VALUE of the base, in order */
    unsigned nsets;
    const char *grid[EXP_MAX_KEYS];  /* --grid KEY=V1,V2,... in order */
    unsigned ngrid;
    const char *points;              /* --points FILE.yaml, or NULL */
    const char *traces[EXP_MAX_TRACES]; /* --trace FILE, in order */
    unsigned ntraces;
    int sim;                         /* EXP_SIM_* */
    const char *sim_opts[EXP_MAX_SIM_OPTS]; /* --sim-opt NAME[=VALUE]: the simulator's --NAME
                                        [VALUE] (sysim's cycle model: timed, l2-latency=200) */
    unsigned nsim_opts;
    int cost_top;                    /* EXP_TOP_*: default the system for sysim, else the L1 */
    char objective[64];              /* a metric name (a row column) */
    int maximize;                    /* 1: larger is better */
    unsigned jobs;                   /* -j: points at a time locally, 1..64 */
    int runner;                      /* EXP_RUN_* */
    const char *out;                 /* -o OUT */
    const char *cache;               /* --cache DIR, default OUT/cache */
    long task;                       /* --task K (a Slurm array task): point K only; -1 none */
} exp_opts_t;

/* One point of the grid. */
typedef struct {
    char name[64];                   /* p1, p2, ... or the YAML point's name */
    const char *sets[EXP_MAX_KEYS];  /* its KEY=VALUE over the base (strings owned by argv,
                                        the YAML buffer or the grid's value copies) */
    unsigned nsets;
    int legal;                       /* 0: skipped, why[] says why */
    char why[512];
    cfg_t cfg;                       /* the normalized configuration when legal */
    char cost_key[EXP_KEY_HEX];      /* cache keys when legal */
    char sim_key[EXP_KEY_HEX];
} exp_point_t;

/* A whole run: options, points and the paths of the tools. */
typedef struct {
    exp_opts_t o;
    exp_point_t *pt;                 /* [npt] */
    unsigned npt;
    const char *keys[EXP_MAX_KEYS];  /* the grid's keys, the table's columns */
    unsigned nkeys;
    char exe[4096];                  /* this cachegen */
    char bin[4096];                  /* its directory (build/): cost, stanet, cachesim, sysim */
    char root[4200];                 /* the source tree: synth/synth.sh */
    char cache[4096];                /* the cache directory */
} exp_run_t;

/* explore_args.c: parse argv (after "explore") into *o; 0, 1 for --help, -1 with err set.
 * Touches nothing. */
int exp_parse_args(int argc, char **argv, exp_opts_t *o, char *err, size_t errlen);
void exp_usage(FILE *f);

/* explore_grid.c: the points of the grid or of the YAML file, each checked: a key unknown or
 * a value refused by its key alone fails the whole grid (-1, err names key and value and what
 * is allowed); a point whose combination is illegal is kept with legal = 0 and its reason. */
int exp_grid_build(exp_run_t *r, char *err, size_t errlen);

/* explore_cache.c: the tools' paths and fingerprint, the points' cache keys, entry paths and
 * the atomic write of an entry. */
int exp_find_tools(exp_run_t *r, char *err, size_t errlen);
int exp_cache_keys(exp_run_t *r, char *err, size_t errlen);
void exp_cache_path(const exp_run_t *r, const char *kind, const char *key, char *buf, size_t len);
int exp_cache_has(const exp_run_t *r, const char *kind, const char *key);
/* The normalized configuration of a point as YAML text (malloc'ed), or NULL. */
char *exp_cfg_text(const cfg_t *c);

/* explore_point.c: one point's `phase` (EXP_PHASE_*): simulate every trace (unless cached),
 * then generate, synthesize and cost the chosen top (unless cached), each result into the
 * cache. Returns 0 (nothing synthesized), 1 (cost was synthesized now) or -1 (failed; the
 * reason is in OUT/logs/<name>.log). */
int exp_point_run(const exp_run_t *r, const exp_point_t *p, int phase);

/* explore_sched.c: run `phase` of every legal point that needs it: EXP_PHASE_SIM the points
 * whose simulation is not cached (always here, -j at a time), EXP_PHASE_ALL those whose
 * simulation is cached and cost is not (-j at a time or as a Slurm job array); progress on
 * stderr. Returns the number of failed points (*synth: the points synthesized), -1 on a setup
 * error or -2 when interrupted (err says which; exp_stop_signal() the signal). */
int exp_schedule(exp_run_t *r, int phase, unsigned *synth, char *err, size_t errlen);
int exp_stop_signal(void);

/* explore_out.c: 0 when the objective names a column of this run's rows (a cost column, a
 * derived one, or an integer count of a cached simulation of a legal point); else -1 and err
 * lists the allowed names. Read before any point is synthesized. */
int exp_objective_check(const exp_run_t *r, char *err, size_t errlen);

/* explore_out.c: rows from the cache, sorted by the objective, the Pareto front; CSV, JSON,
 * Markdown and the SVG plot in OUT, each written whole. 0, or -1 with err. */
int exp_write_outputs(const exp_run_t *r, double seconds, unsigned synth, char *err,
                      size_t errlen);

/* explore_plot.c: the front's SVG through gnuplot (no shell); 0 or -1 with err. `data`
 * holds gnuplot data lines: x y label front(0/1). */
int exp_plot(const char *svg_path, const char *title, const char *xlabel, const char *ylabel,
             const char *data, char *err, size_t errlen);

/* explore.c: the subcommand; returns the exit status (0, 1 some point failed, 2 bad input,
 * 128 + N stopped by signal N). */
int explore_cli(int argc, char **argv);

#endif
