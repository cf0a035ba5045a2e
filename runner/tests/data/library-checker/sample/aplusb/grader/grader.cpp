#include <cstdio>

#include "solve.hpp"

int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\n", solve(a, b));
    return 0;
}
