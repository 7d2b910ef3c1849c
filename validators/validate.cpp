// Strict input validator for John's game: a C++ port of validate.py (same argv, exit codes and messages).
//
// Usage: validate [--features] T=LO..HI n=LO..HI a=LO..HI < input
// Exit 42 valid, 43 invalid (one line on stderr: `line L, column C: expected ..., found ...`), 2 on a usage
// error. With --features, a valid input also prints one JSON object on stdout.
// Judges that cannot pass arguments (UOJ) compile it with -DBUILTIN_BOUNDS="\"T=1..500 ...\"" and may
// remap the exit codes with -DVALID_EXIT=0 -DINVALID_EXIT=1; tests cross-check it against validate.py.
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#ifndef VALID_EXIT
#define VALID_EXIT 42
#endif
#ifndef INVALID_EXIT
#define INVALID_EXIT 43
#endif
static const int USAGE_EXIT = 2;
static const char* NAMES[] = {"T", "n", "a"};
static const char* CLASSES[] = {"S0", "T0", "S1", "S2", "T2"};
// Games above this count overflow an 8-bit counter; a file past it catches such solutions.
static const long long BYTE_COUNTER = 255;

struct Invalid {
    std::string message;
};

static std::string plural(long long k, const std::string& noun) {
    return std::to_string(k) + " " + noun + (k == 1 ? "" : "s");
}

// Python's repr() of a one-character string, for the characters show() can meet.
static std::string repr_char(unsigned char b) {
    if (b == '\t') return "'\\t'";
    if (b == '\r') return "'\\r'";
    if (b == '\'') return "\"'\"";
    if (b == '\\') return "'\\\\'";
    return std::string("'") + char(b) + "'";
}

struct Reader {
    const std::string& data;
    size_t pos = 0, line_start = 0;
    long long line = 1;

    explicit Reader(const std::string& d) : data(d) {}

    std::string show(size_t at) const {
        if (at >= data.size()) return "end of file";
        if (at == 0 && data.compare(0, 3, "\xef\xbb\xbf") == 0) return "a UTF-8 byte-order mark";
        unsigned char b = data[at];
        if (b == '\n') return "end of line";
        if ((b >= 0x20 && b < 0x7F) || b == '\t' || b == '\r') return repr_char(b);
        char buf[16];
        std::snprintf(buf, sizeof buf, "byte 0x%02X", b);
        return buf;
    }

    Invalid fail(const std::string& expected, const std::string* found = nullptr) const {
        return Invalid{"line " + std::to_string(line) + ", column " + std::to_string(pos - line_start + 1) +
                       ": expected " + expected + ", found " + (found ? *found : show(pos))};
    }

    long long number(const std::string& name, const std::string& what, long long lo, long long hi) {
        size_t end = pos;
        while (end < data.size() && data[end] >= '0' && data[end] <= '9') ++end;
        if (end == pos) throw fail(what);
        std::string token = data.substr(pos, end - pos);
        if (token.size() > 1 && token[0] == '0') {
            std::string found = "'" + token + "'";
            throw fail(what + " without leading zeros", &found);
        }
        bool too_long = token.size() > std::to_string(hi).size();
        long long value = too_long ? hi + 1 : std::stoll(token);
        if (value < lo || value > hi) {
            std::string shown = token.size() <= 30 ? token : "a " + std::to_string(token.size()) + "-digit number";
            throw fail(name + " in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]", &shown);
        }
        pos = end;
        return value;
    }

    void space(const std::string& what) {
        if (pos >= data.size() || data[pos] != ' ') throw fail(what);
        ++pos;
    }

    void newline(const std::string& what) {
        if (pos >= data.size() || data[pos] != '\n') throw fail(what);
        ++pos;
        ++line;
        line_start = pos;
    }
};

struct Summary {
    long long T = 0, max_n = 0, max_a = 0;
    std::vector<std::string> features;
    std::map<std::string, long long> classes;
};

static std::string position_class(const std::vector<long long>& piles) {
    int rich = 0;
    long long x = 0;
    for (long long p : piles) {
        rich += p >= 2;
        x ^= p;
    }
    if (rich == 0) return x ? "S0" : "T0";
    if (rich == 1) return "S1";
    return x ? "S2" : "T2";
}

typedef std::map<std::string, std::pair<long long, long long>> Bounds;

