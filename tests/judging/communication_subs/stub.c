/* A C stub, as the C++ one: `stub from_manager to_manager index`. */
#include <stdio.h>
#include <stdlib.h>
long long encode(int n, const long long *a);
long long decode(long long message);
int main(int argc, char **argv) {
    if (argc < 4) return 1;
    FILE *in = fopen(argv[1], "r");
    FILE *out = fopen(argv[2], "w");
    if (!in || !out) return 1;
    if (atoi(argv[3]) == 0) {
        int n;
        if (fscanf(in, "%d", &n) != 1) return 1;
        long long *a = malloc(sizeof *a * (n + 1));
        for (int i = 0; i < n; i++)
            if (fscanf(in, "%lld", &a[i]) != 1) return 1;
        fprintf(out, "%lld\n", encode(n, a));
    } else {
        long long message;
        if (fscanf(in, "%lld", &message) != 1) return 1;
        fprintf(out, "%lld\n", decode(message));
    }
    fflush(out);
    return 0;
}
