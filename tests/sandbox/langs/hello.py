a, b = map(int, input().split())
print("hello", a + b)
exit(0)  # a builtin of the site module: NameError under python -S
