// Wrong: the distances are right, but a vertex keeps the parent that first reached it, so the path
// printed is not always as short as the distance.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <queue>
#include <utility>
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
    const long long INF = -1ULL >> 1;
    std::vector<long long> dist(n + 1, INF);
    std::vector<int> parent(n + 1, 0);
    std::priority_queue<std::pair<long long, int>, std::vector<std::pair<long long, int>>, std::greater<>> heap;
    dist[1] = 0;
    heap.push({0, 1});
    while (!heap.empty()) {
        auto [d, u] = heap.top();
        heap.pop();
        if (d != dist[u]) continue;
        for (auto [v, w] : adj[u])
            if (d + w < dist[v]) {
                dist[v] = d + w;
                if (!parent[v]) parent[v] = u;
                heap.push({dist[v], v});
            }
    }
    if (dist[n] == INF) {
        std::printf("-1\n");
        return 0;
    }
    std::vector<int> path;
    for (int v = n; v != 0; v = parent[v]) path.push_back(v);
    std::reverse(path.begin(), path.end());
    std::printf("%lld\n%zu\n", dist[n], path.size());
    for (size_t i = 0; i < path.size(); i++) std::printf("%d%c", path[i], i + 1 == path.size() ? '\n' : ' ');
}
