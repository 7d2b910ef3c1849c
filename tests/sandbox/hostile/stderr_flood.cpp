// The right answer on stdout, and 2 MiB of debug output on stderr (more than the whole output limit).
// stderr is no part of the output limit: the run is fine, and the first KiB of stderr are kept.
#include <iostream>
#include <string>

int main() {
    long long a, b;
    std::cin >> a >> b;
    std::string line(1023, 'd');
    for (int i = 0; i < 2048; i++) std::cerr << line << '\n';
    std::cout << a + b << std::endl;
}
