#pragma once

long long solve(long long a, long long b);
