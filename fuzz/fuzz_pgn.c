/*
 * libFuzzer target: the CTL-PGN / PGN reader. Every game read is played; a game that plays
 * cleanly is written, and the text written must read and play back to the same number of plies.
 */
#include "fuzz_record.h"

static int play_all(const char *text, size_t size, const Variant *fallback, int *plies, int max)
{
    static Position p;
    RecordReader r;
    record_reader_init(&r, "fuzz", text, size, fallback);
    Game g;
    int n = 0;
    while (record_read_game(&r, &g)) {
        PlayReport rep;
        game_play(&g, &p, NULL, &rep);
        if (n < max)
            plies[n] = rep.error.failed ? -1 : rep.plies;
        n++;
        game_free(&g);
    }
    return n;
}

/* The game written with the letters it was read with reads back to as many plies. */
static void reread(const Game *g, const PlayReport *rep)
{
    WriteOptions wo = {STYLE_STANDARD, &rep->letters, false};
    char *out = game_write(g, &wo);
    FUZZ_REQUIRE(out != NULL, "game_write failed");
    int plies[4];
    int n = play_all(out, strlen(out), g->variant, plies, 4);
    FUZZ_REQUIRE(n == 1 && plies[0] == rep->plies, "written game reads back as %d games, %d plies (not %d):\n%s", n,
                 n ? plies[0] : 0, rep->plies, out);
    free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_clean_games(data, size, reread);
    return 0;
}
