#pragma once

// A header of the problem's own, included as `../base.hpp` (as graph/shortest_path's
// `../fastio.h`).
inline long long add(long long a, long long b) { return a + b; }
