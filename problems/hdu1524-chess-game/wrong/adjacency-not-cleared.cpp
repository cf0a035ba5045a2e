// Wrong: the classic global `vector<int> g[1005]` filled with push_back and never cleared, so each
// test case's graph still holds the previous cases' edges. The SG memo is reset correctly.
#include <cstdio>
#include <cstring>
#include <vector>
using namespace std;

vector<int> g[1005];
int sg[1005];

int get_sg(int v) {
    if (sg[v] != -1) return sg[v];
    bool seen[1005];
    memset(seen, 0, sizeof seen);
    for (size_t i = 0; i < g[v].size(); i++) seen[get_sg(g[v][i])] = true;
    int x = 0;
    while (seen[x]) x++;
    return sg[v] = x;
}

int main() {
    int n;
    while (scanf("%d", &n) == 1) {
        memset(sg, -1, sizeof sg);
        for (int i = 0; i < n; i++) {
            int x;
            scanf("%d", &x);
            while (x--) {
                int y;
                scanf("%d", &y);
                g[i].push_back(y);  // BUG: g[i] still holds the last case's edges
            }
        }
        int m;
        while (scanf("%d", &m) == 1 && m) {
            int ans = 0;
            while (m--) {
                int p;
                scanf("%d", &p);
                ans ^= get_sg(p);
            }
            puts(ans ? "WIN" : "LOSE");
        }
    }
    return 0;
}
