// WRONG (input loop): the right table, but `while (scanf("%d %d", &w, &h))`. At end of file
// scanf returns EOF, which is -1, not 0: the loop never ends and prints the last answer again
// and again (OLE; TLE where the output is not bounded). The test must be `== 2` (or `!= EOF`).
#include <cstdio>

static int sg[201][201];

int main() {
    for (int w = 2; w <= 200; ++w) {
        for (int h = 2; h <= 200; ++h) {
            bool seen[16] = {false};
            for (int i = 2; i <= w - 2; ++i) seen[sg[i][h] ^ sg[w - i][h]] = true;
            for (int j = 2; j <= h - 2; ++j) seen[sg[w][j] ^ sg[w][h - j]] = true;
            int v = 0;
            while (seen[v]) ++v;
            sg[w][h] = v;
        }
    }
    int w, h;
    while (std::scanf("%d %d", &w, &h)) {
        std::puts(sg[w][h] ? "WIN" : "LOSE");
    }
    return 0;
}
