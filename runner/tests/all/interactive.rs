//! Interactive problems: every row of the verdict table (`runner/src/interactive.rs`, README
//! "Interactive problems") shown with real programs in the sandbox, a testlib-style interactor in
//! C++ (with a `testlib.h` stand-in the test brings: the runner ships none) followed by the
//! problem's checker, and a Kattis-style output validator with its feedback directory and a
//! second pass.
//!
//! The game: guess the hidden number x (1..=100, the case's input) in at most 7 guesses; the
//! interactor answers each guess with `<` (x is smaller), `>` (x is larger) or `=` and then ends.

use crate::common::*;

/// The testlib interactor of `guess`, in C: `interactor INPUT OUTPUT`; exit 0 OK, 1 WA, 2 PE,
/// 3 FAIL; it writes the number of guesses to OUTPUT.
const INTERACTOR_C: &str = r#"#include <stdio.h>
#include <stdlib.h>
static void quit(int code, const char *msg) { fprintf(stderr, "%s\n", msg); exit(code); }
int main(int argc, char **argv) {
    if (argc < 3) quit(3, "FAIL usage: interactor INPUT OUTPUT");
    FILE *in = fopen(argv[1], "r");
    int x;
    if (!in || fscanf(in, "%d", &x) != 1 || x < 1 || x > 100) quit(3, "FAIL bad test input");
    for (int n = 1; n <= 7; n++) {
        int g;
        int r = scanf("%d", &g);
        if (r == EOF) quit(1, "wrong answer the solution stopped guessing");
        if (r != 1) quit(2, "wrong output format expected a number");
        if (g == x) {
            printf("=\n");
            fflush(stdout);
            FILE *out = fopen(argv[2], "w");
            if (!out) quit(3, "FAIL cannot write OUTPUT");
            fprintf(out, "%d\n", n);
            fclose(out);
            quit(0, "ok guessed");
        }
        printf(g > x ? "<\n" : ">\n");
        fflush(stdout);
    }
    quit(1, "wrong answer no guess left");
}
"#;

/// A workspace with problem `guess` (testlib convention, the C interactor above), 1000 ms.
fn guess() -> Ws {
    let ws = Ws::empty();
    ws.write(
        "problems/guess/problem.toml",
        "title = \"Guess\"\njudge = \"local\"\ntime_limit_ms = 1000\nmemory_limit_kib = 65536\n\
         interactive = true\n",
    );
    ws.write("problems/guess/interactor.c", INTERACTOR_C);
    ws.write(
        "fixtures/guess.toml",
        "[[case]]\nname = \"x37\"\nsource = \"hand\"\ninput = \"37\\n\"\n",
    );
    ws
}

/// Judges the C program `source` on `slug` (JSON records), the verdict and detail of its one
/// case, and the whole record.
fn play(ws: &Ws, slug: &str, name: &str, source: &str) -> (String, String, serde_json::Value) {
    let file = format!("{name}.c");
    ws.write(&file, source);
    let path = ws.path(&file);
    let out = ws.runner(&[
        "--no-cache",
        "--format",
        "json",
        "judge",
        slug,
        path.to_str().unwrap(),
    ]);
    let record = stdout(&out)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|v| v["type"] == "case")
        .unwrap_or_else(|| panic!("no case record:\n{}", text(&out)));
    let verdict = record["verdict"].as_str().unwrap_or_default().to_string();
    let detail = record["detail"].as_str().unwrap_or_default().to_string();
    (verdict, detail, record)
}

/// Binary search, flushing each guess; `after` runs once the game is won.
fn searcher(after: &str) -> String {
    format!(
        r#"#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
int main(void) {{
    int lo = 1, hi = 100;
    char reply[8];
    for (;;) {{
        int g = (lo + hi) / 2;
        printf("%d\n", g);
        fflush(stdout);
        if (scanf("%7s", reply) != 1) return 0;
        if (reply[0] == '=') break;
        if (reply[0] == '<') hi = g - 1; else lo = g + 1;
    }}
    {after}
    return 0;
}}
"#
    )
}

