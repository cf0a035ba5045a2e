// POJ 2311 - Cutting Game
// A W*H sheet of grid paper; players take turns cutting one piece into two along a grid line;
// whoever cuts out a 1*1 piece wins. Lines `W H` (2 <= W, H <= 200) until end of file: print
// WIN if the first player wins, else LOSE.
// Insight: never cut off a strip of width 1 (1*k, k >= 2): the opponent cuts a 1*1 from it and
// wins. So only cuts leaving both parts at least 2 wide matter, and a player with none left
// (every piece 2*2, 2*3, 3*2 or 3*3) must make a strip and loses: a normal-play game whose
// pieces are independent. By Sprague-Grundy the first player loses iff SG(W, H) = 0, with
// SG(w, h) = mex of SG(i, h) ^ SG(w - i, h) (2 <= i <= w - 2) and SG(w, j) ^ SG(w, h - j)
// (2 <= j <= h - 2). Tabulate it up to 200 * 200 once (SG <= 9, so every XOR is below 16).
// C++98 port of solutions/src/bin/poj2311-cutting-game.rs (same algorithm).
// The tables are vectors read and written through at(), which checks the index as Rust's
// indexing does: a wrong size is a crash, never a silent write past the end.
#include <cstdio>
#include <vector>

static const int MAX = 200;

int main() {
    std::vector<std::vector<int> > sg(MAX + 1, std::vector<int>(MAX + 1, 0));
    for (int w = 2; w <= MAX; ++w) {
        for (int h = 2; h <= MAX; ++h) {
            std::vector<bool> seen(16, false);
            for (int i = 2; i <= w - 2; ++i) {
                seen.at(sg.at(i).at(h) ^ sg.at(w - i).at(h)) = true;
            }
            for (int j = 2; j <= h - 2; ++j) {
                seen.at(sg.at(w).at(j) ^ sg.at(w).at(h - j)) = true;
            }
            int v = 0;
            while (seen.at(v)) {
                ++v;
            }
            sg.at(w).at(h) = v;
        }
    }

    int w, h;
    while (std::scanf("%d %d", &w, &h) == 2) {
        std::puts(sg.at(w).at(h) != 0 ? "WIN" : "LOSE");
    }
    return 0;
}
