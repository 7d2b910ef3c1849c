// Strict validator, the C++ twin of validate.py (keep them in step): for judges that compile their
// validators (UOJ). `validate [--features] n=LO..HI m=LO..HI w=LO..HI < input`, exit 42 valid, 43 invalid.
#include "ojval.h"

int main(int argc, char** argv) {
    ojval::init(argc, argv);
    long long n = ojval::read_int("n");
    ojval::read_space();
    long long m = ojval::read_int("m");
    ojval::read_eol();
    for (long long i = 0; i < m; i++) {
        long long u = ojval::read_int("u", 1, n);
        ojval::read_space();
        long long v = ojval::read_int("v", 1, n);
        if (u == v) ojval::fail("a loop %lld-%lld (u and v must differ)", u, v);
        ojval::read_space();
        ojval::read_int("w");
        ojval::read_eol();
    }
    ojval::finish();   // end of file, the --features JSON, exit 42
}
