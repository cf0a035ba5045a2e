// HDU 1847 - Good Luck in CET-4 Everybody!
// One pile of n cards (1 <= n <= 1000, one n per line until end of file); a move takes a power
// of two (1, 2, 4, 8, ...) cards; whoever takes the last card wins. Kiki moves first.
// Insight: SG(n) = n mod 3. No power of two is a multiple of 3, so from n = 0 (mod 3) every
// move leaves a non-multiple, while from n = 1 or 2 (mod 3) taking 1 or 2 reaches a multiple.
// Hence Kiki loses (prints `Cici`) iff 3 | n.
// C++98 port of solutions/src/bin/hdu1847-cet4.rs (same algorithm).
#include <cstdio>

int main() {
    int n;
    while (std::scanf("%d", &n) == 1) {
        std::puts(n % 3 == 0 ? "Cici" : "Kiki");
    }
    return 0;
}
