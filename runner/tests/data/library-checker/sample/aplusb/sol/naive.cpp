#include <cstdio>

int main() {
    long long a, b, s = 0;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    for (long long i = 0; i < a; i++) s++;
    printf("%lld\n", s + b);
    return 0;
}
