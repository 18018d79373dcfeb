/* The reference the compiled IDA* is measured against: textbook recursive IDA* with incremental
 * Manhattan distance and parent pruning in plain C, as the published 15-puzzle solvers write it.
 *
 *     cc -O3 -march=native ida_manhattan.c -o ida_manhattan
 *     ./ida_manhattan 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3
 *
 * The 16 tiles are row by row, 0 the blank, goal blank-first (Korf's). The blank's moves are
 * tried up, left, right, down, so the node counts are Korf's. Prints "length generated seconds"
 * (CPU seconds of the search alone).
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { SIDE = 4, CELLS = SIDE * SIDE };

static int tiles[CELLS];
static int distance[CELLS][CELLS]; /* [tile][cell]: Manhattan distance from its goal cell */
static int neighbour[CELLS][4];    /* the blank's cell after each move, -1 off the board */
static long long generated;
static int bound, next_bound;

/* Search below the node whose blank is at `blank`, g moves from the root, estimate h, reached by
 * move `last` (its opposite is 3 - last). Returns 1 once the goal is reached. */
static int search(int blank, int g, int h, int last)
{
    for (int move = 0; move < 4; move++) {
        int cell = neighbour[blank][move];
        if (cell < 0 || move == 3 - last)
            continue;
        int tile = tiles[cell];
        int child_h = h - distance[tile][cell] + distance[tile][blank];
        int f = g + 1 + child_h;
        generated++;
        if (f > bound) {
            if (f < next_bound)
                next_bound = f;
            continue;
        }
        if (child_h == 0)
            return 1;
        tiles[blank] = tile;
        tiles[cell] = 0;
        if (search(cell, g + 1, child_h, move))
            return 1;
        tiles[cell] = tile;
        tiles[blank] = 0;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != CELLS + 1) {
        fprintf(stderr, "usage: %s <16 tiles, 0 the blank>\n", argv[0]);
        return 2;
    }
    static const int row_step[4] = {-1, 0, 0, 1}, col_step[4] = {0, -1, 1, 0};
    for (int cell = 0; cell < CELLS; cell++)
        for (int move = 0; move < 4; move++) {
            int r = cell / SIDE + row_step[move], c = cell % SIDE + col_step[move];
            neighbour[cell][move] = r >= 0 && r < SIDE && c >= 0 && c < SIDE ? r * SIDE + c : -1;
        }
    for (int tile = 1; tile < CELLS; tile++)
        for (int cell = 0; cell < CELLS; cell++)
            distance[tile][cell] = abs(cell / SIDE - tile / SIDE) + abs(cell % SIDE - tile % SIDE);
    int blank = 0, h = 0;
    for (int cell = 0; cell < CELLS; cell++) {
        tiles[cell] = atoi(argv[cell + 1]);
        if (tiles[cell] == 0)
            blank = cell;
        else
            h += distance[tiles[cell]][cell];
    }
    clock_t started = clock();
    for (bound = h; h > 0; bound = next_bound) {
        next_bound = 1 << 30;
        if (search(blank, 0, h, -1))
            break;
    }
    double seconds = (double)(clock() - started) / CLOCKS_PER_SEC;
    printf("%d %lld %.3f\n", h > 0 ? bound : 0, generated, seconds);
    return 0;
}
