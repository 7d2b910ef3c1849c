import heapq
import sys

data = list(map(int, sys.stdin.read().split()))
n, m = data[0], data[1]
adj = [[] for _ in range(n + 1)]
for i in range(m):
    u, v, w = data[2 + 3 * i: 5 + 3 * i]
    adj[u].append((v, w))
    adj[v].append((u, w))
dist = [None] * (n + 1)
heap = [(0, 1)]
while heap:
    d, x = heapq.heappop(heap)
    if dist[x] is not None:
        continue
    dist[x] = d
    for y, w in adj[x]:
        if dist[y] is None:
            heapq.heappush(heap, (d + w, y))
print(-1 if dist[n] is None else dist[n])
