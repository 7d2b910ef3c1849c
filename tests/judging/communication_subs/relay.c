long long encode(int n, const long long *a) {
    long long s = 0;
    for (int i = 0; i < n; i++) s = (s + a[i]) % 1000000007LL;
    return s;
}
long long decode(long long message) { return message; }
