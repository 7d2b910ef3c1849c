// Strict input validator for John's game: a C++ port of validate.py (same argv, exit codes and messages).
//
// Usage: validate [--features] T=LO..HI n=LO..HI a=LO..HI < input
// Exit 42 valid, 43 invalid (one line on stderr: `line L, column C: expected ..., found ...`), 2 on a usage
// error. With --features, a valid input also prints one JSON object on stdout.
// Judges that cannot pass arguments (UOJ) compile it with -DBUILTIN_BOUNDS="\"T=1..500 ...\"" (used when no
// bound is given on the command line) and may remap the exit codes with -DVALID_EXIT=0 -DINVALID_EXIT=1;
// tests cross-check it against validate.py.
//
// Only C headers, on purpose: <string>/<map>/<vector> made this file take ~1.4 s to compile, and every cold
// `ojpack build` waits for it. Where the two programs differ (nothing the build ever passes):
// - bounds must have at most 18 digits, leading zeros aside (validate.py takes any size); longer ones
//   are a usage error;
// - the usage line names `validate`; non-ASCII bytes in an argument count as letters and are echoed raw
//   (Python decodes them, asks Unicode, and its repr() escapes the unprintable ones);
// - if the input does not fit in memory, or stdin cannot be read, it exits 1 with a message
//   (validate.py dies with a traceback and exit 1).
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#ifndef VALID_EXIT
#define VALID_EXIT 42
#endif
#ifndef INVALID_EXIT
#define INVALID_EXIT 43
#endif
static const int USAGE_EXIT = 2;
static const int CANNOT_READ_EXIT = 1;  // not a verdict: the input was never seen whole
// Games above this count overflow an 8-bit counter; a file past it catches such solutions.
#define BYTE_COUNTER 255
#define STR(x) #x
#define XSTR(x) STR(x)
// Every bound, hence every value read and hi + 1, stays well inside long long.
static const int MAX_BOUND_DIGITS = 18;

static const char* const NAMES[] = {"T", "n", "a"};
enum { T_BOUND, N_BOUND, A_BOUND };
static const char* const CLASSES[] = {"S0", "T0", "S1", "S2", "T2"};
enum { S0, T0, S1, S2, T2 };

// Lets g++ check every format string against its arguments.
#define PRINTF_LIKE(fmt, first) __attribute__((format(printf, fmt, first)))

static bool is_digit(int c) { return c >= '0' && c <= '9'; }

// ---------------------------------------------------------------- the input

struct Reader {
    const unsigned char* data;
    size_t len, pos, line, line_start;  // line is 1-based; a column counts bytes from line_start
};

// Rejections are written piece by piece to stderr (fully buffered, so the line leaves in one write).
static void begin_reject(const Reader* r) {
    std::fprintf(stderr, "line %zu, column %zu: expected ", r->line, r->pos - r->line_start + 1);
}

[[noreturn]] static void end_reject() {
    std::fputc('\n', stderr);
    std::exit(INVALID_EXIT);
}

// ", found <what the reader met>", in words a person can act on (validate.py's show()).
[[noreturn]] static void found_here(const Reader* r) {
    std::fputs(", found ", stderr);
    if (r->pos >= r->len) {
        std::fputs("end of file", stderr);
    } else if (r->pos == 0 && r->len >= 3 && std::memcmp(r->data, "\xef\xbb\xbf", 3) == 0) {
        std::fputs("a UTF-8 byte-order mark", stderr);
    } else {
        unsigned char b = r->data[r->pos];
        // Python's repr() of the one-character string, for the characters it shows.
        if (b == '\n') std::fputs("end of line", stderr);
        else if (b == '\t') std::fputs("'\\t'", stderr);
        else if (b == '\r') std::fputs("'\\r'", stderr);
        else if (b == '\'') std::fputs("\"'\"", stderr);
        else if (b == '\\') std::fputs("'\\\\'", stderr);
        else if (b >= 0x20 && b < 0x7F) std::fprintf(stderr, "'%c'", b);
        else std::fprintf(stderr, "byte 0x%02X", b);
    }
    end_reject();
}

// "expected <what>, found <what is at the cursor>"; `what` is a printf format.
[[noreturn]] static void PRINTF_LIKE(2, 0) vfail(const Reader* r, const char* what, va_list ap) {
    begin_reject(r);
    std::vfprintf(stderr, what, ap);
    found_here(r);
}

