// ojval.h: a single-header library for strict input validators in C++, written for ojpack packages.
// The same contract as ojval.py (read its docstring for the whole story):
//
//   validate [--features] NAME=LO..HI ... < input        exit 42 valid, 43 invalid, 2 usage error
//
// - every read_* is strict: integers without '+' or leading zeros, single spaces, "\n" line ends, nothing
//   after the last line; a failure prints one line, `line L, column C: expected n in [1, 200000], found 0`,
//   and exits 43;
// - --features: a valid input also prints one JSON object on stdout, which ojpack checks against `coverage:`:
//   {"values": {}, "features": ["n=min", ...], "classes": {"name": count}}. read_int("n") records n=min /
//   n=max by itself when a value is at a bound's end; add_class("sorted") counts a class you name.
// - judges that pass no arguments (UOJ) compile with -DBUILTIN_BOUNDS="\"n=1..10 a=0..9\"" (ojpack's UOJ
//   export does it for you) and may remap the exit codes with -DVALID_EXIT=0 -DINVALID_EXIT=1.
//
// Only C headers, on purpose: a validator compiles in a fraction of a second, and ojpack compiles it on every
// cold build.
//
//   #include "ojval.h"
//   int main(int argc, char** argv) {
//       ojval::init(argc, argv);
//       long long n = ojval::read_int("n"); ojval::read_eol();
//       ...
//       ojval::finish();   // checks end of file, prints --features, exits 42
//   }
#pragma once
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#ifndef VALID_EXIT
#define VALID_EXIT 42
#endif
#ifndef INVALID_EXIT
#define INVALID_EXIT 43
#endif

