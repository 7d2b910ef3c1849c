"""Too slow: Bellman-Ford, O(n·m) in the worst case (a long path), in Python. Right answers, given time."""

import sys


def main() -> None:
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    edges = [(int(data[2 + 3 * i]), int(data[3 + 3 * i]), int(data[4 + 3 * i])) for i in range(m)]
    dist = [-1] * (n + 1)
    parent = [0] * (n + 1)
    dist[1] = 0
    changed = True
    while changed:
        changed = False
        for u, v, w in edges:
            for a, b in ((u, v), (v, u)):
                if dist[a] >= 0 and (dist[b] < 0 or dist[a] + w < dist[b]):
                    dist[b], parent[b] = dist[a] + w, a
                    changed = True
    if dist[n] < 0:
        print(-1)
        return
    path = [n]
    while path[-1] != 1:
        path.append(parent[path[-1]])
    path.reverse()
    print(f"{dist[n]}\n{len(path)}\n{' '.join(map(str, path))}")


main()
