/*
 * libFuzzer target: the record writer's round trip. Every game that plays cleanly is written in
 * every notation the writer offers for its variant, with its own letters and each letter set that
 * fits, then read and played again: it must be the same game, move by move, with its comments,
 * NAGs, indicators, variations, result and labels, and the text must hold that one game only.
 */
#include "fuzz_record.h"

static const char *const STYLES[] = {"ctl", "ascii", "san", "full", "coord", "digital"};

static void round_trip(const Game *g, const WriteOptions *wo, const char *how)
{
    static Position p;
    char *out = game_write(g, wo);
    FUZZ_REQUIRE(out != NULL, "game_write failed (%s)", how);
    RecordReader r;
    record_reader_init(&r, "written", out, strlen(out), g->variant);
    Game again;
    FUZZ_REQUIRE(record_read_game(&r, &again), "the text written %s reads as no game:\n%s", how, out);
    PlayReport rep;
    game_play(&again, &p, NULL, &rep);
    FUZZ_REQUIRE(!rep.error.failed, "the text written %s does not play: %s '%s'\n%s", how, rep.error.reason,
                 rep.error.token, out);
    char why[400];
    FUZZ_REQUIRE(game_same(g, &again, why, sizeof why), "the text written %s reads as another game: %s\n%s", how, why,
                 out);
    Game extra;
    FUZZ_REQUIRE(!record_read_game(&r, &extra), "the text written %s reads as more than one game:\n%s", how, out);
    game_free(&again);
    free(out);
}

/* Every style of the variant, each with its own letters and every letter set that fits it. */
static void write_every_way(const Game *g, const PlayReport *rep)
{
    (void)rep;
    for (size_t s = 0; s < sizeof STYLES / sizeof STYLES[0]; s++) {
        WriteOptions wo = {STYLE_STANDARD, NULL, false};
        if (!move_style_named(g->variant, STYLES[s], &wo.style))
            continue;
        char how[64];
        snprintf(how, sizeof how, "in %s with its own letters", STYLES[s]);
        round_trip(g, &wo, how);
        for (int i = 0; letter_set_names[i]; i++) {
            Letters letters;
            if (!letters_named(&letters, g->variant, letter_set_names[i]))
                continue;
            wo.letters = &letters;
            snprintf(how, sizeof how, "in %s with the letters %s", STYLES[s], letter_set_names[i]);
            round_trip(g, &wo, how);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_clean_games(data, size, write_every_way);
    return 0;
}
