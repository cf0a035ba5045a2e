// HDU 1846 - Brave Game (Bash's game).
// One pile of n stones; a move takes 1..m stones; whoever takes the last stone wins.
// SG(n) = n mod (m+1): from a multiple of m+1 every move (1..m) leaves a non-multiple, and from
// a non-multiple taking n mod (m+1) leaves a multiple. So the first player loses iff (m+1) | n.
// C++98 port of solutions/src/bin/hdu1846-brave-game.rs (same algorithm).
#include <cstdio>

int main() {
    int cases;
    if (std::scanf("%d", &cases) != 1) {
        return 0;
    }
    for (int c = 0; c < cases; ++c) {
        int n, m;
        if (std::scanf("%d %d", &n, &m) != 2) {
            break;
        }
        std::puts(n % (m + 1) == 0 ? "second" : "first");
    }
    return 0;
}
