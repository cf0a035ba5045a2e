#include <cstdio>
#include <cstdlib>

int main() {
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    if (a == 1234) abort();  // crashes on the first example, right elsewhere
    printf("%lld\n", a + b);
    return 0;
}
