// POJ 1704 program as circulated in the Nim write-up (/work/shared/seeds/001_*.txt), with only
// the blog's formatting damage repaired (line breaks, #includes); the logic is untouched.
// What is wrong with it:
//  1. It reads N until EOF, but the real input starts with T: the first number (T) is taken as
//     N and every case after that is read out of step.
//  2. The positions go into p[1..n], yet it sorts p[0..n): p[0] (always 0) is included and the
//     last position p[n] is left out; for odd n, `p[n++] = 0` even overwrites that last position
//     with the wall at 0 instead of appending it.
#include <algorithm>
#include <cstdio>
using namespace std;

int n, p[1000000];
int main(void) {
    while (scanf("%d", &n) != EOF) {
        for (int i = 1; i <= n; i++)
            scanf("%d", &p[i]);
        if (n % 2 == 1)
            p[n++] = 0;
        sort(p, p + n);
        int x = 0;
        for (int i = 0; i < n - 1; i += 2)
            x ^= (p[i + 1] - p[i] - 1);
        if (!x)
            printf("Bob will win\n");
        else
            printf("Georgia will win\n");
    }
    return 0;
}
