// ojpack's token checker for judges whose built-in comparison differs from ojpack's: the output's
// whitespace-separated tokens must equal the answer's (case-sensitive unless CASE_SENSITIVE is 0); with a
// tolerance (FLOAT_ABSOLUTE or FLOAT_RELATIVE not -1), an answer token that is a whole finite number
// matches an output number within either tolerance; with SPACE_CHANGE_SENSITIVE the whitespace must be
// the same too. Whitespace is what C's isspace() takes in the "C" locale (space \t \n \v \f \r), the
// same bytes as Python's bytes.split() that `ojpack judge` uses. No testlib.h (the judge needs none).
//
// The exporter puts these #defines above this text:
//   CASE_SENSITIVE 1|0, SPACE_CHANGE_SENSITIVE 1|0, FLOAT_ABSOLUTE x, FLOAT_RELATIVE x (-1: not applied)
//   PROTOCOL_TESTLIB  checker input output answer; exit 0 ok, 1 wrong answer, 3 fail; testlib's
//                     message on stderr ("ok ...", "wrong answer ...", "FAIL ...")
//   PROTOCOL_CMS      checker input answer output; score 1.0 or 0.0 on stdout, message on stderr
//                     (CMS translates "translate:success" / "translate:wrong"), exit 0; else a judge error
//   PROTOCOL_QDUOJ    spj input output; exit 0 accepted, 1 wrong answer, 2 judge error. QDUOJ never
//                     passes the answer, so the exporter puts the answers above this text, looked up by
//                     the input's FNV-1a hash (embedded_answer(input_path) returns it as a FILE*).
// Plain C++14 (QDUOJ compiles special judges with -std=c++14).
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

struct Reader {
    FILE* f;
    std::string space;   // the whitespace read before the last token (or before the end)
    bool next(std::string& tok) {
        tok.clear();
        space.clear();
        int c;
        while ((c = std::fgetc(f)) != EOF && std::isspace(c)) space.push_back(static_cast<char>(c));
        if (c == EOF) return false;
        do tok.push_back(static_cast<char>(c));
        while ((c = std::fgetc(f)) != EOF && !std::isspace(c));
        if (c != EOF) std::ungetc(c, f);   // the whitespace after the token belongs to the next one
        return true;
    }
};

// a whole finite number as Kattis' default validator reads one (sscanf %lf, nothing after it)
bool number(const std::string& t, double& value) {
    char trash[20];
    return std::sscanf(t.c_str(), "%lf%10s", &value, trash) == 1 && std::isfinite(value);
}

// a: the output's token, b: the answer's
bool same(const std::string& a, const std::string& b) {
    double want, got;
    if ((FLOAT_ABSOLUTE >= 0 || FLOAT_RELATIVE >= 0) && number(b, want)) {
        if (!number(a, got)) return false;
        double diff = std::fabs(want - got);
        return diff <= FLOAT_ABSOLUTE || diff <= FLOAT_RELATIVE * std::fabs(want);
    }
    if (CASE_SENSITIVE) return a == b;
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

std::string shown(const std::string& t) {
    return "'" + (t.size() > 40 ? t.substr(0, 40) + "..." : t) + "'";
}

[[noreturn]] void finish(bool ok, const std::string& message) {
#if defined(PROTOCOL_TESTLIB)
    std::fprintf(stderr, "%s %s\n", ok ? "ok" : "wrong answer", message.c_str());
    std::exit(ok ? 0 : 1);
#elif defined(PROTOCOL_CMS)
    std::printf("%s\n", ok ? "1.0" : "0.0");
    std::fprintf(stderr, "%s\n", ok ? "translate:success" : "translate:wrong");
    std::exit(0);
#elif defined(PROTOCOL_QDUOJ)
    std::fprintf(stderr, "%s\n", message.c_str());
    std::exit(ok ? 0 : 1);
#else
#error "define PROTOCOL_TESTLIB, PROTOCOL_CMS or PROTOCOL_QDUOJ"
#endif
}

[[noreturn]] void fail(const std::string& message) {
#if defined(PROTOCOL_TESTLIB)
    std::fprintf(stderr, "FAIL %s\n", message.c_str());
    std::exit(3);
#else
    std::fprintf(stderr, "%s\n", message.c_str());
    std::exit(2);
#endif
}

}  // namespace

int main(int argc, char** argv) {
#if defined(PROTOCOL_QDUOJ)
    if (argc < 3) fail("usage: spj input output");
    const char* output_path = argv[2];
    Reader ans{embedded_answer(argv[1])};
    if (!ans.f) fail(std::string("no answer is known for the input ") + argv[1]);
#else
    if (argc < 4) fail("usage: checker input output answer");
#if defined(PROTOCOL_CMS)
    const char* answer_path = argv[2];
    const char* output_path = argv[3];
#else
    const char* output_path = argv[2];
    const char* answer_path = argv[3];
#endif
    Reader ans{std::fopen(answer_path, "rb")};
    if (!ans.f) fail(std::string("cannot open the answer ") + answer_path);
#endif
    Reader out{std::fopen(output_path, "rb")};
    if (!out.f) fail(std::string("cannot open the output ") + output_path);
    std::string got, want;
    for (long n = 1;; ++n) {
        bool has_want = ans.next(want), has_got = out.next(got);
        if (SPACE_CHANGE_SENSITIVE && ans.space != out.space)
            finish(false, "the whitespace before token " + std::to_string(n) + " differs from the answer's");
        if (!has_want && !has_got) finish(true, std::to_string(n - 1) + " tokens");
        if (!has_got) finish(false, "output ends after " + std::to_string(n - 1) + " tokens; expected " + shown(want));
        if (!has_want) finish(false, "extra output after " + std::to_string(n - 1) + " tokens: " + shown(got));
        if (!same(got, want))
            finish(false, "token " + std::to_string(n) + ": expected " + shown(want) + ", found " + shown(got));
    }
}
