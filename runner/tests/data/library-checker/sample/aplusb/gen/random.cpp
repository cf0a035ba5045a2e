#include <cstdio>
#include <cstdlib>
#include "random.h"
#include "../params.h"

int main(int argc, char *argv[]) {
    long long seed = atoll(argv[1]);
    Random gen(seed);
    long long a = gen.uniform(0, A_AND_B_MAX);
    long long b = gen.uniform(0, A_AND_B_MAX);
    printf("%lld %lld\n", a, b);
    return 0;
}
