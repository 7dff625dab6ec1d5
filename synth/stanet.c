/* stanet: turns Yosys's flattened, Liberty-mapped netlist (write_json) into the Verilog netlist
 * OpenSTA times, with two steps a place-and-route flow would add and Yosys 0.23 does not:
 *   - fanout buffering: every net with more than STANET_FANOUT cell loads is split by a tree
 *     of BUF_X1 cells, at most STANET_FANOUT loads per buffer (ABC buffers only inside the
 *     logic it maps; flop outputs and module boundaries, e.g. an FSM state bit that enables
 *     2,241 line-register flops, would otherwise drive picofarads through one X1 output);
 *   - SRAM macros: each cachegen_sram_1r1w instance becomes the cell of its shape,
 *     cachegen_sram_1r1w_<Depth>x<Width>, which liberty.sh sram models. Every other cell,
 *     the user's own macro (sram.macro) among them, passes through as the cell Yosys read
 *     (from the user's Liberty, sta.sh's sram_user.lib) with its pins and buses as connected.
 * Nets keep their RTL names (escaped identifiers) where Yosys kept one, so a critical path
 * reads in the design's own signal names.
 *
 *   stanet FLAT.json TOP OUT.v SHAPES
 *       writes OUT.v and SHAPES (one "Depth Width" line per SRAM instance); prints the number
 *       of buffers added. Exit status 0, 2 on bad input (nothing written). */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STANET_FANOUT 8
#define STANET_BUF "BUF_X1"
#define STANET_SRAM "cachegen_sram_1r1w"

typedef struct stanet_load {
    int cell;   /* index into the cell table; -1: a new buffer (then `pin` is its index) */
    int pin;    /* connection index within the cell, or the buffer index */
    int bit;    /* bit within that connection */
} stanet_load_t;

typedef struct stanet_conn {
    const char *pin;  /* Liberty pin or bus name */
    int input;        /* 1: an input pin (a load) */
    int n;            /* bits */
    int *net;         /* net id per bit, LSB first; -1 constant 0, -2 constant 1 */
} stanet_conn_t;

typedef struct stanet_cell {
    const char *name;   /* instance name */
    char type[96];      /* Liberty cell */
    int nconn;
    stanet_conn_t *conn;
} stanet_cell_t;

typedef struct stanet {
    int nnets;          /* net ids 0..nnets-1 (Yosys bit ids, then new buffer nets) */
    char **name;        /* Verilog reference of each net, NULL: n<id> */
    stanet_cell_t *cells;
    int ncells;
    int nbuf;           /* buffers added */
    int *buf_in, *buf_out;
} stanet_t;

static int stanet_die(const char *msg, const char *arg)
{
    fprintf(stderr, "stanet: error: %s%s\n", msg, arg ? arg : "");
    return 2;
}

static int stanet_bit(json_t *b)
{
    if (json_is_integer(b))
        return (int)json_integer_value(b);
    const char *s = json_string_value(b);
    return s && !strcmp(s, "1") ? -2 : -1; /* "0", "x", "z": constant 0 */
}

/* An escaped Verilog identifier for a Yosys net name and bit; plain if it is one already. */
static char *stanet_ident(const char *name, int width, int index)
{
    char buf[1024];
    if (width == 1)
        snprintf(buf, sizeof buf, "%s", name[0] == '\\' ? name + 1 : name);
    else
        snprintf(buf, sizeof buf, "%s[%d]", name[0] == '\\' ? name + 1 : name, index);
    int plain = (buf[0] == '_' || (buf[0] >= 'a' && buf[0] <= 'z') || (buf[0] >= 'A' && buf[0] <= 'Z'));
    for (const char *p = buf; *p && plain; p++)
        plain = *p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9');
    char *out = malloc(strlen(buf) + 3);
    sprintf(out, plain ? "%s" : "\\%s ", buf);
    return out;
}

/* A port bit: the port itself if one bit wide, else a bus select. */
static char *stanet_port_ident(const char *port, int width, int index)
{
    char *out = malloc(strlen(port) + 16);
    if (width == 1)
        sprintf(out, "%s", port);
    else
        sprintf(out, "%s[%d]", port, index);
    return out;
}

