/* explore_plot: the SVG of `cachegen explore`: every point as objective against area, the
 * Pareto front joined and labelled with its period. gnuplot runs from an argument vector (no
 * shell), reads the script and the data (an inline datablock) on stdin and writes the SVG on
 * stdout into a temporary beside the target, renamed over it when gnuplot succeeds. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "explore.h"

int exp_plot(const char *svg_path, const char *title, const char *xlabel, const char *ylabel,
             const char *data, char *err, size_t errlen)
{
    char tmp[PATH_MAX + 16];
    snprintf(tmp, sizeof tmp, "%s.tmp", svg_path);
    int in[2];
    if (pipe(in) != 0) {
        snprintf(err, errlen, "%s: pipe failed", svg_path);
        return -1;
    }
    pid_t pid = fork();
    if (pid == 0) {
        int o = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (o < 0)
            _exit(127);
        dup2(in[0], 0);
        dup2(o, 1);
        close(in[1]);
        execlp("gnuplot", "gnuplot", (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    if (pid < 0) {
        close(in[1]);
        snprintf(err, errlen, "%s: fork failed", svg_path);
        return -1;
    }
    void (*old)(int) = signal(SIGPIPE, SIG_IGN);
    FILE *g = fdopen(in[1], "w");
    if (g) {
        fprintf(g, "set terminal svg size 900,560 dynamic noenhanced\nset output\n"
                   "set title '%s'\nset xlabel '%s'\nset ylabel '%s'\nset grid\n"
                   "set key bottom right\nset offsets graph 0.05, graph 0.15, graph 0.08, "
                   "graph 0.08\n$d << EOD\n%sEOD\n"
                   "plot $d using 1:2 with points pt 7 ps 0.8 lc rgb '#999999' title "
                   "'all points', \\\n"
                   "  $d using 1:($4 > 0 ? $2 : NaN) smooth unique with linespoints pt 7 "
                   "ps 1.2 lw 2 lc rgb '#d62728' title 'Pareto front', \\\n"
                   "  $d using 1:($4 > 0 ? $2 : NaN):3 with labels offset 0,1 font ',9' "
                   "notitle\n",
                title, xlabel, ylabel, data);
        fclose(g);
    } else
        close(in[1]);
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    signal(SIGPIPE, old);
    if (!WIFEXITED(st) || WEXITSTATUS(st) || rename(tmp, svg_path) != 0) {
        unlink(tmp);
        snprintf(err, errlen, "%s: gnuplot failed (make deps installs gnuplot-nox)", svg_path);
        return -1;
    }
    return 0;
}
