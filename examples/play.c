/*
 * A small program over the public interface alone (include/hexchess.h): sets up a game, lists the
 * legal moves, plays the moves given on the command line, lets the engine answer to a fixed depth,
 * tells the game's status and prints the game as a record.
 *
 *   cc play.c $(pkg-config --cflags --libs hexchess) -o play
 *   ./play glinski f5f6          (variant, then moves; none: C'escacs from the start)
 */
#include <hexchess.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    char err[256], moves[4096], position[512];
    hexchess_game *g = hexchess_new(argc > 1 ? argv[1] : NULL, NULL, err, sizeof err);
    if (!g) {
        fprintf(stderr, "play: %s\n", err);
        return 1;
    }
    printf("hexchess %s, %s\n", hexchess_version(), hexchess_variant(g));
    int n = hexchess_legal_moves(g, moves, sizeof moves);
    printf("%d legal moves: %s\n", n, moves);
    for (int i = 2; i < argc; i++)
        if (hexchess_play(g, argv[i], err, sizeof err)) {
            fprintf(stderr, "play: %s\n", err);
            hexchess_free(g);
            return 1;
        }
    hexchess_limits limits = {.depth = 6};
    hexchess_search_result r;
    if (hexchess_search(g, &limits, &r, err, sizeof err) == 0) {
        printf("engine: %s (depth %d, score %d, %llu nodes; line %s)\n", r.best, r.depth, r.score_cp, r.nodes,
               r.pv);
        hexchess_play(g, r.best, err, sizeof err);
    }
    hexchess_position(g, position, sizeof position);
    hexchess_status st;
    hexchess_get_status(g, &st);
    printf("position: %s\nstatus: %s to move, %d legal moves, result %s\n", position,
           st.white_to_move ? "White" : "Black", st.legal_moves, st.result);
    char *record = hexchess_record_write(g);
    if (!record) {
        hexchess_free(g);
        return 1;
    }
    printf("%s", record);
    free(record);
    hexchess_free(g);
    return 0;
}
