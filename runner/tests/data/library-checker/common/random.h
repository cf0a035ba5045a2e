// A stand-in for Library Checker's random.h: a seeded generator of numbers in a range.
#pragma once
#include <cstdint>

struct Random {
    uint64_t s;
    explicit Random(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ULL + 1) {}
    uint64_t next() {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        return s;
    }
    long long uniform(long long lo, long long hi) {
        return lo + (long long)(next() % (uint64_t)(hi - lo + 1));
    }
};
