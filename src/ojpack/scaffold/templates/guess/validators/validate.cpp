// Strict validator, the C++ twin of validate.py (keep them in step). ojval.h does the strict reading.
#include "ojval.h"

int main(int argc, char** argv) {
    ojval::init(argc, argv);
    long long n = ojval::read_int("n");
    ojval::read_space();
    long long x = ojval::read_int("x");
    if (x > n) ojval::fail("the hidden number x = %lld is greater than n = %lld", x, n);
    ojval::read_eol();
    ojval::finish();
}
