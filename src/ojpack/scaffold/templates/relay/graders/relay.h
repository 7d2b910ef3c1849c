// The two functions a submission writes (C++). Process 0 calls encode with the integers and sends what it
// returns; process 1 gets that number and calls decode, whose result is the answer.
#include <vector>

long long encode(int n, const std::vector<long long>& a);
long long decode(long long message);