namespace ojval {

const int MAX_BOUNDS = 32, MAX_NAME = 32, MAX_CLASSES = 32;
struct Bound { char name[MAX_NAME]; long long lo, hi; bool hit_min, hit_max; };
struct Class { char name[MAX_NAME]; long long count; };

static Bound bounds[MAX_BOUNDS];
static int n_bounds = 0;
static Class classes[MAX_CLASSES];
static int n_classes = 0;
static bool want_features = false;
static char* data = nullptr;
static size_t size = 0, pos = 0;

[[noreturn]] static void usage(const char* why, const char* arg) {
    std::fprintf(stderr, "usage: validate [--features] NAME=LO..HI ... < input: %s %s\n", why, arg);
    std::exit(2);
}

static void where(char* out, size_t n) {
    long line = 1, column = 1;
    for (size_t i = 0; i < pos; i++) {
        if (data[i] == '\n') { line++; column = 1; } else { column++; }
    }
    std::snprintf(out, n, "line %ld, column %ld", line, column);
}

static void found(char* out, size_t n) {
    if (pos >= size) { std::snprintf(out, n, "end of file"); return; }
    unsigned char c = (unsigned char)data[pos];
    if (c == '\n') std::snprintf(out, n, "end of line");
    else if (c >= 32 && c < 127) std::snprintf(out, n, "'%c'", c);
    else if (c == '\r') std::snprintf(out, n, "'\\r'");
    else if (c == '\t') std::snprintf(out, n, "'\\t'");
    else std::snprintf(out, n, "byte 0x%02X", c);
}

// Reject the input: `line L, column C: <message>`.
[[noreturn]] static void fail(const char* format, ...) {
    char at[64];
    where(at, sizeof at);
    std::fprintf(stderr, "%s: ", at);
    va_list args;
    va_start(args, format);
    std::vfprintf(stderr, format, args);
    va_end(args);
    std::fputc('\n', stderr);
    std::exit(INVALID_EXIT);
}

[[noreturn]] static void expected(const char* what) {
    char f[32];
    found(f, sizeof f);
    fail("expected %s, found %s", what, f);
}

static Bound* find_bound(const char* name) {
    for (int i = 0; i < n_bounds; i++)
        if (std::strcmp(bounds[i].name, name) == 0) return &bounds[i];
    return nullptr;
}

static void parse_bound(const char* arg) {
    const char* eq = std::strchr(arg, '=');
    if (!eq || eq == arg || eq - arg >= MAX_NAME || n_bounds == MAX_BOUNDS) usage("bad argument", arg);
    Bound b{};
    std::memcpy(b.name, arg, eq - arg);
    char* end = nullptr;
    b.lo = std::strtoll(eq + 1, &end, 10);
    if (end == eq + 1 || std::strncmp(end, "..", 2) != 0) usage("bad argument (expected NAME=LO..HI)", arg);
    const char* hi = end + 2;
    b.hi = std::strtoll(hi, &end, 10);
    if (end == hi || *end) usage("bad argument (expected NAME=LO..HI)", arg);
    bounds[n_bounds++] = b;
}

// Read the command line (or BUILTIN_BOUNDS) and the whole of stdin.
static void init(int argc, char** argv) {
    int given = 0;
    for (int i = 1; i < argc; i++) {
        if (std::strcmp(argv[i], "--features") == 0) want_features = true;
        else { parse_bound(argv[i]); given++; }
    }
#ifdef BUILTIN_BOUNDS
    static char builtin[] = BUILTIN_BOUNDS;
    if (given == 0)
        for (char* w = std::strtok(builtin, " "); w; w = std::strtok(nullptr, " ")) parse_bound(w);
#endif
    size_t cap = 1 << 16;
    data = (char*)std::malloc(cap);
    for (size_t got; data && (got = std::fread(data + size, 1, cap - size, stdin)) > 0;) {
        size += got;
        if (size == cap) data = (char*)std::realloc(data, cap *= 2);
    }
    if (!data) { std::fputs("validator: out of memory reading the input\n", stderr); std::exit(1); }
}

// An integer in [lo, hi] (no '+', no leading zeros, no "-0"), named in messages.
static long long read_int(const char* name, long long lo, long long hi) {
    size_t start = pos, digits = pos + (pos < size && data[pos] == '-');
    size_t end = digits;
    while (end < size && data[end] >= '0' && data[end] <= '9') end++;
    char what[80];
    std::snprintf(what, sizeof what, "an integer %s", name);
    if (end == digits) { pos = digits; expected(what); }
    if (data[digits] == '0' && (end - digits > 1 || digits > start)) { pos = digits + 1; expected("no leading zero"); }
    unsigned long long magnitude = 0;
    bool huge = false;   // beyond what a long long holds: out of any range, quoted as written
    for (size_t i = digits; i < end; i++) {
        huge |= magnitude > (~0ULL - 9) / 10;
        magnitude = magnitude * 10 + (unsigned long long)(data[i] - '0');
    }
    huge |= magnitude > (unsigned long long)9223372036854775807LL;
    long long v = digits > start ? -(long long)magnitude : (long long)magnitude;
    if (huge || v < lo || v > hi) {
        pos = start;
        fail("expected %s in [%lld, %lld], found %.*s", name, lo, hi, (int)(end - start), data + start);
    }
    pos = end;
    return v;
}

// An integer within the bound NAME given on the command line; records NAME=min / NAME=max when it hits one.
static long long read_int(const char* name) {
    Bound* b = find_bound(name);
    if (!b) { std::fprintf(stderr, "validator bug: no bound %s=LO..HI on the command line\n", name); std::exit(2); }
    long long v = read_int(name, b->lo, b->hi);
    b->hit_min |= v == b->lo;
    b->hit_max |= v == b->hi;
    return v;
}

static void read_byte(char c, const char* what) {
    if (pos >= size || data[pos] != c) expected(what);
    pos++;
}
static void read_space() { read_byte(' ', "a single space"); }
static void read_eol() { read_byte('\n', "end of line"); }
static void read_eof() { if (pos != size) expected("end of file"); }

// Count one input of a class you name (coverage.classes in problem.yaml).
static void add_class(const char* name, long long count = 1) {
    for (int i = 0; i < n_classes; i++)
        if (std::strcmp(classes[i].name, name) == 0) { classes[i].count += count; return; }
    if (n_classes == MAX_CLASSES) return;
    std::snprintf(classes[n_classes].name, MAX_NAME, "%s", name);
    classes[n_classes++].count = count;
}

// The input was read whole: check end of file, print the --features JSON if asked, exit valid.
[[noreturn]] static void finish() {
    read_eof();
    if (want_features) {
        std::printf("{\"values\": {}, \"features\": [");
        const char* sep = "";
        for (int i = 0; i < n_bounds; i++) {
            if (bounds[i].hit_min) { std::printf("%s\"%s=min\"", sep, bounds[i].name); sep = ", "; }
            if (bounds[i].hit_max) { std::printf("%s\"%s=max\"", sep, bounds[i].name); sep = ", "; }
        }
        std::printf("], \"classes\": {");
        for (int i = 0; i < n_classes; i++) std::printf("%s\"%s\": %lld", i ? ", " : "", classes[i].name, classes[i].count);
        std::printf("}}\n");
    }
    std::exit(VALID_EXIT);
}

}  // namespace ojval
