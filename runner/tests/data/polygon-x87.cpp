#include <cstdio>
// Right where floating point is x87's (80-bit registers: Codeforces' 32-bit G++), wrong with
// 64-bit SSE doubles: 2^53 + a + b rounds to even there.
int main() {
    long long a, b;
    if (std::scanf("%lld %lld", &a, &b) != 2) return 1;
    volatile double big = 9007199254740992.0;
    double s = big + (double)a + (double)b - big;
    std::printf("%lld\n", (long long)s);
}