#[test]
fn row_7_the_interactor_accepts_and_the_solution_exits_0_is_ac() {
    let ws = guess();
    let (v, _, record) = play(&ws, "guess", "search", &searcher(""));
    assert_eq!(v, "AC", "{record}");
}

#[test]
fn row_1_the_interactor_ends_first_with_wa_and_the_dialogue_is_in_the_record() {
    let ws = guess();
    // Always guesses 1: seven `>` and the interactor ends (WA) while the solution still plays.
    let ones = "#include <stdio.h>\nint main(void){char r[8];for(;;){printf(\"1\\n\");\
                fflush(stdout);if(scanf(\"%7s\",r)!=1)return 0;}}\n";
    let (v, detail, record) = play(&ws, "guess", "ones", ones);
    assert_eq!(v, "WA", "{record}");
    assert!(detail.contains("no guess left"), "{detail}");
    let t = record["transcript"].as_str().expect("a transcript");
    assert!(t.contains("< 1\n> >\n"), "{t}");
}

#[test]
fn row_1_a_malformed_line_is_pe() {
    let ws = guess();
    let hello = "#include <stdio.h>\nint main(void){printf(\"hello\\n\");fflush(stdout);\
                 char r[8];scanf(\"%7s\",r);return 0;}\n";
    let (v, detail, record) = play(&ws, "guess", "hello", hello);
    assert_eq!(v, "PE", "{record}");
    assert!(detail.contains("expected a number"), "{detail}");
}

#[test]
fn row_2_an_interactor_that_fails_is_je() {
    let ws = guess();
    // 0 is outside 1..=100: the interactor says FAIL (exit 3), the solution is not judged.
    ws.write(
        "fixtures/guess.toml",
        "[[case]]\nname = \"bad\"\nsource = \"hand\"\ninput = \"0\\n\"\n",
    );
    let (v, detail, record) = play(&ws, "guess", "search", &searcher(""));
    assert_eq!(v, "JE", "{record}");
    assert!(detail.contains("FAIL"), "{detail}");
}

#[test]
fn row_3_the_solutions_own_limits_give_tle_and_mle() {
    let ws = guess();
    let spin = "int main(void){volatile unsigned long i=0;for(;;)i++;}\n";
    let (v, _, record) = play(&ws, "guess", "spin", spin);
    assert_eq!(v, "TLE", "{record}");
    let hog =
        "#include <stdlib.h>\n#include <string.h>\nint main(void){for(;;){char*p=malloc(1<<20);\
               if(!p)return 1;memset(p,1,1<<20);}}\n";
    let (v, _, record) = play(&ws, "guess", "hog", hog);
    assert_eq!(v, "MLE", "{record}");
}

#[test]
fn row_0_both_waiting_is_ile_found_at_once_not_at_the_backstop() {
    let ws = guess();
    // Reads before it writes: the interactor waits for a guess, the solution for a reply.
    let waits = "#include <stdio.h>\nint main(void){char r[8];scanf(\"%7s\",r);return 0;}\n";
    let (v, detail, record) = play(&ws, "guess", "waits", waits);
    // ILE, not TLE: the wall-clock backstop (2 x 1000 ms + 1 s + the interactor's 10 s) would
    // have given TLE; the idleness was seen first.
    assert_eq!(v, "ILE", "{record}");
    assert!(detail.contains("idle"), "{detail}");
    // A guess left in the output buffer (no flush) is the same deadlock.
    let unflushed = "#include <stdio.h>\nint main(void){char r[8];printf(\"50\\n\");\
                     scanf(\"%7s\",r);return 0;}\n";
    let (v, _, record) = play(&ws, "guess", "unflushed", unflushed);
    assert_eq!(v, "ILE", "{record}");
}

#[test]
fn row_4_a_solution_that_sleeps_after_the_interactor_accepted_is_ile() {
    let ws = guess();
    let (v, _, record) = play(&ws, "guess", "sleeper", &searcher("sleep(30);"));
    assert_eq!(v, "ILE", "{record}");
}

