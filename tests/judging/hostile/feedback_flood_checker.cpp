// A hostile Kattis-convention checker: 100 files of 10 MiB each into its feedback folder (each one under
// any per-file output limit), ignoring every failed write, then it accepts.
#include <cstdio>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    if (argc < 4) return 1;
    std::vector<char> block(1 << 20, 'x');
    for (int i = 0; i < 100; i++) {
        std::FILE* f = std::fopen((std::string(argv[3]) + "flood" + std::to_string(i)).c_str(), "wb");
        if (!f) continue;
        for (int mib = 0; mib < 10; mib++) std::fwrite(block.data(), 1, block.size(), f);
        std::fclose(f);
    }
    return 42;
}
