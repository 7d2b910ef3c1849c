// The function a submission writes (C++): it gets the integers, returns their sum modulo 10^9 + 7.
// The grader (grader.cpp) reads the input, calls it once and prints what it returns.
#include <vector>

long long sum_mod(int n, const std::vector<long long>& a);