#[test]
fn row_5_a_solution_that_ends_first_with_a_non_zero_exit_is_re() {
    let ws = guess();
    // It exits before guessing: the interactor then reads end of file and says WA, but the
    // solution ended first.
    let quits = "int main(void){return 3;}\n";
    let (v, detail, record) = play(&ws, "guess", "quits", quits);
    assert_eq!(v, "RE", "{record}");
    assert!(detail.starts_with("exit code 3"), "{detail}");
}

#[test]
fn row_6_a_solution_that_ends_first_with_exit_0_gets_the_interactors_verdict() {
    let ws = guess();
    let gives_up =
        "#include <stdio.h>\nint main(void){printf(\"50\\n\");fflush(stdout);return 0;}\n";
    let (v, detail, record) = play(&ws, "guess", "gives_up", gives_up);
    assert_eq!(v, "WA", "{record}");
    assert!(detail.contains("stopped guessing"), "{detail}");
}

#[test]
fn row_8_the_interactor_accepted_first_then_the_solution_crashed_is_re() {
    let ws = guess();
    let (v, _, record) = play(&ws, "guess", "crash", &searcher("abort();"));
    assert_eq!(v, "RE", "{record}");
}

#[test]
fn writing_after_the_interactor_ended_is_no_broken_pipe() {
    let ws = guess();
    // Keeps writing after the game: the interactor is gone, the runner drains and drops it.
    let chatter =
        searcher("for (int i = 0; i < 200000; i++) printf(\"%d\\n\", i); fflush(stdout);");
    let (v, _, record) = play(&ws, "guess", "chatter", &chatter);
    assert_eq!(v, "AC", "{record}");
}

/// The same game by a testlib interactor in C++: it always lets the solution finish and writes
/// the number of guesses to `tout`; the problem's checker then decides (at most 7 guesses).
const INTERACTOR_CPP: &str = r#"#include "testlib.h"
int main(int argc, char *argv[]) {
    registerInteraction(argc, argv);
    long long x = inf.readLong();
    for (int n = 1; n <= 100; n++) {
        long long g = ouf.readLong();
        if (g == x) {
            std::printf("=\n");
            std::fflush(stdout);
            std::fprintf(tout, "%d\n", n);
            quitf(_ok, "guessed in %d", n);
        }
        std::printf(g > x ? "<\n" : ">\n");
        std::fflush(stdout);
    }
    quitf(_wa, "100 guesses");
}
"#;

/// The checker: `checker INPUT OUTPUT ANSWER`, OUTPUT what the interactor wrote.
const GUESS_CHECKER: &str = r#"#include <stdio.h>
int main(int argc, char **argv) {
    FILE *out = fopen(argv[2], "r");
    int n;
    if (!out || fscanf(out, "%d", &n) != 1) { fprintf(stderr, "no count\n"); return 3; }
    if (n > 7) { fprintf(stderr, "%d guesses, 7 allowed\n", n); return 1; }
    fprintf(stderr, "%d guesses\n", n);
    return 0;
}
"#;

#[test]
fn a_testlib_interactor_in_cpp_with_its_own_testlib_h_then_the_checker_judges_its_output() {
    let ws = Ws::empty();
    ws.write(
        "problems/tguess/problem.toml",
        "title = \"Guess (testlib)\"\njudge = \"local\"\ntime_limit_ms = 1000\n\
         interactive = true\ninteractor_convention = \"testlib\"\n",
    );
    ws.write("problems/tguess/testlib.h", TESTLIB_H);
    ws.write("problems/tguess/interactor.cpp", INTERACTOR_CPP);
    ws.write("problems/tguess/checker.c", GUESS_CHECKER);
    ws.write(
        "fixtures/tguess.toml",
        "[[case]]\nname = \"x100\"\nsource = \"hand\"\ninput = \"100\\n\"\n",
    );
    let (v, detail, record) = play(&ws, "tguess", "search", &searcher(""));
    assert_eq!(v, "AC", "{record}");
    assert!(detail.contains("guesses"), "{detail}");
    // Counting up from 1 finds 100 at the 100th guess: the interactor accepts, the checker not.
    let linear =
        "#include <stdio.h>\nint main(void){char r[8];for(int g=1;;g++){printf(\"%d\\n\",g);\
                  fflush(stdout);if(scanf(\"%7s\",r)!=1||r[0]=='=')return 0;}}\n";
    let (v, detail, record) = play(&ws, "tguess", "linear", linear);
    assert_eq!(v, "WA", "{record}");
    assert!(detail.contains("100 guesses, 7 allowed"), "{detail}");
}

