/*
 * What a game's event stream says: the JSON of each event (docs/http-api.md, "Events"), and the parts of a
 * game's JSON that the events and the API's answers share (clock, analysis).
 */
#ifndef HEXCHESS_GAMEFEED_H
#define HEXCHESS_GAMEFEED_H

#include <cjson/cJSON.h>

#include "events.h"
#include "games.h"

/* Publishes the event to the game's streams (with the game locked). */
void feed_publish(EventHub *hub, ServerGame *g, const GameEvent *e);
/* Tells the streams of a deleted game that it is gone, and ends them. */
void feed_deleted(EventHub *hub, int64_t id);
/* The first event of a new stream: where the game stands. Pair with cJSON_Delete. */
cJSON *feed_state_json(const ServerGame *g);
/* Each side's time now and whose runs, or null for an untimed game. */
cJSON *feed_clock_json(const ServerGame *g);
/* The time control, or null. */
cJSON *feed_time_control_json(const ServerGame *g);
/* The running or last analysis, or null. */
cJSON *feed_analysis_json(const ServerGame *g);
/* "white", "black", or null for -1. */
cJSON *feed_side_json(int side);

#endif