[[noreturn]] static void PRINTF_LIKE(2, 3) fail(const Reader* r, const char* what, ...) {
    va_list ap;
    va_start(ap, what);
    vfail(r, what, ap);
}

// Consumes the byte c (a space or a newline), or rejects with "expected <what>".
static void PRINTF_LIKE(3, 4) expect_byte(Reader* r, char c, const char* what, ...) {
    if (r->pos < r->len && r->data[r->pos] == (unsigned char)c) {
        ++r->pos;
        if (c == '\n') {
            ++r->line;
            r->line_start = r->pos;
        }
        return;
    }
    va_list ap;
    va_start(ap, what);
    vfail(r, what, ap);
}

static size_t decimal_width(long long v) {  // len(str(v)) for v >= 0
    size_t w = 1;
    for (; v >= 10; v /= 10) ++w;
    return w;
}

// Reads a number in [lo, hi]: digits only, no sign, no leading zeros. `what` (a printf format) says
// which number, for the rejection message; `name` is the bound it must respect.
static long long PRINTF_LIKE(5, 6) number(Reader* r, const char* name, long long lo, long long hi,
                                          const char* what, ...) {
    const unsigned char* token = r->data + r->pos;
    size_t len = 0;
    while (len < r->len - r->pos && is_digit(token[len])) ++len;
    if (len == 0) {
        va_list ap;
        va_start(ap, what);
        vfail(r, what, ap);
    }
    if (len > 1 && token[0] == '0') {
        va_list ap;
        va_start(ap, what);
        begin_reject(r);
        std::vfprintf(stderr, what, ap);
        std::fputs(" without leading zeros, found '", stderr);
        std::fwrite(token, 1, len, stderr);
        std::fputc('\'', stderr);
        end_reject();
    }
    // As validate.py does, a token longer than hi is out of range without being converted; a shorter
    // one has at most 18 digits, so it fits. Digits make a value >= 0, out of range when hi < 0.
    bool ok = hi >= 0 && len <= decimal_width(hi);
    long long value = 0;
    for (size_t i = 0; ok && i < len; ++i) value = value * 10 + (token[i] - '0');
    if (!ok || value < lo || value > hi) {
        begin_reject(r);
        std::fprintf(stderr, "%s in [%lld, %lld], found ", name, lo, hi);
        if (len <= 30) std::fwrite(token, 1, len, stderr);
        else std::fprintf(stderr, "a %zu-digit number", len);
        end_reject();
    }
    r->pos += len;
    return value;
}

// ---------------------------------------------------------------- the check

struct Bound {
    long long lo, hi;
    bool given;
};

struct Summary {
    long long T, max_n, max_a, min_n, min_a;
    long long classes[5];
};

// Validates the whole input; rejects (and exits) at the first flaw.
static Summary check(Reader* r, const Bound* b) {
    const long long a_lo = b[A_BOUND].lo, a_hi = b[A_BOUND].hi;
    Summary s = {};
    s.T = number(r, "T", b[T_BOUND].lo, b[T_BOUND].hi, "T (the number of games)");
    expect_byte(r, '\n', "end of line after T");
    s.min_n = b[N_BOUND].hi + 1;
    s.min_a = a_hi + 1;
    for (long long game = 1; game <= s.T; ++game) {
        long long n = number(r, "n", b[N_BOUND].lo, b[N_BOUND].hi, "n (the pile count of game %lld of %lld)",
                             game, s.T);
        expect_byte(r, '\n', "end of line after n of game %lld", game);
        // problem.md's classes: lonely pile = 1 stone, rich pile = 2 or more; S = XOR != 0, T = XOR == 0.
        long long rich = 0, x = 0;
        for (long long i = 1; i <= n; ++i) {
            long long a = number(r, "a", a_lo, a_hi, "a (pile %lld of %lld in game %lld)", i, n, game);
            rich += a >= 2;
            x ^= a;
            if (a > s.max_a) s.max_a = a;
            if (a < s.min_a) s.min_a = a;
            if (i < n) expect_byte(r, ' ', "a space before pile %lld of %lld", i + 1, n);
        }
        expect_byte(r, '\n', "end of line after %lld pile%s", n, n == 1 ? "" : "s");
        s.classes[rich == 0 ? (x ? S0 : T0) : rich == 1 ? S1 : (x ? S2 : T2)] += 1;
        if (n > s.max_n) s.max_n = n;
        if (n < s.min_n) s.min_n = n;
    }
    if (r->pos != r->len) fail(r, "end of file after %lld game%s", s.T, s.T == 1 ? "" : "s");
    return s;
}

