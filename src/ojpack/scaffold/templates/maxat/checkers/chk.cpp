// The checker (problem.yaml: checker: {type: program, source: checkers/chk.cpp, convention: testlib}):
// `chk input output answer`, exit 0 accepted, 1 wrong answer, 2 wrong output format, 3 fail. Several
// outputs can be right here (any index of a maximum), so it does not compare the output with the answer:
// it checks the output's index against the input, and checks the jury's answer the same way (a wrong
// answer file is the jury's fault: _fail, which ojpack reports as a judge error, never as the
// contestant's wrong answer). checkers/tests.yaml lists outputs it must accept or reject.
#include "testlib.h"

#include <vector>

int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    int n = inf.readInt();
    std::vector<long long> a(n + 1);
    long long best = -1;
    for (int i = 1; i <= n; i++) {
        a[i] = inf.readLong();
        if (a[i] > best) best = a[i];
    }
    int jury = ans.readInt(1, n, "the jury's index");
    if (a[jury] != best) quitf(_fail, "the jury's a[%d] = %lld is not the maximum %lld", jury, a[jury], best);
    int i = ouf.readInt(1, n, "i");
    if (a[i] != best) quitf(_wa, "a[%d] = %lld, but the maximum is %lld", i, a[i], best);
    quitf(_ok, "a[%d] = %lld is the maximum", i, best);
}
