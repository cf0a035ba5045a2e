// HDU 4388 - Stone Game II
// Split a pile n into k and k ^ n (0 < k < n, k ^ n < n); once per player the new pile may be
// (2k) ^ n instead. Who cannot move loses.
// Insight: a pile can be split iff it has at least two 1-bits, and every move keeps the total
// number of 1-bits' parity (popcount(k) + popcount(k ^ n) = popcount(n) mod 2, popcount(2k) =
// popcount(k)) while adding one pile. So P = sum (popcount(a_i) - 1) changes parity on every
// move and is 0 exactly when nobody can move: the game always lasts P moves (mod 2) and the
// first player wins iff P is odd. The skill never matters - as long as it cannot create an
// empty pile, which is how the judge reads it (README: (2k) ^ n = 0 is possible for n = 6, k = 3).
// A pile of 0 counts -1 here, as in the accepted programs (the data has only positive piles).
// C++98 port of solutions/src/bin/hdu4388-stone-game-ii.rs (same algorithm).
#include <cstdio>

static int popcount(unsigned int v) {
    int c = 0;
    while (v != 0) {
        v &= v - 1;
        ++c;
    }
    return c;
}

int main() {
    int t;
    if (std::scanf("%d", &t) != 1) {
        return 0;
    }
    for (int c = 1; c <= t; ++c) {
        int n;
        if (std::scanf("%d", &n) != 1) {
            break;
        }
        // parity of sum (popcount - 1) = parity of (sum popcount + n)
        int p = n;
        for (int i = 0; i < n; ++i) {
            unsigned int a;
            if (std::scanf("%u", &a) != 1) {
                return 0;
            }
            p += popcount(a);
        }
        std::printf("Case %d: %s\n", c, p % 2 == 1 ? "Yes" : "No");
    }
    return 0;
}