// validate.py's json.dumps(): ", " and ": " separators, keys in insertion order.
static void print_features(const Summary* s, const Bound* b) {
    const struct {
        const char* name;
        bool hit;
    } hits[] = {{"T=min", s->T == b[T_BOUND].lo},   {"T=max", s->T == b[T_BOUND].hi},
                {"T>" XSTR(BYTE_COUNTER), s->T > BYTE_COUNTER},
                {"n=min", s->min_n == b[N_BOUND].lo}, {"n=max", s->max_n == b[N_BOUND].hi},
                {"a=min", s->min_a == b[A_BOUND].lo}, {"a=max", s->max_a == b[A_BOUND].hi}};
    std::printf("{\"values\": {\"T\": %lld, \"max_n\": %lld, \"max_a\": %lld}, \"features\": [", s->T, s->max_n,
                s->max_a);
    const char* sep = "";
    for (const auto& h : hits) {
        if (!h.hit) continue;
        std::printf("%s\"%s\"", sep, h.name);
        sep = ", ";
    }
    std::printf("], \"classes\": {");
    for (int i = 0; i < 5; ++i) std::printf("%s\"%s\": %lld", i ? ", " : "", CLASSES[i], s->classes[i]);
    std::printf("}}\n");
}

// ---------------------------------------------------------------- the arguments

static void begin_usage_error() {
    std::fputs("usage: validate [--features] T=LO..HI n=LO..HI a=LO..HI < input\nerror: ", stderr);
}

[[noreturn]] static void end_usage_error() {
    std::fputc('\n', stderr);
    std::exit(USAGE_EXIT);
}

[[noreturn]] static void PRINTF_LIKE(1, 2) usage_error(const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    begin_usage_error();
    std::vfprintf(stderr, fmt, ap);
    va_end(ap);
    end_usage_error();
}

// Python's repr() of a str: single quotes unless it holds ' and no ", escapes for the unprintable ASCII.
static void print_repr(const char* s, size_t n) {
    char quote = std::memchr(s, '\'', n) && !std::memchr(s, '"', n) ? '"' : '\'';
    std::fputc(quote, stderr);
    for (size_t i = 0; i < n; ++i) {
        unsigned char c = s[i];
        if (c == quote || c == '\\') std::fprintf(stderr, "\\%c", c);
        else if (c == '\n') std::fputs("\\n", stderr);
        else if (c == '\r') std::fputs("\\r", stderr);
        else if (c == '\t') std::fputs("\\t", stderr);
        else if (c < 0x20 || c == 0x7F) std::fprintf(stderr, "\\x%02x", c);
        else std::fputc(c, stderr);
    }
    std::fputc(quote, stderr);
}

[[noreturn]] static void cannot_read(const char* arg) {
    begin_usage_error();
    std::fputs("cannot read argument ", stderr);
    print_repr(arg, std::strlen(arg));
    std::fputs(": expected NAME=LO..HI or --features", stderr);
    end_usage_error();
}

// Skips validate.py's -?[0-9]+; NULL if it is not there.
static const char* skip_int(const char* p) {
    if (*p == '-') ++p;
    if (!is_digit(*p)) return NULL;
    while (is_digit(*p)) ++p;
    return p;
}

// The integer in [p, end) (checked by skip_int); false if it has more than MAX_BOUND_DIGITS digits.
static bool to_int(const char* p, const char* end, long long* out) {
    bool negative = *p == '-';
    p += negative;
    while (p < end - 1 && *p == '0') ++p;  // int("007") == 7
    if (end - p > MAX_BOUND_DIGITS) return false;
    long long v = 0;
    for (; p < end; ++p) v = v * 10 + (*p - '0');
    *out = negative ? -v : v;
    return true;
}

