// Strict validator, the C++ twin of validate.py (keep them in step): for judges that compile their
// validators (UOJ: ojpack's export compiles the bounds in). `validate [--features] n=LO..HI a=LO..HI < input`,
// exit 42 valid, 43 invalid. ojval.h beside this file does the strict reading and the --features report.
#include "ojval.h"

int main(int argc, char** argv) {
    ojval::init(argc, argv);
    long long n = ojval::read_int("n");
    ojval::read_eol();
    for (long long i = 0; i < n; i++) {
        if (i) ojval::read_space();
        ojval::read_int("a");
    }
    ojval::read_eol();
    ojval::finish();   // end of file, the --features JSON, exit 42
}
