def sum_mod(n, a):
    print("debug: called")
    return sum(a) % (10**9 + 7)
