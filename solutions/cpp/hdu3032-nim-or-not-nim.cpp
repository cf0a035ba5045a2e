// HDU 3032 - Nim or not Nim? (Lasker's Nim)
// A move takes any positive number of stones from one heap, or splits one heap into two
// non-empty heaps; whoever moves last wins. T test cases of N heaps; print `Alice` if the first
// player wins, else `Bob`.
// Insight: the heaps are independent games, so the first player loses iff
// G(s_1) ^ ... ^ G(s_N) == 0, and the one-heap value is arithmetic-periodic (period 4, saltus 4):
// G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3 (proof in the README).
// The input may hold 10^8 heaps and the memory limit is 32 MiB: read it in blocks as it comes,
// never whole.
// C++98 port of solutions/src/bin/hdu3032-nim-or-not-nim.rs (same algorithm). The values are
// unsigned: G(2^31 - 1) = 2^31 does not fit in a signed 32-bit int.
#include <cctype>
#include <cstdio>

static char block[1 << 16];
static size_t blockLen; // statics start at zero
static size_t blockPos;

// The next byte of stdin, or EOF at its end.
static int nextByte() {
    if (blockPos == blockLen) {
        blockLen = std::fread(block, 1, sizeof block, stdin);
        blockPos = 0;
        if (blockLen == 0) {
            return EOF;
        }
    }
    return static_cast<unsigned char>(block[blockPos++]);
}

// The next number of the input into v; false at the end. Anything but a digit separates
// numbers (CRLF, blank lines, tabs).
static bool readNumber(unsigned &v) {
    int c = nextByte();
    while (c != EOF && !std::isdigit(c)) {
        c = nextByte();
    }
    if (c == EOF) {
        return false;
    }
    v = 0;
    while (std::isdigit(c)) {
        v = v * 10 + static_cast<unsigned>(c - '0');
        c = nextByte();
    }
    return true;
}

// The nim-value of one heap of s >= 1 stones.
static unsigned grundy(unsigned s) {
    if (s % 4 == 0) {
        return s - 1;
    }
    if (s % 4 == 3) {
        return s + 1;
    }
    return s;
}

int main() {
    unsigned t;
    if (readNumber(t)) {
        for (unsigned c = 0; c < t; ++c) {
            unsigned n;
            if (!readNumber(n)) {
                break;
            }
            unsigned x = 0;
            unsigned i = 0;
            unsigned s;
            while (i < n && readNumber(s)) {
                x ^= grundy(s);
                ++i;
            }
            if (i < n) {
                break; // the input ended inside this test case
            }
            std::puts(x != 0 ? "Alice" : "Bob");
        }
    }
    return 0;
}
