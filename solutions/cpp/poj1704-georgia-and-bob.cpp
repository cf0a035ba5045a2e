// POJ 1704 - Georgia and Bob
// Chessmen on cells 1, 2, 3, ...; a move slides one chessman left by at least one cell, never
// past or onto another chessman nor off the board; who cannot move loses. Georgia moves first.
// Insight (staircase Nim): sort the positions and pair them from the right - (p[n-2], p[n-1]),
// (p[n-4], p[n-3]), ..., the leftmost one paired with a wall at cell 0 when n is odd. The free
// cells inside a pair, p[right] - p[left] - 1, form a Nim heap: moving the right man shrinks it,
// moving the left man grows it, and the opponent can shift the right man by the same amount.
// Gaps between pairs never matter. Georgia wins iff the xor of the in-pair gaps is non-zero.
// C++98 port of solutions/src/bin/poj1704-georgia-and-bob.rs (same algorithm).
#include <algorithm>
#include <cstdio>
#include <vector>

int main() {
    int t;
    if (std::scanf("%d", &t) != 1) {
        return 0;
    }
    std::vector<int> p;
    for (int c = 0; c < t; ++c) {
        int n;
        if (std::scanf("%d", &n) != 1) {
            break;
        }
        p.assign(n, 0);
        for (int i = 0; i < n; ++i) {
            if (std::scanf("%d", &p[i]) != 1) {
                return 0;
            }
        }
        std::sort(p.begin(), p.end());
        int x = 0;
        int i = n;
        while (i >= 2) {
            x ^= p[i - 1] - p[i - 2] - 1;
            i -= 2;
        }
        if (i == 1) {
            x ^= p[0] - 1; // paired with the wall at cell 0
        }
        std::printf("%s will win\n", x != 0 ? "Georgia" : "Bob");
    }
    return 0;
}
