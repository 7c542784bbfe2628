/* A UCI engine run as a child process: spawn, send a line, read a line with a deadline. */
#ifndef HEXCHESS_UCICLIENT_H
#define HEXCHESS_UCICLIENT_H

#include <stdbool.h>
#include <sys/types.h>

#include "../core/util/types.h"

typedef struct {
    pid_t pid;
    int to_engine;
    int from_engine;
    char buf[65536];
    int buf_len;
    char name[128];
} UciClient;

/* Starts `sh -c command`; false (message on stderr) when it cannot. */
bool uci_client_start(UciClient *c, const char *command);
PRINTF_LIKE(2, 3) bool uci_client_send(UciClient *c, const char *fmt, ...);
/* Reads one line into line (without newline) within timeout_ms; false on timeout or EOF. */
bool uci_client_read_line(UciClient *c, char *line, int size, int timeout_ms);
/* Reads lines until one starts with prefix; the line is left in line. */
bool uci_client_wait_for(UciClient *c, const char *prefix, char *line, int size, int timeout_ms);
/* A reported mate counts as this many centipawns (for adjudication by score). */
enum { UCI_MATE_CP = 100000 };
/* Reads lines until "bestmove" (left in line); *score gets the last score an info line reported
 * (mates as +-UCI_MATE_CP) and *scored whether there was one. */
bool uci_client_wait_bestmove(UciClient *c, char *line, int size, int timeout_ms, int *score, bool *scored);
void uci_client_stop(UciClient *c);

#endif
