// HDU 1524 / POJ 2425 - A Chess Game.
// Chessmen on the nodes of a DAG (several may share a node); a move pushes one chessman along
// one edge; the player who cannot move loses.
// Each chessman is an independent game, so the position is their sum: SG(node) = mex of the
// SG values of its successors, and the first player wins iff the xor of SG(p_i) over all
// chessmen is non-zero (two chessmen on one node cancel). SG is computed in post-order by an
// iterative DFS, so a path of 1000 nodes needs no deep recursion.
// C++98 port of solutions/src/bin/hdu1524-chess-game.rs (same algorithm).
#include <cstdio>
#include <vector>

static const int UNSEEN = -1;
static const int ON_STACK = -2;

// SG value of every node of the DAG, successors first (iterative post-order DFS).
// Successors of v are succ[start[v]] .. succ[start[v + 1] - 1].
static void grundy(int n, const std::vector<int>& start, const std::vector<int>& succ,
                   std::vector<int>& sg) {
    sg.assign(n, UNSEEN);
    std::vector<int> mark(n + 1, -1); // mark[g] == v: value g occurs among v's successors
    std::vector<int> stack_node;      // explicit stack: node ...
    std::vector<int> stack_edge;      // ... and the next edge to look at
    for (int root = 0; root < n; ++root) {
        if (sg[root] != UNSEEN) {
            continue;
        }
        sg[root] = ON_STACK;
        stack_node.push_back(root);
        stack_edge.push_back(start[root]);
        while (!stack_node.empty()) {
            int v = stack_node.back();
            int& e = stack_edge.back();
            if (e < start[v + 1]) {
                int w = succ[e];
                ++e;
                if (sg[w] == UNSEEN) {
                    sg[w] = ON_STACK;
                    stack_node.push_back(w);
                    stack_edge.push_back(start[w]);
                }
            } else {
                stack_node.pop_back();
                stack_edge.pop_back();
                for (int i = start[v]; i < start[v + 1]; ++i) {
                    int g = sg[succ[i]];
                    mark[g < n ? g : n] = v; // g >= 0 here: successors are finished first
                }
                int g = 0;
                while (mark[g] == v) {
                    ++g;
                }
                sg[v] = g;
            }
        }
    }
}

int main() {
    int n;
    std::vector<int> start;
    std::vector<int> succ;
    std::vector<int> sg;
    while (std::scanf("%d", &n) == 1) {
        start.assign(n + 1, 0);
        succ.clear();
        for (int v = 0; v < n; ++v) {
            int x;
            if (std::scanf("%d", &x) != 1) {
                return 0;
            }
            for (int j = 0; j < x; ++j) {
                int w;
                if (std::scanf("%d", &w) != 1) {
                    return 0;
                }
                succ.push_back(w);
            }
            start[v + 1] = static_cast<int>(succ.size());
        }
        grundy(n, start, succ, sg);
        // Queries until a line holding 0 (or the end of the input).
        int m;
        while (std::scanf("%d", &m) == 1) {
            if (m == 0) {
                break;
            }
            int x = 0;
            for (int j = 0; j < m; ++j) {
                int p;
                if (std::scanf("%d", &p) != 1) {
                    return 0;
                }
                x ^= sg[p];
            }
            std::puts(x != 0 ? "WIN" : "LOSE");
        }
    }
    return 0;
}