/// The game as a Kattis output validator: `validator INPUT ANSWER FEEDBACK_DIR`, 42 / 43, its
/// reason in `judgemessage.txt`. Two passes: after a win on an input without `pass2`, it writes
/// `nextpass.in` (x + 1, marked) and accepts; the solution plays again on that.
const VALIDATOR_C: &str = r#"#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static char dir[4096];
static void say(int code, const char *msg) {
    char path[4200];
    snprintf(path, sizeof path, "%s/judgemessage.txt", dir);
    FILE *f = fopen(path, "w");
    if (f) { fprintf(f, "%s\n", msg); fclose(f); }
    exit(code);
}
int main(int argc, char **argv) {
    if (argc < 4) return 1;
    snprintf(dir, sizeof dir, "%s", argv[3]);
    FILE *in = fopen(argv[1], "r");
    int x; char mark[16] = "";
    if (!in || fscanf(in, "%d %15s", &x, mark) < 1) say(1, "bad input");
    for (int n = 1; n <= 7; n++) {
        int g;
        if (scanf("%d", &g) != 1) say(43, "no guess");
        if (g == x) {
            printf("=\n");
            fflush(stdout);
            if (strcmp(mark, "pass2") != 0) {
                char path[4200];
                snprintf(path, sizeof path, "%s/nextpass.in", dir);
                FILE *next = fopen(path, "w");
                fprintf(next, "%d pass2\n", x + 1);
                fclose(next);
            }
            say(42, "guessed");
        }
        printf(g > x ? "<\n" : ">\n");
        fflush(stdout);
    }
    say(43, "seven guesses and no luck");
}
"#;

/// A workspace with problem `kguess`: the game of VALIDATOR_C as a Kattis interactive problem
/// under `time_limit_ms` (and `more` keys of problem.toml), its one case's input `input`.
fn kattis_guess(time_limit_ms: u32, more: &str, input: &str) -> Ws {
    let ws = Ws::empty();
    ws.write(
        "problems/kguess/problem.toml",
        &format!(
            "title = \"Guess (Kattis)\"\njudge = \"local\"\ntime_limit_ms = {time_limit_ms}\n\
             interactive = true\ninteractor_convention = \"kattis\"\n{more}"
        ),
    );
    ws.write("problems/kguess/interactor.c", VALIDATOR_C);
    ws.write(
        "fixtures/kguess.toml",
        &format!("[[case]]\nname = \"x60\"\nsource = \"hand\"\ninput = \"{input}\\n\"\n"),
    );
    ws
}

#[test]
fn a_kattis_output_validator_judges_with_42_and_43_and_plays_a_second_pass() {
    let ws = kattis_guess(1000, "multi_pass = true\n", "60");
    let (v, _, record) = play(&ws, "kguess", "search", &searcher(""));
    assert_eq!(v, "AC", "{record}");
    // Right in the first pass (always 60), wrong in the second (x = 61).
    let sixty =
        "#include <stdio.h>\nint main(void){char r[8];for(;;){printf(\"60\\n\");fflush(stdout);\
                 if(scanf(\"%7s\",r)!=1||r[0]=='=')return 0;}}\n";
    let (v, detail, record) = play(&ws, "kguess", "sixty", sixty);
    assert_eq!(v, "WA", "{record}");
    assert!(detail.contains("seven guesses and no luck"), "{detail}");
}

