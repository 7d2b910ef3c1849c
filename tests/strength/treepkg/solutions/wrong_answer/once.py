# Wrong: the farthest distance from vertex 1, not the longest path.
import sys

data = list(map(int, sys.stdin.read().split()))
n = data[0]
adj = [[] for _ in range(n + 1)]
for i in range(n - 1):
    u, v = data[1 + 2 * i], data[2 + 2 * i]
    adj[u].append(v)
    adj[v].append(u)


def farthest(s: int) -> tuple[int, int]:
    dist = {s: 0}
    order = [s]
    for x in order:
        for y in adj[x]:
            if y not in dist:
                dist[y] = dist[x] + 1
                order.append(y)
    far = max(order, key=dist.__getitem__)
    return far, dist[far]


print(farthest(1)[1])
