// Wrong: breadth-first search finds the path with the fewest edges, ignoring the weights.
#include <algorithm>
#include <cstdio>
#include <queue>
#include <vector>

int main() {
    int n, m;
    if (std::scanf("%d %d", &n, &m) != 2) return 1;
    std::vector<std::vector<std::pair<int, long long>>> adj(n + 1);
    for (int i = 0; i < m; i++) {
        int u, v;
        long long w;
        std::scanf("%d %d %lld", &u, &v, &w);
        adj[u].push_back({v, w});
        adj[v].push_back({u, w});
    }
    std::vector<int> parent(n + 1, -1);
    std::vector<long long> dist(n + 1, 0);
    std::queue<int> q;
    parent[1] = 0;
    q.push(1);
    while (!q.empty()) {
        int u = q.front();
        q.pop();
        for (auto [v, w] : adj[u])
            if (parent[v] < 0) {
                parent[v] = u;
                dist[v] = dist[u] + w;
                q.push(v);
            }
    }
    if (parent[n] < 0) {
        std::printf("-1\n");
        return 0;
    }
    std::vector<int> path;
    for (int v = n; v != 0; v = parent[v]) path.push_back(v);
    std::reverse(path.begin(), path.end());
    std::printf("%lld\n%zu\n", dist[n], path.size());
    for (size_t i = 0; i < path.size(); i++) std::printf("%d%c", path[i], i + 1 == path.size() ? '\n' : ' ');
}