/// Kattis' rules for a Kattis output validator (as BAPCtools' `guess` package files its
/// submissions): the validator sees the end of the solution's output only when the solution has
/// ended, and nothing is idleness: a solution that closes its output and then crashes is RE, one
/// that closes it and sleeps is TLE at its own wall-clock backstop, a deadlock TLE too. The same
/// program that closes its output and crashes against a testlib interactor: WA (it saw the end at
/// once; a deadlock there is row 0's ILE).
#[test]
fn a_kattis_validator_sees_the_solution_end_only_when_it_ended_and_nothing_is_ile() {
    let ws = kattis_guess(200, "", "60 pass2");
    let closes_then = |then: &str| {
        format!(
            "#include <stdio.h>\n#include <stdlib.h>\n#include <unistd.h>\nint main(void) {{ fclose(stdout); {then} }}\n"
        )
    };
    let (v, _, record) = play(
        &ws,
        "kguess",
        "crash",
        &closes_then("usleep(300000); abort();"),
    );
    assert_eq!(v, "RE", "{record}");
    let (v, detail, record) = play(
        &ws,
        "kguess",
        "sleeper",
        &closes_then("sleep(30); return 0;"),
    );
    assert_eq!(v, "TLE", "{record}");
    assert!(detail.contains("wall"), "{detail}");
    // Never flushes: both wait for each other until the solution's backstop.
    let quiet = "#include <stdio.h>\nint main(void){char r[8];printf(\"50\\n\");\
                 return scanf(\"%7s\",r)==1?0:1;}\n";
    let (v, _, record) = play(&ws, "kguess", "quiet", quiet);
    assert_eq!(v, "TLE", "{record}");
    // A testlib interactor is refereed as Codeforces does: it sees the end of the output at
    // once and rejects it first
    ws.write(
        "problems/tguess/problem.toml",
        "title = \"Guess\"\njudge = \"local\"\ntime_limit_ms = 200\ninteractive = true\n",
    );
    ws.write("problems/tguess/interactor.c", INTERACTOR_C);
    ws.write(
        "fixtures/tguess.toml",
        "[[case]]\nname = \"x60\"\nsource = \"hand\"\ninput = \"60\\n\"\n",
    );
    let (v, _, record) = play(
        &ws,
        "tguess",
        "crash",
        &closes_then("usleep(300000); abort();"),
    );
    assert_eq!(v, "WA", "{record}");
    // (and a deadlock against it is ILE at once: row 0's test)
}

// ---------------------------------------------------------------- the interactor's files

/// A Kattis validator that writes `files` × 8 MiB into its feedback directory (ignoring every
/// error), then a judgement message, answers one line and accepts.
const FLOODER_C: &str = r#"#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
    if (argc < 4) return 1;
    static char block[1 << 20];
    memset(block, 'x', sizeof block);
    char path[4200];
    for (int i = 0; i < FILES; i++) {
        snprintf(path, sizeof path, "%s/flood-%d", argv[3], i);
        FILE *f = fopen(path, "w");
        if (!f) continue;
        for (int k = 0; k < 8; k++) fwrite(block, 1, sizeof block, f);
        fclose(f);
    }
    snprintf(path, sizeof path, "%s/judgemessage.txt", argv[3]);
    FILE *m = fopen(path, "w");
    if (m) { fprintf(m, "flooded\n"); fclose(m); }
    printf("go\n");
    fflush(stdout);
    char line[16];
    if (scanf("%15s", line) != 1) return 43;
    return 42;
}
"#;

/// The runner's command on `ws` with `TMPDIR` set to `tmp`.
fn runner_in(ws: &Ws, tmp: &std::path::Path, args: &[&str]) -> std::process::Command {
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("runner"));
    cmd.arg("--root")
        .arg(ws.dir.path())
        .args(["--color", "never"])
        .args(args)
        .env("TMPDIR", tmp)
        .env_remove("CI");
    cmd
}

/// Every regular file under `dir` and its size (symbolic links not followed).
fn sizes(dir: &std::path::Path) -> Vec<(std::path::PathBuf, u64)> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let m = e.path().symlink_metadata().unwrap();
        if m.is_dir() {
            v.extend(sizes(&e.path()));
        } else {
            v.push((e.path(), m.len()));
        }
    }
    v
}

