#include <cstdio>
int main() { long long a, b; std::scanf("%lld %lld", &a, &b); volatile long long s = 0; for (;;) s += a; }
