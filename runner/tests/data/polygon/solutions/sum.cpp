#include <cstdio>
int main() { long long a, b; std::scanf("%lld %lld", &a, &b); std::printf("%lld\n", a + b); }
