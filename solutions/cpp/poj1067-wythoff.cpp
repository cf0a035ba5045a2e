// POJ 1067 - Qu Shi Zi You Xi ("take stones game"; Wythoff's game).
// Two piles; a move takes any positive number from one pile, or the same positive number from
// both; whoever takes the last stone wins. Print 1 if the player to move wins, else 0.
// Insight: the losing positions are (a_k, a_k + k), k = 0, 1, 2, ..., with a_k = floor(k*phi),
// phi = (1 + sqrt(5)) / 2; the differences k are all distinct, so (a, b) with a <= b loses iff
// a = floor((b - a)*phi). Integers only: floor(k*phi) = (k + isqrt(5k^2)) / 2 (5k^2 <= 5*10^18
// fits in a signed 64-bit integer). Floating point is not exact enough: with double,
// k = 102334155 (k*phi = 165580140.99999999...) rounds up, and (165580140, 267914295) would be
// judged a win.
// C++98 port of solutions/src/bin/poj1067-wythoff.rs (same algorithm).
// 64-bit values stay inside the program (input and output fit in int), so no %lld is needed.
#include <cmath>
#include <cstdio>

// C++98 has no `long long`, but GCC/MinGW and MSVC 2008 both provide it; only g++'s pedantic
// C++98 mode objects (-Wlong-long; `__extension__` does not silence it in C++), so say so once.
#ifdef __GNUC__
#pragma GCC diagnostic ignored "-Wlong-long"
#endif
typedef long long i64;

// floor(sqrt(n)) for 0 <= n <= 5*10^18: a double estimate (< 2^32, so squares fit in 64 bits),
// corrected with exact integer squares. Conversions go through signed 64-bit only.
static i64 isqrt(i64 n) {
    i64 r = static_cast<i64>(std::sqrt(static_cast<double>(n)));
    while (r * r > n) {
        --r;
    }
    while ((r + 1) * (r + 1) <= n) {
        ++r;
    }
    return r;
}

int main() {
    int x, y;
    while (std::scanf("%d %d", &x, &y) == 2) {
        i64 a = x < y ? x : y;
        i64 b = x < y ? y : x;
        i64 k = b - a;
        bool losing = a == (k + isqrt(5 * k * k)) / 2;
        std::puts(losing ? "0" : "1");
    }
    return 0;
}
