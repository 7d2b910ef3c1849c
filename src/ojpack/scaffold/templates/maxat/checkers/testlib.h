// ojpack's own small stand-in for testlib.h (written for `ojpack new --checker`, not a copy of testlib):
// the part of testlib's checker API that checkers/chk.cpp uses, with testlib's exit codes and messages, so
// the checker compiles here and, unchanged, with the real testlib.h that judges such as Hydro, Luogu and UOJ
// bring. To use more of testlib (readDouble with a precision, readLine, strict mode, rnd, ...), put the
// real testlib.h (github.com/MikeMirzayanov/testlib) in place of this file: ojpack compiles the checker with
// the testlib.h beside it.
//
//   checker input output answer   ->  exit 0 ok, 1 wrong answer, 2 wrong output format, 3 fail (the
//                                     checker's or the jury's fault), the verdict and message on stderr
// inf: the input, ouf: the contestant's output, ans: the jury's answer. Reading the output past its end or
// a malformed token is a wrong output format; a value outside the range asked for is a wrong answer. The
// same mistake in the input or the answer is a failure. quitf(_ok, ...) with tokens left in the output is
// a wrong output format, as in testlib.
#ifndef OJPACK_MINI_TESTLIB_H
#define OJPACK_MINI_TESTLIB_H

#include <cerrno>
#include <climits>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3 };

[[noreturn]] void quit(TResult result, const std::string& message);

#ifdef __GNUC__
__attribute__((format(printf, 2, 3)))
#endif
[[noreturn]] inline void quitf(TResult result, const char* format, ...) {
    char buf[4096];
    va_list args;
    va_start(args, format);
    std::vsnprintf(buf, sizeof buf, format, args);
    va_end(args);
    quit(result, buf);
}

enum TMode { _input, _output, _answer };

struct InStream {
    std::string data;
    size_t pos = 0;
    TMode mode = _input;

    void init(const char* path, TMode m) {
        mode = m;
        FILE* f = std::fopen(path, "rb");
        if (!f) quitf(_fail, "cannot open %s", path);
        char buf[1 << 16];
        size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) data.append(buf, n);
        std::fclose(f);
    }

    // A mistake in the contestant's output is theirs (wrong format / wrong answer); in the input or the
    // jury's answer it is the checker's failure.
    TResult fault(TResult theirs) const { return mode == _output ? theirs : _fail; }
    const char* who() const { return mode == _input ? "input" : mode == _output ? "output" : "answer"; }

    static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

    bool seekEof() {
        while (pos < data.size() && blank(data[pos])) pos++;
        return pos >= data.size();
    }
    bool eof() const { return pos >= data.size(); }

    std::string readToken() {
        if (seekEof()) quitf(fault(_pe), "unexpected end of file in the %s: expected a token", who());
        size_t start = pos;
        while (pos < data.size() && !blank(data[pos])) pos++;
        return data.substr(start, pos - start);
    }
    std::string readWord() { return readToken(); }

    long long readLong() {
        std::string t = readToken();
        size_t digits = t[0] == '-' ? 1 : 0;
        bool ok = t.size() > digits && t.size() - digits <= 19;
        for (size_t i = digits; ok && i < t.size(); i++) ok = t[i] >= '0' && t[i] <= '9';
        if (ok) {
            errno = 0;
            char* end = nullptr;
            long long v = std::strtoll(t.c_str(), &end, 10);
            if (errno == 0 && *end == '\0') return v;
        }
        quitf(fault(_pe), "expected an integer in the %s, found \"%.40s\"", who(), t.c_str());
        return 0;
    }
    long long readLong(long long lo, long long hi, const std::string& name = "") {
        long long v = readLong();
        if (v < lo || v > hi)
            quitf(fault(_wa), "%s = %lld violates the range [%lld, %lld]", name.empty() ? "integer" : name.c_str(),
                  v, lo, hi);
        return v;
    }
    int readInt() { return static_cast<int>(readLong(INT_MIN, INT_MAX)); }
    int readInt(int lo, int hi, const std::string& name = "") { return static_cast<int>(readLong(lo, hi, name)); }
    std::vector<int> readInts(int count, int lo, int hi, const std::string& name = "") {
        std::vector<int> values;
        for (int i = 0; i < count; ++i) values.push_back(readInt(lo, hi, name));
        return values;
    }

    double readDouble() {
        std::string t = readToken();
        char* end = nullptr;
        double v = std::strtod(t.c_str(), &end);
        if (t.empty() || *end != '\0') quitf(fault(_pe), "expected a number in the %s, found \"%.40s\"", who(), t.c_str());
        return v;
    }
};

static InStream inf, ouf, ans;   // one checker, one translation unit

[[noreturn]] inline void quit(TResult result, const std::string& message) {
    if (result == _ok && !ouf.seekEof()) {
        result = _pe;
        std::fprintf(stderr, "wrong output format Extra information in the output file\n");
        std::exit(result);
    }
    const char* word = result == _ok ? "ok" : result == _wa ? "wrong answer" : result == _pe ? "wrong output format" : "FAIL";
    std::fprintf(stderr, "%s %s\n", word, message.c_str());
    std::exit(result);
}

inline void ensuref(bool condition, const char* format, ...) {
    if (condition) return;
    char buf[4096];
    va_list args;
    va_start(args, format);
    std::vsnprintf(buf, sizeof buf, format, args);
    va_end(args);
    quit(_fail, buf);
}

inline void registerTestlibCmd(int argc, char* argv[]) {
    if (argc < 4) {
        std::fprintf(stderr, "FAIL usage: %s input output answer\n", argc ? argv[0] : "checker");
        std::exit(_fail);
    }
    inf.init(argv[1], _input);
    ouf.init(argv[2], _output);
    ans.init(argv[3], _answer);
}

#endif
