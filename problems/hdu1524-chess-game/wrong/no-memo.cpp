// Too slow: the SG recursion is right but not memoised, so every node is re-evaluated once per
// path that reaches it. On a layered DAG (2 nodes per layer, 500 layers) that is 2^500 calls.
#include <cstdio>
#include <vector>
using namespace std;

vector<int> g[1005];

int get_sg(int v) {
    vector<bool> seen(g[v].size() + 1, false);
    for (size_t i = 0; i < g[v].size(); i++) {
        int s = get_sg(g[v][i]);
        if (s < (int)seen.size()) seen[s] = true;
    }
    int x = 0;
    while (seen[x]) x++;
    return x;
}

int main() {
    int n;
    while (scanf("%d", &n) == 1) {
        for (int i = 0; i < n; i++) {
            g[i].clear();
            int x;
            scanf("%d", &x);
            while (x--) {
                int y;
                scanf("%d", &y);
                g[i].push_back(y);
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
