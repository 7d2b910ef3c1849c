"""Dijkstra with heapq, the Python twin of dijkstra.cpp."""

import heapq
import sys


def main() -> None:
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n + 1)]
    for i in range(m):
        u, v, w = int(data[2 + 3 * i]), int(data[3 + 3 * i]), int(data[4 + 3 * i])
        adj[u].append((v, w))
        adj[v].append((u, w))
    dist = [-1] * (n + 1)
    parent = [0] * (n + 1)
    dist[1] = 0
    heap = [(0, 1)]
    while heap:
        d, u = heapq.heappop(heap)
        if d != dist[u]:
            continue
        for v, w in adj[u]:
            if dist[v] < 0 or d + w < dist[v]:
                dist[v], parent[v] = d + w, u
                heapq.heappush(heap, (d + w, v))
    if dist[n] < 0:
        print(-1)
        return
    path = [n]
    while path[-1] != 1:
        path.append(parent[path[-1]])
    path.reverse()
    print(f"{dist[n]}\n{len(path)}\n{' '.join(map(str, path))}")


main()