static Summary check(const std::string& data, const Bounds& bounds) {
    Reader r(data);
    long long t_lo = bounds.at("T").first, t_hi = bounds.at("T").second;
    long long n_lo = bounds.at("n").first, n_hi = bounds.at("n").second;
    long long a_lo = bounds.at("a").first, a_hi = bounds.at("a").second;
    Summary s;
    for (const char* c : CLASSES) s.classes[c] = 0;
    s.T = r.number("T", "T (the number of games)", t_lo, t_hi);
    r.newline("end of line after T");
    long long min_n = n_hi + 1, min_a = a_hi + 1;
    for (long long game = 1; game <= s.T; ++game) {
        std::string g = std::to_string(game);
        long long n = r.number("n", "n (the pile count of game " + g + " of " + std::to_string(s.T) + ")", n_lo, n_hi);
        r.newline("end of line after n of game " + g);
        std::vector<long long> piles;
        std::string ns = std::to_string(n);
        for (long long i = 1; i <= n; ++i) {
            piles.push_back(r.number("a", "a (pile " + std::to_string(i) + " of " + ns + " in game " + g + ")", a_lo, a_hi));
            if (i < n) r.space("a space before pile " + std::to_string(i + 1) + " of " + ns);
        }
        r.newline("end of line after " + plural(n, "pile"));
        s.classes[position_class(piles)] += 1;
        if (n > s.max_n) s.max_n = n;
        if (n < min_n) min_n = n;
        for (long long p : piles) {
            if (p > s.max_a) s.max_a = p;
            if (p < min_a) min_a = p;
        }
    }
    if (r.pos != data.size()) throw r.fail("end of file after " + plural(s.T, "game"));
    const std::pair<std::string, bool> hits[] = {
        {"T=min", s.T == t_lo}, {"T=max", s.T == t_hi}, {"T>" + std::to_string(BYTE_COUNTER), s.T > BYTE_COUNTER},
        {"n=min", min_n == n_lo}, {"n=max", s.max_n == n_hi}, {"a=min", min_a == a_lo}, {"a=max", s.max_a == a_hi}};
    for (const auto& h : hits)
        if (h.second) s.features.push_back(h.first);
    return s;
}

// Mirrors validate.py's json.dumps(): ", " and ": " separators, keys in insertion order.
static std::string as_json(const Summary& s) {
    std::string o = "{\"values\": {\"T\": " + std::to_string(s.T) + ", \"max_n\": " + std::to_string(s.max_n) +
                    ", \"max_a\": " + std::to_string(s.max_a) + "}, \"features\": [";
    for (size_t i = 0; i < s.features.size(); ++i) o += (i ? ", \"" : "\"") + s.features[i] + '"';
    o += "], \"classes\": {";
    for (int i = 0; i < 5; ++i)
        o += (i ? ", \"" : "\"") + std::string(CLASSES[i]) + "\": " + std::to_string(s.classes.at(CLASSES[i]));
    return o + "}}";
}

static bool parse_int(const std::string& s, long long& out) {
    size_t i = s[0] == '-' ? 1 : 0;
    if (i >= s.size() || s.size() - i > 18) return false;
    for (size_t j = i; j < s.size(); ++j)
        if (s[j] < '0' || s[j] > '9') return false;
    out = std::stoll(s);
    return true;
}

static std::string parse_args(std::vector<std::string> args, Bounds& bounds, bool& features) {
    std::vector<std::string> rest;
    for (const auto& a : args) {
        if (a == "--features") features = true;
        else rest.push_back(a);
    }
#ifdef BUILTIN_BOUNDS
    if (rest.empty()) {
        std::string word;
        for (const char* c = BUILTIN_BOUNDS;; ++c) {
            if (*c && *c != ' ') { word += *c; continue; }
            if (!word.empty()) rest.push_back(word);
            word.clear();
            if (!*c) break;
        }
    }
#endif
    for (const auto& arg : rest) {
        size_t eq = arg.find('='), dots = arg.find("..", eq == std::string::npos ? 0 : eq);
        long long lo, hi;
        bool ok = eq != std::string::npos && eq > 0 && dots != std::string::npos &&
                  parse_int(arg.substr(eq + 1, dots - eq - 1), lo) && parse_int(arg.substr(dots + 2), hi);
        std::string name = ok ? arg.substr(0, eq) : "";
        for (char c : name) ok = ok && (c == '_' || std::isalnum((unsigned char)c));
        if (!ok || std::isdigit((unsigned char)name[0]))
            return "cannot read argument '" + arg + "': expected NAME=LO..HI or --features";
        if (name != "T" && name != "n" && name != "a")
            return "unknown bound '" + name + "': this validator takes T, n, a";
        if (bounds.count(name)) return "bound " + name + " given twice";
        if (lo > hi) return "bound " + name + ": " + std::to_string(lo) + " is greater than " + std::to_string(hi);
        bounds[name] = {lo, hi};
    }
    std::string missing;
    for (const char* k : NAMES)
        if (!bounds.count(k)) missing += (missing.empty() ? "" : ", ") + std::string(k);
    return missing.empty() ? "" : "missing bound(s) " + missing;
}

int main(int argc, char** argv) {
    Bounds bounds;
    bool features = false;
    std::string usage = parse_args(std::vector<std::string>(argv + 1, argv + argc), bounds, features);
    if (!usage.empty()) {
        std::fprintf(stderr, "usage: validate [--features] T=LO..HI n=LO..HI a=LO..HI < input\nerror: %s\n", usage.c_str());
        return USAGE_EXIT;
    }
    std::string data;
    char buf[1 << 16];
    for (size_t got; (got = std::fread(buf, 1, sizeof buf, stdin)) > 0;) data.append(buf, got);
    try {
        Summary s = check(data, bounds);
        if (features) std::printf("%s\n", as_json(s).c_str());
    } catch (const Invalid& e) {
        std::fprintf(stderr, "%s\n", e.message.c_str());
        return INVALID_EXIT;
    }
    return VALID_EXIT;
}
