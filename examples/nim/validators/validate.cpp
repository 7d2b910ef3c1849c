// C++ port of validate.py for the Nim template, for judges that compile their validators (UOJ).
// Same contract: argv NAME=LO..HI for T, n, a (or built in with -DBUILTIN_BOUNDS), exit 42/43 (remappable
// with -DVALID_EXIT / -DINVALID_EXIT), one message on stderr. It reads line by line like the Python one.
#include <cstdio>
#include <iostream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>
#ifndef VALID_EXIT
#define VALID_EXIT 42
#endif
#ifndef INVALID_EXIT
#define INVALID_EXIT 43
#endif

typedef std::map<std::string, std::pair<long long, long long> > Bounds;

static int fail(const std::string& msg) {
    std::cerr << msg << "\n";
    return INVALID_EXIT;
}

// Splits one line into numbers; returns the 1-based column of the first bad byte, or 0.
static size_t numbers(const std::string& line, std::vector<long long>& out) {
    size_t i = 0;
    for (;;) {
        size_t start = i;
        while (i < line.size() && isdigit((unsigned char)line[i])) i++;
        if (i == start || (i - start > 1 && line[start] == '0') || i - start > 12) return (i == start ? i : start) + 1;
        out.push_back(std::stoll(line.substr(start, i - start)));
        if (i == line.size()) return 0;
        if (line[i] != ' ') return i + 1;
        i++;
    }
}

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
#ifdef BUILTIN_BOUNDS
    if (args.empty()) {
        std::istringstream in(BUILTIN_BOUNDS);
        args.assign(std::istream_iterator<std::string>(in), std::istream_iterator<std::string>());
    }
#endif
    Bounds b;
    for (const std::string& a : args) {
        long long lo, hi;
        char name[16];
        if (a == "--features") continue;  // features are the Python validator's job
        if (sscanf(a.c_str(), "%15[A-Za-z_]=%lld..%lld", name, &lo, &hi) != 3) {
            std::cerr << "usage: validate [--features] T=LO..HI n=LO..HI a=LO..HI (bad argument " << a << ")\n";
            return 2;
        }
        b[name] = std::make_pair(lo, hi);
    }
    if (!b.count("T") || !b.count("n") || !b.count("a")) {
        std::cerr << "usage: validate needs the bounds T, n and a\n";
        return 2;
    }
    std::string data((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
    if (data.empty() || data.back() != '\n') return fail("expected end of line, found end of file");
    std::vector<std::string> lines;
    for (size_t s = 0, e; s < data.size(); s = e + 1) lines.push_back(data.substr(s, (e = data.find('\n', s)) - s));
    size_t next = 0;
    auto take = [&](const std::string& name, long long count, std::vector<long long>& v) -> std::string {
        size_t no = next + 1;
        if (next >= lines.size()) return "line " + std::to_string(no) + ", column 1: expected the line with " + name + ", found end of file";
        size_t bad = numbers(lines[next++], v);
        if (bad) return "line " + std::to_string(no) + ", column " + std::to_string(bad) + ": expected a digit, a single space or end of line";
        if ((long long)v.size() != count) return "line " + std::to_string(no) + ", column 1: expected " + std::to_string(count) + " values of " + name + ", found " + std::to_string(v.size());
        for (long long x : v)
            if (x < b[name].first || x > b[name].second)
                return "line " + std::to_string(no) + ", column 1: expected " + name + " in [" + std::to_string(b[name].first) + ", " + std::to_string(b[name].second) + "], found " + std::to_string(x);
        return "";
    };
    std::vector<long long> t;
    std::string err = take("T", 1, t);
    if (!err.empty()) return fail(err);
    for (long long g = 0; g < t[0]; g++) {
        std::vector<long long> n, piles;
        if (!(err = take("n", 1, n)).empty() || !(err = take("a", n[0], piles)).empty()) return fail(err);
    }
    if (next != lines.size()) return fail("line " + std::to_string(next + 1) + ", column 1: expected end of file after " + std::to_string(t[0]) + " games, found more lines");
    return VALID_EXIT;
}