static void stanet_ref(FILE *f, const stanet_t *s, int net)
{
    if (net == -1)
        fputs("1'b0", f);
    else if (net == -2)
        fputs("1'b1", f);
    else if (s->name[net])
        fputs(s->name[net], f);
    else
        fprintf(f, "n%d", net);
}

int main(int argc, char **argv)
{
    if (argc != 5)
        return stanet_die("usage: stanet FLAT.json TOP OUT.v SHAPES", NULL);
    json_error_t je;
    json_t *root = json_load_file(argv[1], 0, &je);
    if (!root)
        return stanet_die("cannot read Yosys JSON: ", je.text);
    json_t *mod = json_object_get(json_object_get(root, "modules"), argv[2]);
    if (!mod)
        return stanet_die("no module in the netlist named ", argv[2]);
    stanet_t s = {0};
    json_t *cells = json_object_get(mod, "cells"), *ports = json_object_get(mod, "ports");
    const char *key;
    json_t *v;
    int maxbit = 0;
    json_object_foreach(json_object_get(mod, "netnames"), key, v) {
        size_t i;
        json_t *b;
        json_array_foreach(json_object_get(v, "bits"), i, b) if (stanet_bit(b) > maxbit) maxbit = stanet_bit(b);
    }
    int cap = maxbit + 1 + 64;
    s.nnets = maxbit + 1;
    s.name = calloc((size_t)cap, sizeof *s.name);
    /* names: port bits first (as bus selects), then the shortest visible net name */
    json_object_foreach(ports, key, v) {
        json_t *bits = json_object_get(v, "bits");
        size_t i;
        json_t *b;
        json_array_foreach(bits, i, b) {
            int id = stanet_bit(b);
            if (id >= 0 && !s.name[id])
                s.name[id] = stanet_port_ident(key, (int)json_array_size(bits), (int)i);
        }
    }
    json_object_foreach(json_object_get(mod, "netnames"), key, v) {
        if (json_integer_value(json_object_get(v, "hide_name")))
            continue;
        json_t *bits = json_object_get(v, "bits");
        size_t i;
        json_t *b;
        json_array_foreach(bits, i, b) {
            int id = stanet_bit(b);
            if (id < 0)
                continue;
            if (s.name[id] && s.name[id][0] != '\\')
                continue; /* a port bit or a plain name: kept */
            char *n = stanet_ident(key, (int)json_array_size(bits), (int)i);
            if (!s.name[id] || strlen(n) < strlen(s.name[id])) {
                free(s.name[id]);
                s.name[id] = n;
            } else {
                free(n);
            }
        }
    }
    /* cells */
    s.ncells = (int)json_object_size(cells);
    s.cells = calloc((size_t)s.ncells + 1, sizeof *s.cells);
    int c = 0;
    FILE *shapes = fopen(argv[4], "w");
    if (!shapes)
        return stanet_die("cannot write ", argv[4]);
    json_object_foreach(cells, key, v) {
        stanet_cell_t *cl = &s.cells[c++];
        const char *type = json_string_value(json_object_get(v, "type"));
        cl->name = key;
        if (!strcmp(type, STANET_SRAM)) {
            json_t *p = json_object_get(v, "parameters");
            unsigned long d = strtoul(json_string_value(json_object_get(p, "Depth")), NULL, 2);
            unsigned long w = strtoul(json_string_value(json_object_get(p, "Width")), NULL, 2);
            snprintf(cl->type, sizeof cl->type, "%s_%lux%lu", STANET_SRAM, d, w);
            fprintf(shapes, "%lu %lu\n", d, w);
        } else {
            snprintf(cl->type, sizeof cl->type, "%s", type);
        }
        json_t *conns = json_object_get(v, "connections"), *dirs = json_object_get(v, "port_directions");
        cl->nconn = (int)json_object_size(conns);
        cl->conn = calloc((size_t)cl->nconn, sizeof *cl->conn);
        int k = 0;
        const char *pin;
        json_t *bits;
        json_object_foreach(conns, pin, bits) {
            stanet_conn_t *cn = &cl->conn[k++];
            const char *dir = json_string_value(json_object_get(dirs, pin));
            if (!dir) {
                fclose(shapes);
                remove(argv[4]);
                return stanet_die("a cell pin without a direction (unknown cell type?): ", type);
            }
            cn->pin = pin;
            cn->input = !strcmp(dir, "input");
            cn->n = (int)json_array_size(bits);
            cn->net = malloc(sizeof(int) * (size_t)cn->n);
            for (int i = 0; i < cn->n; i++)
                cn->net[i] = stanet_bit(json_array_get(bits, (size_t)i));
        }
    }
    fclose(shapes);
    /* loads per net */
    int *nload = calloc((size_t)s.nnets, sizeof(int));
    for (int i = 0; i < s.ncells; i++)
        for (int k = 0; k < s.cells[i].nconn; k++)
            if (s.cells[i].conn[k].input)
                for (int b = 0; b < s.cells[i].conn[k].n; b++)
                    if (s.cells[i].conn[k].net[b] >= 0)
                        nload[s.cells[i].conn[k].net[b]]++;
    stanet_load_t **loads = calloc((size_t)s.nnets, sizeof *loads);
    int *fill = calloc((size_t)s.nnets, sizeof(int));
    for (int n = 0; n < s.nnets; n++)
        if (nload[n] > STANET_FANOUT)
            loads[n] = malloc(sizeof(stanet_load_t) * (size_t)nload[n]);
    for (int i = 0; i < s.ncells; i++)
        for (int k = 0; k < s.cells[i].nconn; k++)
            if (s.cells[i].conn[k].input)
                for (int b = 0; b < s.cells[i].conn[k].n; b++) {
                    int n = s.cells[i].conn[k].net[b];
                    if (n >= 0 && loads[n])
                        loads[n][fill[n]++] = (stanet_load_t){i, k, b};
                }
    /* buffer trees: chunks of STANET_FANOUT loads behind one buffer, level by level */
    int bufcap = 1024;
    s.buf_in = malloc(sizeof(int) * (size_t)bufcap);
    s.buf_out = malloc(sizeof(int) * (size_t)bufcap);
    for (int n = 0; n < maxbit + 1; n++) {
        if (!loads[n])
            continue;
        int cnt = fill[n];
        stanet_load_t *cur = loads[n];
        while (cnt > STANET_FANOUT) {
            int groups = (cnt + STANET_FANOUT - 1) / STANET_FANOUT;
            stanet_load_t *next = malloc(sizeof(stanet_load_t) * (size_t)groups);
            for (int g = 0; g < groups; g++) {
                if (s.nbuf == bufcap) {
                    bufcap *= 2;
                    s.buf_in = realloc(s.buf_in, sizeof(int) * (size_t)bufcap);
                    s.buf_out = realloc(s.buf_out, sizeof(int) * (size_t)bufcap);
                }
                if (s.nnets == cap) {
                    cap *= 2;
                    s.name = realloc(s.name, sizeof *s.name * (size_t)cap);
                }
                int out = s.nnets++;
                s.name[out] = NULL;
                int bi = s.nbuf++;
                s.buf_out[bi] = out;
                s.buf_in[bi] = n;
                for (int j = g * STANET_FANOUT; j < cnt && j < (g + 1) * STANET_FANOUT; j++) {
                    if (cur[j].cell >= 0)
                        s.cells[cur[j].cell].conn[cur[j].pin].net[cur[j].bit] = out;
                    else
                        s.buf_in[cur[j].pin] = out;
                }
                next[g] = (stanet_load_t){-1, bi, 0};
            }
            if (cur != loads[n])
                free(cur);
            cur = next;
            cnt = groups;
        }
        if (cur != loads[n])
            free(cur);
    }
    /* write */
    FILE *f = fopen(argv[3], "w");
    if (!f)
        return stanet_die("cannot write ", argv[3]);
    fprintf(f, "// %s: mapped, flattened and fanout-buffered by synth/stanet for OpenSTA\n", argv[2]);
    fprintf(f, "module %s (", argv[2]);
    int first = 1;
    json_object_foreach(ports, key, v) {
        fprintf(f, "%s%s", first ? "" : ", ", key);
        first = 0;
    }
    fprintf(f, ");\n");
    char *isport = calloc((size_t)s.nnets, 1), *used = calloc((size_t)s.nnets, 1);
    for (int i = 0; i < s.ncells; i++)
        for (int k = 0; k < s.cells[i].nconn; k++)
            for (int b = 0; b < s.cells[i].conn[k].n; b++)
                if (s.cells[i].conn[k].net[b] >= 0)
                    used[s.cells[i].conn[k].net[b]] = 1;
    for (int i = 0; i < s.nbuf; i++)
        used[s.buf_in[i]] = used[s.buf_out[i]] = 1;
    json_object_foreach(ports, key, v) {
        int w = (int)json_array_size(json_object_get(v, "bits"));
        const char *dir = json_string_value(json_object_get(v, "direction"));
        if (w == 1)
            fprintf(f, "  %s %s;\n", dir, key);
        else
            fprintf(f, "  %s [%d:0] %s;\n", dir, w - 1, key);
    }
    json_object_foreach(ports, key, v) {
        json_t *bits = json_object_get(v, "bits");
        size_t i;
        json_t *b;
        json_array_foreach(bits, i, b) {
            int id = stanet_bit(b);
            if (id >= 0)
                isport[id] = 1;
        }
    }
    for (int n = 0; n < s.nnets; n++) {
        if (isport[n] || !used[n])
            continue;
        fprintf(f, "  wire ");
        stanet_ref(f, &s, n);
        fprintf(f, ";\n");
    }
    /* port bits that are constants or another port's bit */
    json_object_foreach(ports, key, v) {
        json_t *bits = json_object_get(v, "bits");
        int w = (int)json_array_size(bits);
        size_t i;
        json_t *b;
        json_array_foreach(bits, i, b) {
            int id = stanet_bit(b);
            char *self = stanet_port_ident(key, w, (int)i);
            if (id < 0 || strcmp(s.name[id], self) != 0) {
                fprintf(f, "  assign %s = ", self);
                stanet_ref(f, &s, id);
                fprintf(f, ";\n");
            }
            free(self);
        }
    }
    for (int i = 0; i < s.ncells; i++) {
        stanet_cell_t *cl = &s.cells[i];
        char *inst;
        if (strchr(cl->name, '$')) { /* a Yosys name: its module path and g<index> */
            char buf[1100];
            const char *n = strncmp(cl->name, "$flatten\\", 9) ? cl->name : cl->name + 9;
            snprintf(buf, sizeof buf, "%.*sg%d", (int)strcspn(n, "$"), n, i);
            inst = stanet_ident(buf, 1, 0);
        } else {
            inst = stanet_ident(cl->name, 1, 0);
        }
        for (int k = 0; k < cl->nconn; k++) { /* a flop Yosys named: <register bit>_reg */
            int q = cl->conn[k].net[0];
            if ((cl->name[0] == '$' || cl->name[0] == '_') && !strcmp(cl->conn[k].pin, "Q") &&
                q >= 0 && s.name[q]) {
                char buf[1100];
                const char *n = s.name[q][0] == '\\' ? s.name[q] + 1 : s.name[q];
                snprintf(buf, sizeof buf, "%.*s_reg", (int)strcspn(n, " "), n);
                free(inst);
                inst = stanet_ident(buf, 1, 0);
            }
        }
        fprintf(f, "  %s %s (", cl->type, inst);
        free(inst);
        for (int k = 0; k < cl->nconn; k++) {
            fprintf(f, "%s.%s(", k ? ", " : "", cl->conn[k].pin);
            if (cl->conn[k].n > 1)
                fputc('{', f);
            for (int b = cl->conn[k].n - 1; b >= 0; b--) {
                stanet_ref(f, &s, cl->conn[k].net[b]);
                if (b)
                    fputs(", ", f);
            }
            if (cl->conn[k].n > 1)
                fputc('}', f);
            fputc(')', f);
        }
        fprintf(f, ");\n");
    }
    for (int i = 0; i < s.nbuf; i++) {
        fprintf(f, "  %s stanet_buf_%d (.A(", STANET_BUF, i);
        stanet_ref(f, &s, s.buf_in[i]);
        fprintf(f, "), .Z(");
        stanet_ref(f, &s, s.buf_out[i]);
        fprintf(f, "));\n");
    }
    fprintf(f, "endmodule\n");
    if (fclose(f) != 0)
        return stanet_die("cannot write ", argv[3]);
    printf("%d\n", s.nbuf);
    return 0;
}
