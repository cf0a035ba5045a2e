// HDU 1848 - Fibonacci again and again
// Three piles; a move takes a Fibonacci number (1, 2, 3, 5, 8, ...) of stones from one pile;
// whoever takes the last stone wins. Lines `m n p` until `0 0 0`; print `Fibo` if the first
// player wins, else `Nacci`.
// Insight: the piles are independent games, so the position is lost iff
// SG(m) ^ SG(n) ^ SG(p) == 0, with SG(x) = mex { SG(x - f) : f Fibonacci, f <= x }.
// SG has no short closed form (it starts 0 1 2 3 0 1 2 3 4 5 0 1 ...), so tabulate it up to 1000.
// C++98 port of solutions/src/bin/hdu1848-fibonacci-again.rs (same algorithm).
#include <cstdio>

static const int MAX = 1000;

int main() {
    // Fibonacci move sizes 1, 2, 3, 5, ..., 987 (each once; F(1) = 1, F(2) = 2).
    int fib[32];
    int nfib = 2;
    fib[0] = 1;
    fib[1] = 2;
    while (fib[nfib - 1] + fib[nfib - 2] <= MAX) {
        fib[nfib] = fib[nfib - 1] + fib[nfib - 2];
        ++nfib;
    }
    static int sg[MAX + 1];
    sg[0] = 0;
    for (int x = 1; x <= MAX; ++x) {
        bool seen[32] = {false}; // a pile has at most 15 moves, so SG <= 15
        for (int i = 0; i < nfib && fib[i] <= x; ++i) {
            seen[sg[x - fib[i]]] = true;
        }
        int v = 0;
        while (seen[v]) {
            ++v;
        }
        sg[x] = v;
    }

    int m, n, p;
    while (std::scanf("%d %d %d", &m, &n, &p) == 3) {
        if (m == 0 && n == 0 && p == 0) {
            break; // end of input; anything after it is ignored
        }
        bool win = (sg[m] ^ sg[n] ^ sg[p]) != 0;
        std::puts(win ? "Fibo" : "Nacci");
    }
    return 0;
}