/// A workspace with problem `flood` (Kattis convention, [`FLOODER_C`] writing `files` × 8 MiB)
/// and a solution that answers it.
fn flood(files: u32) -> Ws {
    let ws = Ws::empty();
    ws.write(
        "problems/flood/problem.toml",
        "title = \"Flood\"\njudge = \"local\"\ntime_limit_ms = 2000\n\
         interactive = true\ninteractor_convention = \"kattis\"\n",
    );
    ws.write(
        "problems/flood/interactor.c",
        &FLOODER_C.replace("FILES", &files.to_string()),
    );
    ws.write(
        "fixtures/flood.toml",
        "[[case]]\nname = \"one\"\nsource = \"hand\"\ninput = \"1\\n\"\n",
    );
    ws.write(
        "answer.c",
        "#include <stdio.h>\nint main(void){char l[16];if(scanf(\"%15s\",l)!=1)return 1;\
         printf(\"ok\\n\");return 0;}\n",
    );
    ws
}

/// The verdict and detail of `flood`'s one case, judged with `extra` global flags.
fn judge_flood(ws: &Ws, tmp: &std::path::Path, extra: &[&str]) -> (String, String) {
    let answer = ws.path("answer.c");
    let mut args = extra.to_vec();
    args.extend(["--no-cache", "--format", "json", "judge", "flood"]);
    args.push(answer.to_str().unwrap());
    let out = runner_in(ws, tmp, &args).output().unwrap();
    let record = stdout(&out)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|v| v["type"] == "case")
        .unwrap_or_else(|| panic!("no case record:\n{}", text(&out)));
    (
        record["verdict"].as_str().unwrap_or_default().to_string(),
        record["detail"].as_str().unwrap_or_default().to_string(),
    )
}

#[test]
fn an_interactor_that_writes_over_the_cap_is_je_and_leaves_nothing_on_disk() {
    // 12 × 8 MiB = 96 MiB into a feedback directory that may hold 64 MiB.
    let ws = flood(12);
    let tmp = tempfile::tempdir().unwrap();
    let (v, detail) = judge_flood(&ws, tmp.path(), &[]);
    assert_eq!(v, "JE", "{detail}");
    assert!(
        detail.contains("the interactor wrote more than its feedback directory may hold (64 MiB"),
        "{detail}"
    );
    // In the sandbox the bytes never reach the host (the feedback directory is a tmpfs of the
    // launcher's, emptied after the game): nothing under TMPDIR, where the game's files are,
    // holds more than a few bytes.
    let left: u64 = sizes(tmp.path()).iter().map(|(_, n)| n).sum();
    assert!(left < 4096, "{:?}", sizes(tmp.path()));
    // Without the sandbox the validator writes the host's directory itself: the cap is checked
    // after the game, the same verdict, and the files are removed.
    let (v, detail) = judge_flood(&ws, tmp.path(), &["--no-sandbox"]);
    assert_eq!(v, "JE", "{detail}");
    assert!(detail.contains("may hold (64 MiB"), "{detail}");
    let left: u64 = sizes(tmp.path()).iter().map(|(_, n)| n).sum();
    assert!(left < 4096, "{:?}", sizes(tmp.path()));
    // Under the cap (4 × 8 MiB) the same validator is obeyed: AC, and its message is read.
    let ws = flood(4);
    let (v, detail) = judge_flood(&ws, tmp.path(), &[]);
    assert_eq!(v, "AC", "{detail}");
}

/// The testlib interactor of `guess`, spinning for 3 s of wall-clock time first (the test looks
/// at the game's files meanwhile; spinning, it is never idle, and under load it uses less CPU
/// time than that).
fn slow_interactor() -> String {
    INTERACTOR_C
        .replace(
            "    FILE *in = fopen(argv[1], \"r\");",
            "    struct timespec a, b;\n    clock_gettime(CLOCK_MONOTONIC, &a);\n    \
             do clock_gettime(CLOCK_MONOTONIC, &b); while (b.tv_sec - a.tv_sec < 3);\n    \
             FILE *in = fopen(argv[1], \"r\");",
        )
        .replace(
            "#include <stdlib.h>",
            "#include <stdlib.h>\n#include <time.h>",
        )
}

