#include "../core/util/quote.h"
#include "uciclient.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

bool uci_client_start(UciClient *c, const char *command)
{
    int in[2], out[2];
    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "%s", command);
    if (pipe(in) || pipe(out)) {
        char q[QUOTE_BUF_SIZE];
        fprintf(stderr, "hexchess: cannot create pipes for '%s': %s\n", quote(q, command), strerror(errno));
        return false;
    }
    /* A dead engine must show up as EOF on read, not kill the match with SIGPIPE. */
    signal(SIGPIPE, SIG_IGN);
    c->pid = fork();
    if (c->pid < 0) {
        char q[QUOTE_BUF_SIZE];
        fprintf(stderr, "hexchess: cannot start '%s': %s\n", quote(q, command), strerror(errno));
        return false;
    }
    if (c->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        execl("/bin/sh", "sh", "-c", command, (char *)NULL);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    c->to_engine = in[1];
    c->from_engine = out[0];
    return true;
}

bool uci_client_send(UciClient *c, const char *fmt, ...)
{
    char line[65536];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || n >= (int)sizeof line - 1)
        return false;
    line[n++] = '\n';
    for (int done = 0; done < n;) {
        ssize_t w = write(c->to_engine, line + done, (size_t)(n - done));
        if (w <= 0)
            return false;
        done += (int)w;
    }
    return true;
}

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

bool uci_client_read_line(UciClient *c, char *line, int size, int timeout_ms)
{
    long long deadline = now_ms() + timeout_ms;
    for (;;) {
        char *nl = memchr(c->buf, '\n', (size_t)c->buf_len);
        if (nl) {
            int len = (int)(nl - c->buf);
            int copy = len < size - 1 ? len : size - 1;
            memcpy(line, c->buf, (size_t)copy);
            line[copy] = 0;
            if (copy && line[copy - 1] == '\r')
                line[copy - 1] = 0;
            memmove(c->buf, nl + 1, (size_t)(c->buf_len - len - 1));
            c->buf_len -= len + 1;
            return true;
        }
        if (c->buf_len == (int)sizeof c->buf)
            c->buf_len = 0; /* an endless line: drop it */
        long long left = deadline - now_ms();
        if (left <= 0)
            return false;
        struct pollfd pfd = {c->from_engine, POLLIN, 0};
        int r = poll(&pfd, 1, (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return false;
        ssize_t got = read(c->from_engine, c->buf + c->buf_len, sizeof c->buf - (size_t)c->buf_len);
        if (got <= 0)
            return false;
        c->buf_len += (int)got;
    }
}

bool uci_client_wait_for(UciClient *c, const char *prefix, char *line, int size, int timeout_ms)
{
    long long deadline = now_ms() + timeout_ms;
    size_t n = strlen(prefix);
    for (;;) {
        long long left = deadline - now_ms();
        if (left <= 0 || !uci_client_read_line(c, line, size, (int)left))
            return false;
        if (!strncmp(line, prefix, n))
            return true;
    }
}

bool uci_client_wait_bestmove(UciClient *c, char *line, int size, int timeout_ms, int *score, bool *scored)
{
    long long deadline = now_ms() + timeout_ms;
    *scored = false;
    for (;;) {
        long long left = deadline - now_ms();
        if (left <= 0 || !uci_client_read_line(c, line, size, (int)left))
            return false;
        if (!strncmp(line, "bestmove", 8))
            return true;
        const char *at;
        int n;
        if (strncmp(line, "info ", 5))
            continue;
        if ((at = strstr(line, " score cp ")) && sscanf(at, " score cp %d", &n) == 1) {
            *score = n;
            *scored = true;
        } else if ((at = strstr(line, " score mate ")) && sscanf(at, " score mate %d", &n) == 1) {
            *score = n > 0 ? UCI_MATE_CP : -UCI_MATE_CP;
            *scored = true;
        }
    }
}

void uci_client_stop(UciClient *c)
{
    if (c->pid <= 0)
        return;
    uci_client_send(c, "quit");
    close(c->to_engine);
    for (int i = 0; i < 50; i++) {
        if (waitpid(c->pid, NULL, WNOHANG) == c->pid) {
            c->pid = 0;
            break;
        }
        struct timespec pause = {0, 20000000};
        nanosleep(&pause, NULL);
    }
    if (c->pid > 0) {
        kill(c->pid, SIGKILL);
        waitpid(c->pid, NULL, 0);
    }
    close(c->from_engine);
    c->pid = 0;
}
