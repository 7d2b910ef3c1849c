def encode(n, a):
    print("hello manager")
    return sum(a) % (10**9 + 7)


def decode(message):
    return message
