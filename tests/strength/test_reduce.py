"""The text reducer (no grammar): a graph, a string and a tree shrink to a few items, with the validator
(here a Python predicate) deciding every candidate and the counts repaired as lines and letters go."""

from __future__ import annotations

import heapq
import random
from collections import deque
from collections.abc import Callable, Sequence

from ojpack.strength.reduce import reduce_text


def keeper(valid: Callable[[bytes], bool], differs: Callable[[bytes], bool], asked: list[bytes]) -> Callable:
    def keep(batch: Sequence[bytes]) -> int | None:
        asked.extend(batch)
        return next((i for i, d in enumerate(batch) if valid(d) and differs(d)), None)
    return keep


def graph_valid(data: bytes) -> bool:
    """n m, then m lines u v w: 2 <= n, 1 <= m, 1 <= u, v <= n, u != v, w >= 1; single spaces, final newline."""
    text = data.decode()
    if not text.endswith("\n"):
        return False
    lines = text[:-1].split("\n")
    try:
        n, m = map(int, lines[0].split(" "))
        edges = [tuple(map(int, line.split(" "))) for line in lines[1:]]
    except ValueError:
        return False
    return (n >= 2 and m >= 1 and len(edges) == m and all(len(e) == 3 for e in edges)
            and all(1 <= u <= n and 1 <= v <= n and u != v and w >= 1 for u, v, w in edges)
            and all(" ".join(map(str, e)) == line for e, line in zip(edges, lines[1:])))


