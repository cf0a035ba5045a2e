// POJ 3537 - Crosses and Crosses
// A 1 x n strip (3 <= n <= 2000); players alternately put a cross on an empty cell; whoever first
// makes three crosses in a row wins. Print 1 if the first player wins, else 2.
// Insight: a cross one or two cells from another lets the opponent complete three at once, so
// nobody plays there while a safe cell remains, and whoever has no safe cell loses. A cross at
// cell j of a free run of m cells makes cells j-2..j+2 unsafe and leaves two independent runs
// of max(0, j-3) and max(0, m-j-2) cells, so by Sprague-Grundy
//     g(m) = mex { g(max(0, j-3)) ^ g(max(0, m-j-2)) : 1 <= j <= m },  g(0) = 0
// (Treblecross: the octal game 0.007 on a heap of m + 2). Its values have no known period and
// the losing n are irregular (6, 12, 22, 30, 32, 44, ..., 356, 1046), so tabulate g up to n
// (O(n^2)); the first player wins iff g(n) != 0.
// C++98 port of solutions/src/bin/poj3537-crosses-and-crosses.rs (same algorithm).
#include <cstdio>
#include <vector>

// The length of a run that may have been cut to nothing: max(0, k).
static int run(int k) {
    return k > 0 ? k : 0;
}

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) {
        return 0;
    }
    std::vector<int> g(n + 1, 0);
    for (int m = 1; m <= n; ++m) {
        // m moves, so the mex is at most m: values above m cannot be it. (at(): bounds-checked,
        // as Rust's indexing is.)
        std::vector<bool> seen(m + 1, false);
        for (int j = 1; j <= m; ++j) {
            int v = g[run(j - 3)] ^ g[run(m - j - 2)];
            if (v <= m) {
                seen.at(v) = true;
            }
        }
        int mex = 0;
        while (seen.at(mex)) {
            ++mex;
        }
        g[m] = mex;
    }
    std::puts(g[n] != 0 ? "1" : "2");
    return 0;
}
