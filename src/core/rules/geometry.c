#include "geometry.h"

#include <stdlib.h>
#include <string.h>

const HexStep hex_directions[DIR_NB] = {
    {0, 2}, {0, -2}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1},  /* orthogonal */
    {2, 0}, {-2, 0}, {1, 3}, {-1, -3}, {1, -3}, {-1, 3},  /* diagonal */
};

const HexStep hex_leaps[LEAP_NB] = {
    {3, 1}, {-3, -1}, {3, -1}, {-3, 1}, {2, 4}, {-2, -4},
    {2, -4}, {-2, 4}, {1, 5}, {-1, -5}, {1, -5}, {-1, 5},
};

int geometry_cell(const Geometry *g, int col, int line)
{
    if (col < 0 || col >= g->columns || line < 0 || line >= g->lines)
        return NO_CELL;
    return g->at[col][line];
}

int geometry_offset(const Geometry *g, int cell, int dc, int dl)
{
    return geometry_cell(g, g->col[cell] + dc, g->line[cell] + dl);
}

int geometry_mirror(const Geometry *g, int cell)
{
    return geometry_cell(g, g->col[cell], g->lines - 1 - g->line[cell]);
}

bool geometry_adjacent(const Geometry *g, int a, int b)
{
    for (int i = 0; i < g->neighbour_count[a]; i++)
        if (g->neighbours[a][i] == b)
            return true;
    return false;
}

void geometry_build(Geometry *g, int side)
{
    memset(g, 0, sizeof *g);
    memset(g->at, NO_CELL, sizeof g->at);
    memset(g->neighbours, NO_CELL, sizeof g->neighbours);
    memset(g->leaps, NO_CELL, sizeof g->leaps);
    g->side = side;
    g->columns = 2 * side - 1;
    g->lines = 4 * (side - 1) + 1;
    const int centre = side - 1;
    /* Cells are numbered line by line from White's side, left to right within a line. */
    for (int l = 0; l < g->lines; l++) {
        for (int c = 0; c < g->columns; c++) {
            int q = abs(c - centre);
            if (q > l || l > g->lines - 1 - q || (l - q) % 2 != 0)
                continue;
            int id = g->cell_count++;
            g->col[id] = (uint8_t)c;
            g->line[id] = (uint8_t)l;
            g->colour[id] = (uint8_t)(l % 3);
            g->at[c][l] = (uint8_t)id;
        }
    }
    for (int s = 0; s < g->cell_count; s++) {
        for (int d = 0; d < DIR_NB; d++) {
            int t = geometry_offset(g, s, hex_directions[d].dc, hex_directions[d].dl);
            g->step[d][s] = (uint8_t)t;
            if (t != NO_CELL) {
                g->neighbours[s][g->neighbour_count[s]++] = (uint8_t)t;
                hexset_add(g->neighbour_set[s], t);
            }
        }
        for (int k = 0; k < LEAP_NB; k++) {
            int t = geometry_offset(g, s, hex_leaps[k].dc, hex_leaps[k].dl);
            g->leap[k][s] = (uint8_t)t;
            if (t != NO_CELL) {
                g->leaps[s][g->leap_count[s]++] = (uint8_t)t;
                hexset_add(g->leap_set[s], t);
            }
        }
    }
    for (int s = 0; s < g->cell_count; s++)
        for (int d = 0; d < DIR_NB; d++) {
            int n = 0;
            for (int t = g->step[d][s]; t != NO_CELL; t = g->step[d][t]) {
                g->rays[s][d][n++] = (uint8_t)t;
                g->reach[s][t] = (uint8_t)(d + 1);
            }
            g->rays[s][d][n] = NO_CELL;
        }
    for (int s = 0; s < g->cell_count; s++)
        for (int i = 0; i < g->leap_count[s]; i++)
            g->reach[s][g->leaps[s][i]] = REACH_LEAP;
    for (int s = 0; s < g->cell_count; s++)
        for (int t = 0; t < g->cell_count; t++)
            if (g->reach[s][t])
                hexset_add(g->sight_set[s], t);
    for (int a = 0; a < AXIS_NB; a++)
        for (int s = 0; s < g->cell_count; s++) {
            if (g->step[2 * a + 1][s] != NO_CELL) /* not a line's first hex */
                continue;
            int id = g->line_count++, place = 0;
            g->line_hexes[id][0] = NO_CELL;
            for (int t = s; t != NO_CELL; t = g->step[2 * a][t]) {
                g->lines_of[t][a].line = (uint8_t)id;
                g->lines_of[t][a].place = (uint8_t)++place;
                g->line_hexes[id][place] = (uint8_t)t;
            }
            for (int t = s; t != NO_CELL; t = g->step[2 * a][t])
                g->lines_of[t][a].wall = (uint8_t)(place + 1);
            g->line_hexes[id][place + 1] = NO_CELL;
            g->line_walls[id] = 1u | 1u << (place + 1);
        }
}