def distances(data: bytes) -> tuple[int, int]:
    """(Dijkstra's distance from 1 to n, the weight of BFS's fewest-edge path), -1 when unreachable."""
    tokens = list(map(int, data.split()))
    n, m = tokens[:2]
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n + 1)]
    for i in range(m):
        u, v, w = tokens[2 + 3 * i:5 + 3 * i]
        adj[u].append((v, w))
        adj[v].append((u, w))
    dist = {1: 0}
    heap = [(0, 1)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist[u]:
            continue
        for v, w in adj[u]:
            if v not in dist or d + w < dist[v]:
                dist[v] = d + w
                heapq.heappush(heap, (d + w, v))
    bfs = {1: 0}
    queue = deque([1])
    while queue:
        u = queue.popleft()
        for v, w in adj[u]:
            if v not in bfs:
                bfs[v] = bfs[u] + w
                queue.append(v)
    return dist.get(n, -1), bfs.get(n, -1)


def random_graph(rng: random.Random, n: int, m: int) -> bytes:
    edges = []
    for _ in range(m):
        u = rng.randint(1, n)
        v = rng.choice([x for x in range(1, n + 1) if x != u])
        edges.append(f"{u} {v} {rng.randint(1, 100)}")
    return f"{n} {m}\n".encode() + "".join(e + "\n" for e in edges).encode()


def test_a_graph_shrinks_to_a_few_edges_with_m_repaired() -> None:
    rng = random.Random(5)
    differs = lambda d: len(set(distances(d))) == 2   # noqa: E731
    data = next(d for d in (random_graph(rng, 9, 14) for _ in range(1000)) if differs(d))
    asked: list[bytes] = []
    small = reduce_text(data, keeper(graph_valid, differs, asked))
    assert graph_valid(small) and differs(small)
    n, m = map(int, small.split(b"\n")[0].split())
    assert m <= 3 and n <= 3, small   # BFS is fooled by two routes: one edge straight, two lighter ones round
    assert len(small) < len(data) // 3
    # every candidate asked about went through `keep`; none of the invalid ones came back
    assert any(not graph_valid(a) for a in asked)


def string_valid(data: bytes) -> bool:
    parts = data.split(b"\n")
    return (len(parts) == 3 and parts[2] == b"" and parts[0].isdigit() and not parts[0].startswith(b"0")
            and int(parts[0]) == len(parts[1]) >= 1 and parts[1].isalpha() and parts[1].islower())


def test_a_string_shrinks_with_its_length_repaired() -> None:
    s = "zzqxabyyyyzqqpabqqx" * 3
    data = f"{len(s)}\n{s}\n".encode()
    differs = lambda d: b"ab" in d.split(b"\n")[1]   # noqa: E731
    small = reduce_text(data, keeper(string_valid, differs, []))
    assert small == b"2\nab\n"


def tree_valid(data: bytes) -> bool:
    """n, then n - 1 lines u v forming a tree on 1..n."""
    lines = data.decode().split("\n")
    if lines[-1] != "" or not lines[0].isdigit():
        return False
    n = int(lines[0])
    edges = lines[1:-1]
    if n < 1 or len(edges) != n - 1:
        return False
    parent = list(range(n + 1))

    def find(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for line in edges:
        try:
            u, v = map(int, line.split(" "))
        except ValueError:
            return False
        if not (1 <= u <= n and 1 <= v <= n) or find(u) == find(v) or line != f"{u} {v}":
            return False
        parent[find(u)] = find(v)
    return True


def test_a_tree_shrinks_to_a_star_with_labels_renamed() -> None:
    rng = random.Random(3)
    n = 14
    lines = [f"{rng.randint(1, v - 1)} {v}" for v in range(2, n + 1)]
    perm = list(range(1, n + 1))
    rng.shuffle(perm)
    text = "".join(" ".join(str(perm[int(x) - 1]) for x in line.split()) + "\n" for line in lines)
    data = f"{n}\n{text}".encode()

    def differs(d: bytes) -> bool:   # a wrong solution that fails once a vertex has three neighbours
        degree: dict[str, int] = {}
        for tok in d.split()[1:]:
            degree[tok] = degree.get(tok, 0) + 1
        return max(degree.values(), default=0) >= 3

    assert tree_valid(data) and differs(data)
    small = reduce_text(data, keeper(tree_valid, differs, []))
    assert tree_valid(small) and differs(small)
    assert small.split(b"\n")[0] == b"4", small


def test_a_threshold_is_reached_by_search_not_by_steps_of_one() -> None:
    """A sum past 2^31 - 1 (an int overflow): each number goes as low as it can in a few dozen tries."""
    def valid(d: bytes) -> bool:
        lines = d.split(b"\n")
        return (len(lines) == 3 and lines[2] == b"" and lines[0].isdigit()
                and len(nums := lines[1].split(b" ")) == int(lines[0])
                and all(x.isdigit() and 0 <= int(x) <= 10**9 and x == str(int(x)).encode() for x in nums))

    asked: list[bytes] = []
    data = b"3\n1000000000 1000000000 1000000000\n"
    small = reduce_text(data, keeper(valid, lambda d: sum(map(int, d.split()[1:])) >= 2**31, asked))
    assert small == b"3\n147483648 1000000000 1000000000\n"
    assert len(asked) < 200


def test_a_path_past_int_shrinks_without_renaming_weights() -> None:
    """Weights equal to one another are no labels: lowering one must not step down by one, renaming the
    others each time (that took hours)."""
    def valid(d: bytes) -> bool:
        return graph_valid(d) and all(int(x) <= 10**9 for x in d.split())

    data = b"6 5\n1 2 1000000000\n3 2 1000000000\n3 4 1000000000\n5 4 1000000000\n6 5 1000000000\n"
    asked: list[bytes] = []
    small = reduce_text(data, keeper(valid, lambda d: distances(d)[0] >= 2**31, asked))
    tokens = list(map(int, small.split()))
    assert tokens[:2] == [4, 3] and sorted(tokens[4::3]) == [147483648, 10**9, 10**9], small
    assert distances(small)[0] == 2**31   # each weight as low as it goes: one less and the sum fits an int
    assert len(asked) < 400


def first_parent_fails(data: bytes) -> bool:
    """A Dijkstra that keeps the first parent it saw: its path weighs more than the distance it prints."""
    tokens = list(map(int, data.split()))
    n, m = tokens[:2]
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n + 1)]
    for i in range(m):
        u, v, w = tokens[2 + 3 * i:5 + 3 * i]
        adj[u].append((v, w))
        adj[v].append((u, w))
    dist, parent, heap = {1: 0}, {}, [(0, 1)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist[u]:
            continue
        for v, w in adj[u]:
            if v not in dist or d + w < dist[v]:
                dist[v] = d + w
                parent.setdefault(v, u)
                heapq.heappush(heap, (d + w, v))
    if n not in dist:
        return False
    total, x = 0, n
    while x != 1:
        total += min(w for y, w in adj[x] if y == parent[x])
        x = parent[x]
    return total != dist[n]


def test_unused_vertices_go_while_the_last_stays_the_target() -> None:
    """Vertices 2 and 3 unused: the highest label below n is renamed into the gap, then n goes down with
    vertex n renamed to the new n (the target stays the target)."""
    data = b"5 3\n5 4 1\n5 1 3\n1 4 1\n"
    assert graph_valid(data) and first_parent_fails(data)
    small = reduce_text(data, keeper(graph_valid, first_parent_fails, []))
    assert small.split(b"\n")[0] == b"3 3" and first_parent_fails(small), small
