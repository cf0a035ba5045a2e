#include "testlib.h"

int main(int argc, char *argv[]) {
    registerTestlibCmd(argc, argv);
    long long want = ans.readLong(-4000000000LL, 4000000000LL, "answer");
    long long got = ouf.readLong(-4000000000LL, 4000000000LL, "the sum");
    if (got != want) quitf(_wa, "expected %lld, found %lld", want, got);
    ouf.readEof();
    quitf(_ok, "%lld", got);
}
