#include <cstdio>

int main() {
    int a, b;  // overflows at a + b > 2^31 - 1
    if (scanf("%d %d", &a, &b) != 2) return 1;
    printf("%d\n", a + b);
    return 0;
}
