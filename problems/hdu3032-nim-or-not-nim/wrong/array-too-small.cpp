// WRONG: N <= 10^6 read as 10^5. The heaps are stored in a static array of 100005 ints before
// they are xored; a test case of more heaps writes past its end (several MB past it at
// N = 10^6), which ends in a segmentation fault. The nim-values are right.
#include <cstdio>

static int s[100005];

int main() {
    int t;
    if (std::scanf("%d", &t) != 1) {
        return 0;
    }
    while (t-- > 0) {
        int n;
        std::scanf("%d", &n);
        for (int i = 0; i < n; ++i) {
            std::scanf("%d", &s[i]);
        }
        unsigned x = 0;
        for (int i = 0; i < n; ++i) {
            unsigned v = static_cast<unsigned>(s[i]);
            if (v % 4 == 0) {
                x ^= v - 1;
            } else if (v % 4 == 3) {
                x ^= v + 1;
            } else {
                x ^= v;
            }
        }
        std::puts(x != 0 ? "Alice" : "Bob");
    }
    return 0;
}
