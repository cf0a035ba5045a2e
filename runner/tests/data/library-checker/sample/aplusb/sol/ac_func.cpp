#include "../base.hpp"
#include "solve.hpp"

long long solve(long long a, long long b) { return add(a, b); }
