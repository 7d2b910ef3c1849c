/* Writes as many MiB to stdout as its input says (150: far more than a 32 MiB memory limit) and keeps
   almost nothing in memory itself. The output is no part of the run's memory: AC below the output
   limit, OLE above it, never MLE. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void) {
    static char block[1 << 20];
    int mib = 0;
    if (scanf("%d", &mib) != 1) return 1;
    memset(block, 'x', sizeof block);
    for (int i = 0; i < mib; i++)
        for (size_t done = 0; done < sizeof block;) {
            ssize_t n = write(1, block + done, sizeof block - done);
            if (n <= 0) return 2;
            done += (size_t)n;
        }
    return 0;
}
