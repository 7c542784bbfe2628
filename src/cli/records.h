/* What the game-record commands (replay, convert, review, puzzles) share: reading every game of a file. */
#ifndef HEXCHESS_CLI_RECORDS_H
#define HEXCHESS_CLI_RECORDS_H

#include "../core/engine/search.h"
#include "../core/notation/recplay.h"
#include "../core/tables/tbprobe.h"
#include "cli.h"

/* What a command does with one game of a file (numbered from 1); returns an exit status. p is the
 * command's scratch position. */
typedef int (*GameAction)(const CliOptions *opts, Game *g, int number, Position *p);

/* Runs the action on every game of the file, numbered on from *number; returns the worst status
 * (a usage error stops at once). A file without a game is an error. */
int each_game(const char *cmd, const CliOptions *opts, const char *path, int *number, Position *p, GameAction action);

/* Plays g by the rules into rep and sets p to its start: the main line's moves as played, up to the
 * first that cannot be (a malloc'd array of rep->plies moves), or NULL after an error message. */
Move *game_moves(const char *cmd, Game *g, int number, Position *p, PlayReport *rep);
/* After game_play: where the game stopped being playable, told on stderr ("CMD: WHERE: stopped at
 * ply N 'TOKEN': REASON") with EXIT_REJECTED; EXIT_OK when it did not stop. */
int game_stop_status(const char *cmd, const char *where, const PlayReport *rep);

/* Whether a long command shows a progress line on stderr: when stderr is a terminal and the
 * output goes elsewhere (on one terminal the output lines show the progress themselves). */
bool progress_shown(void);

/* The engine options of the commands that search (review, puzzles): --movetime MS, --depth N (one
 * of them) and --tablebases DIR. Reads opts->argv[*i] and its value (moving *i past it) when it is
 * one of them (*known); returns 0, or the status of a usage error, told on stderr. */
int search_option(const char *cmd, const CliOptions *opts, int *i, SearchLimits *limits, const char **tb_dir,
                  bool *known);
/* The tables of v in dir (NULL: none), kept in *tables and read anew when the variant changes. */
TbSet *search_tables(TbSet **tables, const char *dir, const Variant *v);

#endif