// Parses one NAME=LO..HI into bounds, or exits with validate.py's usage error.
static void parse_bound(const char* arg, Bound* bounds) {
    // validate.py's ^([A-Za-z_]\w*)=(-?[0-9]+)\.\.(-?[0-9]+)$, where $ also matches before a final newline.
    // Non-ASCII bytes count as word characters (Python's \w asks Unicode; names are ASCII anyway).
    const char* p = arg;
    unsigned char c = *p;
    if (!((c | 0x20) >= 'a' && (c | 0x20) <= 'z') && c != '_') cannot_read(arg);
    for (; (c = *p) && (((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_' || is_digit(c) || c >= 0x80); ++p) {
    }
    const char* name_end = p;
    if (*p != '=') cannot_read(arg);
    const char* lo_text = p + 1;
    const char* lo_end = skip_int(lo_text);
    if (!lo_end || std::strncmp(lo_end, "..", 2) != 0) cannot_read(arg);
    const char* hi_text = lo_end + 2;
    const char* hi_end = skip_int(hi_text);
    if (!hi_end || !(hi_end[0] == '\0' || (hi_end[0] == '\n' && hi_end[1] == '\0'))) cannot_read(arg);

    int k = 0;
    while (k < 3 && !(name_end - arg == 1 && arg[0] == NAMES[k][0])) ++k;
    if (k == 3) {
        begin_usage_error();
        std::fputs("unknown bound ", stderr);
        print_repr(arg, name_end - arg);
        std::fputs(": this validator takes T, n, a", stderr);
        end_usage_error();
    }
    Bound* b = &bounds[k];
    if (b->given) usage_error("bound %s given twice", NAMES[k]);
    if (!to_int(lo_text, lo_end, &b->lo) || !to_int(hi_text, hi_end, &b->hi))
        usage_error("bound %s: %.*s..%.*s has a value of more than %d digits (this port's limit)", NAMES[k],
                    (int)(lo_end - lo_text), lo_text, (int)(hi_end - hi_text), hi_text, MAX_BOUND_DIGITS);
    if (b->lo > b->hi) usage_error("bound %s: %lld is greater than %lld", NAMES[k], b->lo, b->hi);
    b->given = true;
}

// Fills bounds from argv (or BUILTIN_BOUNDS); returns whether --features was asked for.
static bool parse_args(int argc, char** argv, Bound* bounds) {
    bool features = false;
    int given = 0;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--features") == 0) {
            features = true;
        } else {
            parse_bound(argv[i], bounds);
            ++given;
        }
    }
#ifdef BUILTIN_BOUNDS
    static char builtin[] = BUILTIN_BOUNDS;  // a writable copy, cut into words in place
    if (given == 0)
        for (char* word = std::strtok(builtin, " "); word; word = std::strtok(NULL, " ")) parse_bound(word, bounds);
#else
    (void)given;
#endif
    const char* missing[3];
    int n_missing = 0;
    for (int k = 0; k < 3; ++k)
        if (!bounds[k].given) missing[n_missing++] = NAMES[k];
    if (n_missing) {
        begin_usage_error();
        std::fputs("missing bound(s) ", stderr);
        for (int i = 0; i < n_missing; ++i) std::fprintf(stderr, "%s%s", i ? ", " : "", missing[i]);
        end_usage_error();
    }
    return features;
}

// ---------------------------------------------------------------- main

[[noreturn]] static void cannot_read_input(const char* why) {
    std::fprintf(stderr, "validate: cannot read the input: %s\n", why);
    std::exit(CANNOT_READ_EXIT);
}

// All of stdin in one malloc'd buffer, grown by doubling: the messages need the whole file (a token may
// be any length), and there is no size limit to trust.
static unsigned char* read_all(size_t* len) {
    size_t cap = 1 << 16, n = 0;
    unsigned char* buf = (unsigned char*)std::malloc(cap);
    if (!buf) cannot_read_input("out of memory");
    for (;;) {
        n += std::fread(buf + n, 1, cap - n, stdin);
        if (n < cap) break;  // fread stops short only at end of file or on an error
        if (cap > SIZE_MAX / 2) cannot_read_input("out of memory");
        unsigned char* bigger = (unsigned char*)std::realloc(buf, cap * 2);
        if (!bigger) cannot_read_input("out of memory");
        buf = bigger;
        cap *= 2;
    }
    if (std::ferror(stdin)) cannot_read_input("read error on stdin");
    *len = n;
    return buf;
}

int main(int argc, char** argv) {
    static char stderr_buffer[1 << 12];
    std::setvbuf(stderr, stderr_buffer, _IOFBF, sizeof stderr_buffer);  // exit() flushes it
    Bound bounds[3] = {};
    bool features = parse_args(argc, argv, bounds);
    Reader r = {};
    unsigned char* input = read_all(&r.len);
    r.data = input;
    r.line = 1;
    Summary s = check(&r, bounds);
    if (features) print_features(&s, bounds);
    std::free(input);
    return VALID_EXIT;
}
