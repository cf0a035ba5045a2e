// A minimal stand-in for testlib.h, written for the runner's tests: the few calls the test
// package's checker, validator and generator make, with testlib's exit codes (0 ok, 1 wa, 2 pe,
// 3 fail). Real packages bring the real testlib.h; the runner ships none.
#pragma once
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string>

enum TResult { _ok = 0, _wa = 1, _pe = 2, _fail = 3 };

inline void quitf(TResult r, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    std::vfprintf(stderr, fmt, ap);
    va_end(ap);
    std::fputc('\n', stderr);
    std::exit(r);
}

struct InStream {
    FILE *f = nullptr;
    TResult eof_result = _fail;
    bool strict = false;
    int peek() { int c = std::getc(f); if (c != EOF) std::ungetc(c, f); return c; }
    long long readLong(long long lo, long long hi, const char *name) {
        if (!strict) while (peek() == ' ' || peek() == '\n' || peek() == '\r' || peek() == '\t') std::getc(f);
        if (peek() == EOF) quitf(eof_result, "unexpected end of file reading %s", name);
        std::string s;
        while (peek() == '-' || (peek() >= '0' && peek() <= '9')) s += (char)std::getc(f);
        if (s.empty() || s == "-" || (s.size() > 1 && s[0] == '0'))
            quitf(strict ? _fail : _pe, "%s: expected an integer", name);
        long long v = std::atoll(s.c_str());
        if (v < lo || v > hi) quitf(strict ? _fail : _wa, "%s = %lld is out of [%lld, %lld]", name, v, lo, hi);
        return v;
    }
    int readInt(int lo, int hi, const char *name) { return (int)readLong(lo, hi, name); }
    void expect(int c, const char *what) { if (std::getc(f) != c) quitf(_fail, "expected %s", what); }
    void readSpace() { expect(' ', "a space"); }
    void readEoln() { expect('\n', "end of line"); }
    void readEof() {
        if (!strict) while (peek() == ' ' || peek() == '\n' || peek() == '\r') std::getc(f);
        if (peek() != EOF) quitf(strict ? _fail : _pe, "extra data at the end");
    }
};

inline InStream inf, ouf, ans;

inline void registerTestlibCmd(int argc, char *argv[]) {
    if (argc < 4) quitf(_fail, "usage: checker input output answer");
    inf.f = std::fopen(argv[1], "r");
    ouf.f = std::fopen(argv[2], "r");
    ans.f = std::fopen(argv[3], "r");
    if (!inf.f || !ouf.f || !ans.f) quitf(_fail, "cannot open the files");
    ouf.eof_result = _pe;
}

inline void registerValidation(int, char *[]) {
    inf.f = stdin;
    inf.strict = true;
}