#[test]
fn another_local_user_can_neither_read_nor_plant_the_game_s_files() {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("skipped: only root can run a command as another user (65534) here");
        return;
    }
    use std::os::unix::fs::PermissionsExt;
    let ws = guess();
    ws.write("problems/guess/interactor.c", &slow_interactor());
    ws.write("search.c", &searcher(""));
    // TMPDIR as /tmp is: anyone may enter it and make files there.
    let tmp = tempfile::tempdir().unwrap();
    std::fs::set_permissions(tmp.path(), std::fs::Permissions::from_mode(0o1777)).unwrap();
    let search = ws.path("search.c");
    let child = runner_in(
        &ws,
        tmp.path(),
        &["--no-cache", "judge", "guess", search.to_str().unwrap()],
    )
    .stdout(std::process::Stdio::piped())
    .stderr(std::process::Stdio::piped())
    .spawn()
    .unwrap();
    let as_nobody = |script: &str| {
        std::process::Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
            .args(["sh", "-c", script])
            .output()
            .unwrap()
    };
    // The game's directory, once the answer is in it.
    let start = std::time::Instant::now();
    let dir = loop {
        let found = std::fs::read_dir(tmp.path())
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .find(|p| p.join("answer").is_file());
        if let Some(d) = found {
            break d;
        }
        assert!(
            start.elapsed() < std::time::Duration::from_secs(60),
            "no game dir"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let mode = dir.metadata().unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o700, "{}", dir.display());
    // Nobody reaches TMPDIR itself (the check can fail: it works one level up)...
    std::fs::write(tmp.path().join("open"), "x").unwrap();
    std::fs::set_permissions(
        tmp.path().join("open"),
        std::fs::Permissions::from_mode(0o644),
    )
    .unwrap();
    let control = as_nobody(&format!("cat {}/open", tmp.path().display()));
    assert!(control.status.success(), "{}", text(&control));
    // ...but not the answer, nor the place the interactor's output or a nextpass.in would be.
    let d = dir.display();
    for script in [
        format!("cat {d}/answer"),
        format!("ls {d}"),
        format!("echo 1 > {d}/nextpass.in"),
        format!("echo 1 > {d}/output"),
    ] {
        let out = as_nobody(&script);
        assert!(!out.status.success(), "{script}: {}", text(&out));
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("Permission denied"),
            "{script}: {}",
            text(&out)
        );
    }
    let out = child.wait_with_output().unwrap();
    assert_code(&out, 0);
    assert!(stdout(&out).contains("AC"), "{}", text(&out));
}

#[test]
fn human_plays_against_the_interactor_in_the_sandbox_where_it_cannot_write_the_host() {
    let ws = guess();
    let planted = ws.path("planted-by-the-interactor");
    // The interactor first tries to write a file of the host (the workspace's folder).
    ws.write(
        "problems/guess/interactor.c",
        &INTERACTOR_C.replace(
            "    FILE *in = fopen(argv[1], \"r\");",
            &format!(
                "    FILE *p = fopen(\"{}\", \"w\");\n    if (p) {{ fputs(\"x\", p); fclose(p); }}\n    \
                 FILE *in = fopen(argv[1], \"r\");",
                planted.display()
            ),
        ),
    );
    ws.write("x37.txt", "37\n");
    let human = |extra: &[&str]| {
        let mut cmd = assert_cmd::Command::cargo_bin("runner").unwrap();
        cmd.arg("--root")
            .arg(ws.dir.path())
            .args(["--color", "never"])
            .args(extra)
            .args(["run", "guess"])
            .arg(ws.path("x37.txt"))
            .arg("--human")
            .write_stdin("50\n25\n37\n")
            .timeout(std::time::Duration::from_secs(120));
        cmd.output().unwrap()
    };
    let out = human(&[]);
    assert_code(&out, 0);
    assert_eq!(stdout(&out), "<\n>\n=\n", "{}", text(&out));
    assert!(
        stderr(&out).contains("the interactor says: Accepted"),
        "{}",
        text(&out)
    );
    assert!(!planted.exists(), "the interactor wrote a host file");
    // Where the sandbox is off, the same interactor does write it: the check above can fail.
    let out = human(&["--no-sandbox"]);
    assert_code(&out, 0);
    assert!(planted.exists(), "{}", text(&out));
}
