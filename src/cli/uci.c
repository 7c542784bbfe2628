/*
 * `hexchess uci`: the UCI session (ucisession.c) over standard input and output, each search on a
 * thread of its own so that `stop` and `isready` are read while it runs. The end of input ends
 * the program like `quit`: a running search stops and answers first.
 */
#include <stdio.h>
#include <string.h>
#include <threads.h>

#include "../core/util/quote.h"
#include "cli.h"
#include "ucisession.h"
#ifdef __EMSCRIPTEN__
#include "nodecli.h"
#endif

enum { UCI_LINE_MAX = 65536 };

typedef struct {
    mtx_t out; /* the search's thread writes too */
    thrd_t thread;
    bool searching;
} Driver;

static void write_line(void *ctx, const char *line)
{
    Driver *d = ctx;
    mtx_lock(&d->out);
    fputs(line, stdout);
    putchar('\n');
    fflush(stdout);
    mtx_unlock(&d->out);
}

static int search_main(void *arg)
{
    uci_session_search(arg);
    return 0;
}

static bool start_search(void *ctx, UciSession *s)
{
    Driver *d = ctx;
    /* A `stop` read before the thread gets going must still stop its search. */
    engine_arm(uci_session_engine(s));
    d->searching = thrd_create(&d->thread, search_main, s) == thrd_success;
    return d->searching;
}

static void stop_search(void *ctx, UciSession *s)
{
    Driver *d = ctx;
    if (!d->searching)
        return;
    engine_stop(uci_session_engine(s));
    thrd_join(d->thread, NULL);
    d->searching = false;
}

typedef enum { LINE_READ, LINE_TOO_LONG, LINE_END } LineRead;

static int next_char(FILE *in)
{
#ifdef __EMSCRIPTEN__
    /* Under Node a read of stdin must not wait on the main JavaScript thread (nodecli.h). */
    (void)in;
    return node_stdin_getc();
#else
    return getc(in);
#endif
}

/* Reads one line without its newline into line (size bytes); an over-long line is read to its end
 * and dropped whole, so no part of it is taken for a command. */
static LineRead read_line(FILE *in, char *line, size_t size, size_t *len)
{
    int c;
    *len = 0;
    while ((c = next_char(in)) != EOF && c != '\n') {
        if (*len < size - 1)
            line[*len] = (char)c;
        ++*len;
    }
    if (c == EOF && *len == 0)
        return LINE_END;
    if (*len >= size) /* the NUL needs a byte too */
        return LINE_TOO_LONG;
    line[*len] = 0;
    return LINE_READ;
}

int cmd_uci_loop(const CliOptions *opts)
{
    bool baseline = false;
    for (int i = 0; i < opts->argc; i++) {
        if (strcmp(opts->argv[i], "--baseline")) {
            char q[QUOTE_BUF_SIZE];
            fprintf(stderr, "hexchess uci: unknown argument '%s' (see hexchess uci --help)\n", quote(q, opts->argv[i]));
            return 2;
        }
        baseline = true;
    }
    Driver d = {.searching = false};
    mtx_init(&d.out, mtx_plain);
    UciHooks hooks = {write_line, start_search, stop_search, &d};
    UciSession *s = uci_session_new(&hooks, baseline);
    if (!s) {
        fprintf(stderr, "hexchess uci: out of memory\n");
        mtx_destroy(&d.out);
        return 1;
    }
    char line[UCI_LINE_MAX];
    size_t len;
    for (LineRead r; (r = read_line(stdin, line, sizeof line, &len)) != LINE_END;) {
        if (r == LINE_TOO_LONG) {
            char msg[128];
            snprintf(msg, sizeof msg, "info string error: a command of %zu bytes (more than %zu) ignored", len,
                     sizeof line - 1);
            write_line(&d, msg);
        } else if (!uci_session_command(s, line, len)) {
            break;
        }
    }
    stop_search(&d, s);
    uci_session_free(s);
    mtx_destroy(&d.out);
    return 0;
}
