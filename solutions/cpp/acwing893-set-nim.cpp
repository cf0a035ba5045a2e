// AcWing 893 - Set-Nim game (Chinese title "Ji He - Nim You Xi"; Nim with a set S of allowed takes)
// n heaps; a move removes exactly s stones from one heap, for some s in S with s <= heap;
// the player who cannot move loses. Input `k`, S, `n`, the heaps; print `Yes` if the first
// player wins, else `No`.
// Insight: the heaps are independent games, so the first player loses iff
// SG(h_1) ^ ... ^ SG(h_n) == 0, with SG(x) = mex { SG(x - s) : s in S, s <= x } (SG(0) = 0).
// A heap has at most k moves, so SG(x) <= k and the mex needs only k + 1 slots. Tabulate SG
// bottom-up to the largest heap: O(max_h * k) = 10^6 steps.
// C++98 port of solutions/src/bin/acwing893-set-nim.rs (same algorithm).
#include <cstdio>
#include <vector>

int main() {
    int k;
    if (std::scanf("%d", &k) != 1) {
        return 0;
    }
    std::vector<int> moves(k);
    for (int i = 0; i < k; ++i) {
        if (std::scanf("%d", &moves[i]) != 1) {
            return 0;
        }
    }
    int n;
    if (std::scanf("%d", &n) != 1) {
        return 0;
    }
    std::vector<int> heaps(n);
    int top = 0;
    for (int i = 0; i < n; ++i) {
        if (std::scanf("%d", &heaps[i]) != 1) {
            return 0;
        }
        if (heaps[i] > top) {
            top = heaps[i];
        }
    }

    std::vector<int> sg(top + 1, 0);
    // seen[v] == x marks that value v is reachable from x (a stamp, so no clearing per x).
    std::vector<int> seen(k + 1, -1);
    for (int x = 1; x <= top; ++x) {
        for (int i = 0; i < k; ++i) {
            if (moves[i] <= x) {
                seen[sg[x - moves[i]]] = x; // sg[x - s] <= k: it is a mex over at most k values
            }
        }
        int v = 0;
        while (seen[v] == x) {
            ++v; // stops at v <= k: mex <= k
        }
        sg[x] = v;
    }

    int total = 0;
    for (int i = 0; i < n; ++i) {
        total ^= sg[heaps[i]];
    }
    std::puts(total != 0 ? "Yes" : "No");
    return 0;
}
