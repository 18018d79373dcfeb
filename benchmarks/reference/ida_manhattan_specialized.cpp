// The tuned reference: the same IDA* as ida_manhattan.c (Manhattan distance, parent pruning,
// moves up, left, right, down), but compiled once per (blank cell, last move) with C++
// templates, so every neighbour cell, every legality test and the pruned move are constants and
// the recursion is direct calls. This is how the fastest published 15-puzzle solvers are
// written.
//
//     c++ -O3 -march=native -std=c++17 ida_manhattan_specialized.cpp -o ida_specialized
//     ./ida_specialized 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3
//
// Same input and output as ida_manhattan.c.
#include <array>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <utility>

namespace {

constexpr int SIDE = 4, CELLS = SIDE * SIDE, NONE = -1;

int tiles[CELLS];
int distance[CELLS][CELLS];  // [tile][cell]: Manhattan distance from its goal cell
long long generated;
int bound, next_bound;

template <int BLANK, int LAST>
bool search(int g, int h);

// Try the blank's move MOVE from BLANK (after move LAST): true once the goal is reached.
template <int BLANK, int LAST, int MOVE>
inline bool child(int g, int h) {
    constexpr int row = BLANK / SIDE + (MOVE == 0 ? -1 : MOVE == 3 ? 1 : 0);
    constexpr int col = BLANK % SIDE + (MOVE == 1 ? -1 : MOVE == 2 ? 1 : 0);
    if constexpr (row < 0 || row >= SIDE || col < 0 || col >= SIDE || MOVE == 3 - LAST) {
        return false;
    } else {
        constexpr int CELL = row * SIDE + col;
        int tile = tiles[CELL];
        int child_h = h - distance[tile][CELL] + distance[tile][BLANK];
        int f = g + 1 + child_h;
        generated++;
        if (f > bound) {
            if (f < next_bound) next_bound = f;
            return false;
        }
        if (child_h == 0) return true;
        tiles[BLANK] = tile;
        tiles[CELL] = 0;
        if (search<CELL, MOVE>(g + 1, child_h)) return true;
        tiles[CELL] = tile;
        tiles[BLANK] = 0;
        return false;
    }
}

template <int BLANK, int LAST>
bool search(int g, int h) {
    return child<BLANK, LAST, 0>(g, h) || child<BLANK, LAST, 1>(g, h) ||
           child<BLANK, LAST, 2>(g, h) || child<BLANK, LAST, 3>(g, h);
}

template <int... BLANK>
constexpr auto roots(std::integer_sequence<int, BLANK...>) {
    using Search = bool (*)(int, int);
    return std::array<Search, CELLS>{search<BLANK, NONE>...};
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != CELLS + 1) {
        std::fprintf(stderr, "usage: %s <16 tiles, 0 the blank>\n", argv[0]);
        return 2;
    }
    for (int tile = 1; tile < CELLS; tile++)
        for (int cell = 0; cell < CELLS; cell++)
            distance[tile][cell] =
                std::abs(cell / SIDE - tile / SIDE) + std::abs(cell % SIDE - tile % SIDE);
    int blank = 0, h = 0;
    for (int cell = 0; cell < CELLS; cell++) {
        tiles[cell] = std::atoi(argv[cell + 1]);
        if (tiles[cell] == 0)
            blank = cell;
        else
            h += distance[tiles[cell]][cell];
    }
    const auto root = roots(std::make_integer_sequence<int, CELLS>{});
    std::clock_t started = std::clock();
    for (bound = h; h > 0; bound = next_bound) {
        next_bound = 1 << 30;
        if (root[blank](0, h)) break;
    }
    double seconds = double(std::clock() - started) / CLOCKS_PER_SEC;
    std::printf("%d %lld %.3f\n", h > 0 ? bound : 0, generated, seconds);
    return 0;
}
