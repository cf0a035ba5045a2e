//! Judge profiles (judges.toml) end to end, in temporary workspaces holding the repository's
//! judges.toml: the dialect and the stack of a judge are enforced, an unknown judge or language is
//! a clear error, a missing compiler fails only its own language, and `submit` refuses what the
//! judge would reject and packs what it would accept.

use crate::common::*;
use sha2::{Digest, Sha256};

/// A problem `slug` of `judge`: input `n`, output `2n`.
fn twice(ws: &Ws, slug: &str, judge: &str) {
    ws.write(
        &format!("problems/{slug}/problem.toml"),
        &format!(
            "title = \"Twice\"\njudge = \"{judge}\"\nid = \"1000\"\ntime_limit_ms = 1000\nmemory_limit_kib = 65536\n"
        ),
    );
    ws.write(
        &format!("fixtures/{slug}.toml"),
        "[[case]]\nname = \"small\"\nsource = \"hand\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n\n\
         [[case]]\nname = \"two\"\nsource = \"hand\"\ninput = \"21\\n\"\noutput = \"42\\n\"\n",
    );
}

/// Whether `g++ -m32` builds and links a program on this machine (g++-multilib is installed),
/// probed here, apart from the runner, with the same probe as judges.toml's `cpp98-m32`.
fn m32() -> bool {
    static M32: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *M32.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("probe.cpp");
        std::fs::write(&src, "int main() { return 0; }\n").unwrap();
        std::process::Command::new("g++")
            .arg("-m32")
            .arg(&src)
            .arg("-o")
            .arg(dir.path().join("probe"))
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// How reports name POJ's `lang` (a 32-bit build) here: `POJ G++` where `g++ -m32` works,
/// `POJ G++ (fallback build)` (64-bit, as the README promises) where it does not. The test
/// says on stderr which one it checks.
fn poj(lang: &str) -> String {
    if m32() {
        eprintln!("checked: POJ {lang} as a 32-bit build (g++ -m32 works here)");
        format!("POJ {lang}")
    } else {
        eprintln!(
            "checked: the fallback build of POJ {lang} (g++ -m32 does not work here: no g++-multilib)"
        );
        format!("POJ {lang} (fallback build)")
    }
}

/// Right, and valid C++98.
const GOOD_98: &str = "#include <cstdio>\nint main() {\n    int m;\n    if (std::scanf(\"%d\", &m) != 1) return 1;\n    long long n = m;\n    std::printf(\"%d\\n\", (int)(2 * n));\n    return 0;\n}\n";

/// Right, but C++11: `auto` and a range-for.
const CXX11: &str = "#include <cstdio>\nint main() {\n    int n;\n    if (std::scanf(\"%d\", &n) != 1) return 1;\n    auto twice = 0;\n    int parts[2] = {n, n};\n    for (int p : parts) twice += p;\n    std::printf(\"%d\\n\", twice);\n    return 0;\n}\n";

const TWICE_RS: &str = "use std::io::Read;\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    let n: u64 = s.trim().parse().unwrap();\n    println!(\"{}\", 2 * n);\n}\n";

#[test]
fn a_cxx11_port_is_ce_under_poj_and_ac_under_local() {
    let ws = Ws::empty();
    twice(&ws, "p", "POJ");
    ws.write("port.cpp", CXX11);
    let port = ws.path("port.cpp");
    let port = port.to_str().unwrap();

    let g = poj("G++");
    let out = ws.runner(&["judge", "p", port]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(
        s.contains(&format!("port.cpp [{g}]: CE on all 2 cases")),
        "{s}"
    );
    assert!(s.contains("range-based"), "{s}");

    let out = ws.runner(&["judge", "p", port, "--judge", "local"]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("port.cpp [local C++]: 2/2 AC"),
        "{}",
        text(&out)
    );

    // As the problem's solution files: the port under POJ's profile, the Rust file under local's
    // (POJ takes no Rust), each named with its profile.
    ws.write("solutions/cpp/p.cpp", GOOD_98);
    ws.write("solutions/src/bin/p.rs", TWICE_RS);
    let out = ws.runner(&[]);
    assert_code(&out, 0);
    let s = stdout(&out);
    assert!(
        s.contains(&format!("solutions/cpp/p.cpp [{g}]: 2/2 AC")),
        "{s}"
    );
    assert!(
        s.contains("solutions/src/bin/p.rs [local Rust]: 2/2 AC"),
        "{s}"
    );
}

/// Recursion as deep as the input says, each level keeping a few locals on the stack: about
/// 28 bytes a level with g++ -O2 (measured), so 150000 levels need some 4 MiB: more than POJ's
/// 2 MiB (G++) or 1 MiB (C++), less than local's 8 MiB.
const DEEP: &str = "#include <cstdio>\nint down(int n) {\n    volatile int pad[4];\n    pad[0] = n;\n    if (n == 0) return 0;\n    int r = down(n - 1) + 1;\n    return r + pad[0] - n;\n}\nint main() {\n    int n;\n    if (std::scanf(\"%d\", &n) != 1) return 1;\n    std::printf(\"%d\\n\", down(n));\n    return 0;\n}\n";

#[test]
fn a_recursion_deeper_than_the_judge_stack_is_re_there_and_ac_under_local() {
    let ws = Ws::empty();
    ws.write(
        "problems/d/problem.toml",
        "title = \"Deep\"\njudge = \"POJ\"\ntime_limit_ms = 2000\nmemory_limit_kib = 65536\n",
    );
    ws.write(
        "fixtures/d.toml",
        "[[case]]\nname = \"deep\"\nsource = \"hand\"\ninput = \"150000\\n\"\noutput = \"150000\\n\"\n",
    );
    ws.write("deep.cpp", DEEP);
    let deep = ws.path("deep.cpp");
    let deep = deep.to_str().unwrap();
    for lang in ["G++", "C++"] {
        let out = ws.runner(&["judge", "d", deep, "--lang", lang]);
        assert_code(&out, 1);
        let s = stdout(&out);
        assert!(
            s.contains(&format!(
                "deep.cpp [{}] · case deep: RE (SIGSEGV; stack overflow? the stack is",
                poj(lang)
            )),
            "{s}"
        );
    }
    let out = ws.runner(&["judge", "d", deep, "--judge", "local"]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("deep.cpp [local C++]: 1/1 AC"),
        "{}",
        text(&out)
    );
}

#[test]
fn an_unknown_judge_is_a_config_error_naming_file_and_line() {
    let ws = Ws::empty();
    ws.write(
        "problems/t/problem.toml",
        "title = \"T\"\njudge = \"Timus\"\ntime_limit_ms = 1000\nmemory_limit_kib = 65536\n",
    );
    ws.write("fixtures/t.toml", "");
    let out = ws.runner(&[]);
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains(
            "problems/t/problem.toml:2:9: unknown judge `Timus`: judges.toml knows local, POJ, HDU, AcWing, Codeforces, AtCoder, Polygon"
        ),
        "{err}"
    );
}

#[test]
fn a_broken_judges_toml_is_located() {
    let ws = Ws::twice();
    let text = std::fs::read_to_string(ws.path("judges.toml")).unwrap();
    ws.write(
        "judges.toml",
        &format!("{text}\n[[lint]]\nid = \"x\"\npatern = \"y\"\n"),
    );
    let out = ws.runner(&[]);
    assert_code(&out, 2);
    let line = text.lines().count() + 4;
    assert!(
        stderr(&out).contains(&format!("judges.toml:{line}:1: unknown field `patern`")),
        "{}",
        text_of(&out)
    );
    // Without a judges.toml, the built-in profiles (the repository's) are used.
    std::fs::remove_file(ws.path("judges.toml")).unwrap();
    let out = ws.runner(&[]);
    assert_code(&out, 1);
    assert!(
        stdout(&out).contains("no solution (add solutions/src/bin/t.rs)"),
        "{}",
        text_of(&out)
    );
}

fn text_of(out: &std::process::Output) -> String {
    text(out)
}

#[test]
fn submit_refuses_a_language_the_judge_does_not_take() {
    let ws = Ws::empty();
    twice(&ws, "p", "POJ");
    ws.write("solutions/src/bin/p.rs", TWICE_RS);
    let out = ws.runner(&["submit", "p", "--lang", "Pascal"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("POJ does not accept `Pascal`: it accepts G++, C++, GCC, C"),
        "{}",
        text(&out)
    );
    // Without --lang: POJ takes none of the files there are.
    let out = ws.runner(&["submit", "p"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("POJ accepts G++, C++, GCC, C, and `p` has no solution file in any of them (its solution files: solutions/src/bin/p.rs)"),
        "{}",
        text(&out)
    );
    assert!(!ws.path("target/submit").exists());
}

#[test]
fn submit_refuses_a_failing_port_and_writes_nothing() {
    let ws = Ws::empty();
    twice(&ws, "p", "POJ");
    ws.write(
        "solutions/cpp/p.cpp",
        &GOOD_98.replace("(2 * n)", "(2 * n + (m > 5))"),
    );
    let g = poj("G++");
    let out = ws.runner(&["submit", "p"]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(
        s.contains(&format!("solutions/cpp/p.cpp [{g}] · case two: WA")),
        "{s}"
    );
    assert!(s.contains("-42") && s.contains("+43"), "{s}");
    assert!(
        s.contains(&format!(
            "submit p: refused: 1 of 2 cases are not accepted under {g}; nothing was written"
        )),
        "{s}"
    );
    assert!(!ws.path("target/submit").exists());

    // A C++11 port does not compile there.
    ws.write("solutions/cpp/p.cpp", CXX11);
    let out = ws.runner(&["submit", "p"]);
    assert_code(&out, 1);
    assert!(
        stdout(&out).contains(&format!("refused: it does not compile under {g}")),
        "{}",
        text(&out)
    );
    assert!(!ws.path("target/submit").exists());
}

#[test]
fn submit_refuses_a_linted_port_and_writes_nothing() {
    let ws = Ws::empty();
    twice(&ws, "p", "POJ");
    // Right here (glibc reads %lld), wrong on POJ's MinGW.
    let lld = "#include <cstdio>\nint main() {\n    long long n;\n    // %lld in a comment is no trap\n    if (std::scanf(\"%lld\", &n) != 1) return 1;\n    std::printf(\"%lld\\n\", 2 * n);\n    return 0;\n}\n";
    ws.write("solutions/cpp/p.cpp", lld);
    let out = ws.runner(&["submit", "p"]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(
        s.contains(&format!("solutions/cpp/p.cpp [{}]: 2/2 AC", poj("G++"))),
        "{s}"
    );
    assert!(
        s.contains("solutions/cpp/p.cpp:5: [lld-mingw] %lld in a printf/scanf format"),
        "{s}"
    );
    assert!(s.contains("solutions/cpp/p.cpp:6: [lld-mingw]"), "{s}");
    assert!(!s.contains("p.cpp:4:"), "{s}");
    assert!(
        s.contains("submit p: refused: the POJ G++ lint finds 2 traps"),
        "{s}"
    );
    assert!(!ws.path("target/submit").exists());
    // The full run passes it, with the lint as a warning.
    let out = ws.runner(&[]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("warning: solutions/cpp/p.cpp:5: [lld-mingw]"),
        "{}",
        text(&out)
    );
    // The same file as POJ's MSVC C++ (whose CRT reads %lld) passes the lint.
    let out = ws.runner(&["submit", "p", "--lang", "C++"]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains("pick \"C++\""), "{}", text(&out));
}

#[test]
fn submit_passes_a_good_port_and_prints_the_packet() {
    let ws = Ws::empty();
    twice(&ws, "p", "POJ");
    ws.write("solutions/cpp/p.cpp", GOOD_98);
    ws.write("solutions/src/bin/p.rs", TWICE_RS);
    let out = ws.runner(&["submit", "p"]);
    assert_code(&out, 0);
    let s = stdout(&out);
    let hash: String = Sha256::digest(GOOD_98.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    for line in [
        format!("submit p: solutions/cpp/p.cpp is accepted on all 2 cases under {}, and the POJ G++ lint finds nothing", poj("G++")),
        "  problem    http://poj.org/problem?id=1000".to_string(),
        "  submit at  http://poj.org/submit?problem_id=1000".to_string(),
        "  language   POJ: pick \"G++\" in its language list".to_string(),
        format!("  file       target/submit/p.cpp ({} bytes)", GOOD_98.len()),
        format!("  sha256     {hash}"),
    ] {
        assert!(s.contains(&line), "missing {line:?}\n{s}");
    }
    // A fallback build is flagged in the packet; a 32-bit one is not.
    let caution = "caution    built here as POJ G++ (fallback build)";
    assert_eq!(s.contains(caution), !m32(), "{s}");
    assert_eq!(
        std::fs::read_to_string(ws.path("target/submit/p.cpp")).unwrap(),
        GOOD_98
    );

    // --print: the source alone on stdout, the rest on stderr.
    let out = ws.runner(&["submit", "p", "--print"]);
    assert_code(&out, 0);
    assert_eq!(stdout(&out), GOOD_98);
    assert!(stderr(&out).contains("pick \"G++\""), "{}", text(&out));
}

#[test]
fn a_local_problem_has_nothing_to_submit_to() {
    let ws = Ws::twice();
    ws.write("solutions/src/bin/t.rs", TWICE_RS);
    let out = ws.runner(&["submit", "t"]);
    assert_code(&out, 2);
    // It says which keys of which file make it one to submit.
    assert!(
        stderr(&out).contains(
            "`t` is a problem of our own (judge = \"local\"): there is no judge to submit it to. \
             To submit it, set in problems/t/problem.toml: judge = \"…\" (one of POJ, HDU, \
             AcWing, Codeforces, AtCoder), and url = \"…\", the problem's page on that judge (or \
             id = \"…\", its number there)"
        ),
        "{}",
        text(&out)
    );
    // Set so, it is judged for its judge and its packet made.
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\"\njudge = \"AtCoder\"\nurl = \"https://atcoder.jp/contests/abc999/tasks/abc999_a\"\nid = \"abc999_a\"\ntime_limit_ms = 500\nmemory_limit_kib = 65536\n",
    );
    let out = ws.runner(&["submit", "t"]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains(
            "  submit at  https://atcoder.jp/contests/abc999/submit?taskScreenName=abc999_a\n"
        ),
        "{}",
        text(&out)
    );
}

#[test]
fn a_missing_compiler_fails_its_language_only() {
    let ws = Ws::twice();
    let judges = std::fs::read_to_string(ws.path("judges.toml")).unwrap();
    let c = "compile = [\"gcc\", \"-O2\", \"-std=gnu11\"";
    assert_eq!(judges.matches(c).count(), 1);
    ws.write(
        "judges.toml",
        &judges.replace(
            c,
            "compile = [\"no-such-gcc-here\", \"-O2\", \"-std=gnu11\"",
        ),
    );
    ws.write("solutions/src/bin/t.rs", TWICE_RS);
    ws.write(
        "solutions/c/t.c",
        "#include <stdio.h>\nint main(void) { int n; scanf(\"%d\", &n); printf(\"%d\\n\", 2 * n); return 0; }\n",
    );
    let out = ws.runner(&[]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(
        s.contains("no-such-gcc-here not found: install gcc (Debian: apt-get install gcc)"),
        "{s}"
    );
    assert!(s.contains("solutions/c/t.c [local C]: 0/1 AC"), "{s}");
    assert!(
        s.contains("solutions/src/bin/t.rs [local Rust]: 1/1 AC"),
        "{s}"
    );
}

#[test]
fn a_compiler_that_cannot_build_32_bit_falls_back_with_one_note() {
    let ws = Ws::empty();
    // Stand-in for a g++ without multilib, first on PATH: it refuses -m32 as g++ does when the
    // 32-bit libraries are missing, and is the real g++ otherwise.
    // The machine's own g++ (CI runs these tests with a stand-in of its own first on PATH,
    // outside what a compile is shown).
    let real = if std::path::Path::new("/usr/bin/g++").is_file() {
        "/usr/bin/g++".to_string()
    } else {
        String::from_utf8(
            std::process::Command::new("sh")
                .args(["-c", "command -v g++"])
                .output()
                .unwrap()
                .stdout,
        )
        .unwrap()
    };
    ws.write(
        "bin/g++",
        &format!(
            "#!/bin/sh\nfor a in \"$@\"; do [ \"$a\" = -m32 ] && {{ echo 'cannot find -lstdc++ (stand-in)' >&2; exit 1; }}; done\nexec {} \"$@\"\n",
            real.trim()
        ),
    );
    std::fs::set_permissions(
        ws.path("bin/g++"),
        std::os::unix::fs::PermissionsExt::from_mode(0o755),
    )
    .unwrap();
    let path = format!(
        "{}:{}",
        ws.path("bin").display(),
        std::env::var("PATH").unwrap()
    );
    for slug in ["p", "q"] {
        twice(&ws, slug, "POJ");
        ws.write(&format!("solutions/cpp/{slug}.cpp"), GOOD_98);
    }
    let runner = |args: &[&str]| {
        assert_cmd::Command::cargo_bin("runner")
            .unwrap()
            .arg("--root")
            .arg(ws.dir.path())
            .args(["--color", "never"])
            .args(args)
            .env("PATH", &path)
            .env_remove("CI")
            .output()
            .unwrap()
    };
    let out = runner(&[]);
    assert_code(&out, 0);
    let note = "note: g++ -m32 is not available (install g++-multilib); building 64-bit";
    assert_eq!(stderr(&out).matches(note).count(), 1, "{}", text(&out));
    let s = stdout(&out);
    assert!(
        s.contains("solutions/cpp/p.cpp [POJ G++ (fallback build)]: 2/2 AC"),
        "{s}"
    );
    let out = runner(&["submit", "p"]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("caution    built here as POJ G++ (fallback build)"),
        "{}",
        text(&out)
    );
}

#[test]
fn a_judge_and_a_language_are_added_by_editing_judges_toml() {
    let ws = Ws::empty();
    let judges = std::fs::read_to_string(ws.path("judges.toml")).unwrap();
    ws.write(
        "judges.toml",
        &format!(
            "{judges}\n[[judge]]\nname = \"Toy\"\n\n[[judge.language]]\nname = \"Shell\"\nlabel = \"POSIX sh\"\nextensions = [\"sh\"]\nrun = [\"sh\", \"{{src}}\"]\nstack_kib = 1024\n"
        ),
    );
    the_toy_judge_judges_and_submits(&ws);
}

/// The judge `Toy` of the workspace's judges.toml (its language `Shell`, labelled `POSIX sh`)
/// judges a shell solution of problem `s` and names its label to submit it.
fn the_toy_judge_judges_and_submits(ws: &Ws) {
    twice(ws, "s", "toy");
    ws.write("solutions/sh/s.sh", "read n\necho $((2 * n))\n");
    let out = ws.runner(&[]);
    assert_code(&out, 0);
    assert!(
        stdout(&out).contains("solutions/sh/s.sh [Toy Shell]: 2/2 AC"),
        "{}",
        text(&out)
    );
    let out = ws.runner(&["submit", "s"]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains("pick \"POSIX sh\""), "{}", text(&out));
}

/// The message of a run with a problem of an unknown judge: the judges the workspace knows.
fn known_judges(ws: &Ws) -> String {
    twice(ws, "unknown", "Timus");
    let out = ws.runner(&["unknown"]);
    assert_code(&out, 2);
    let err = stderr(&out);
    let (_, known) = err
        .split_once("unknown judge `Timus`: judges.toml knows ")
        .unwrap_or_else(|| panic!("{}", text(&out)));
    std::fs::remove_dir_all(ws.path("problems/unknown")).unwrap();
    std::fs::remove_file(ws.path("fixtures/unknown.toml")).unwrap();
    let known = known.lines().next().unwrap();
    known
        .strip_suffix(" (add the judge there)")
        .unwrap_or(known)
        .to_string()
}

#[test]
fn a_layered_judges_toml_changes_one_language_and_keeps_the_others() {
    let ws = Ws::empty();
    // Only local's C++, whose compile line defines TWICE: the file names nothing else.
    ws.write(
        "judges.toml",
        "[[judge]]\nname = \"local\"\n\n[[judge.language]]\nname = \"C++\"\nextensions = [\"cpp\"]\n\
         compile = [\"g++\", \"-O2\", \"-DTWICE=2\", \"-x\", \"c++\", \"{src}\", \"-o\", \"{out}\"]\n",
    );
    twice(&ws, "t", "local");
    ws.write(
        "solutions/cpp/t.cpp",
        "#include <cstdio>\nint main() { long long n; if (std::scanf(\"%lld\", &n) == 1) std::printf(\"%lld\\n\", TWICE * n); }\n",
    );
    ws.write(
        "solutions/c/t.c",
        "#include <stdio.h>\nint main(void) { long long n; if (scanf(\"%lld\", &n) == 1) printf(\"%lld\\n\", 2 * n); return 0; }\n",
    );
    let out = ws.runner(&[]);
    assert_code(&out, 0);
    let s = stdout(&out);
    // The C++ built with this file's line (without it, TWICE is undeclared: CE)…
    assert!(
        s.contains("solutions/cpp/t.cpp [local C++]: 2/2 AC"),
        "{}",
        text(&out)
    );
    // …local's C as built in, and every built-in judge still there.
    assert!(
        s.contains("solutions/c/t.c [local C]: 2/2 AC"),
        "{}",
        text(&out)
    );
    assert_eq!(
        known_judges(&ws),
        "local, POJ, HDU, AcWing, Codeforces, AtCoder, Polygon"
    );
}

#[test]
fn a_layered_judges_toml_adds_a_judge_and_drops_one() {
    let ws = Ws::empty();
    ws.write(
        "judges.toml",
        "drop = [\"HDU\"]\n\n[[judge]]\nname = \"Toy\"\n\n[[judge.language]]\nname = \"Shell\"\nlabel = \"POSIX sh\"\nextensions = [\"sh\"]\nrun = [\"sh\", \"{src}\"]\n",
    );
    the_toy_judge_judges_and_submits(&ws);
    assert_eq!(
        known_judges(&ws),
        "local, POJ, AcWing, Codeforces, AtCoder, Polygon, Toy"
    );
}

#[test]
fn a_whole_copied_judges_toml_is_read_alone_as_before() {
    // The copy of before Codeforces and AtCoder (it defines local, POJ, HDU and AcWing: a whole
    // copy): the judges added since are not under it.
    let ws = Ws::empty();
    let old = repo_root().join("runner/tests/data/judges-before-builds.toml");
    std::fs::copy(old, ws.path("judges.toml")).unwrap();
    assert_eq!(known_judges(&ws), "local, POJ, HDU, AcWing");
    // A file saying `whole = true` is the whole set too.
    ws.write(
        "judges.toml",
        "whole = true\n[[judge]]\nname = \"local\"\n[[judge.language]]\nname = \"Shell\"\nextensions = [\"sh\"]\nrun = [\"sh\", \"{src}\"]\n",
    );
    assert_eq!(known_judges(&ws), "local");
}

#[test]
fn a_bad_field_of_a_layered_judges_toml_is_located() {
    let ws = Ws::twice();
    ws.write(
        "judges.toml",
        "[[judge]]\nname = \"POJ\"\n\n[[judge.language]]\nname = \"G++\"\nextensions = [\"cpp\"]\ncompiel = [\"g++\", \"{src}\", \"-o\", \"{out}\"]\n",
    );
    let out = ws.runner(&[]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("judges.toml:7:1: unknown field `compiel`"),
        "{}",
        text(&out)
    );
}

#[test]
fn init_judges_writes_a_layered_file_that_changes_nothing_yet() {
    let ws = Ws {
        dir: tempfile::tempdir().unwrap(),
    };
    let out = ws.runner(&["init", ws.dir.path().to_str().unwrap(), "--judges"]);
    assert_code(&out, 0);
    let written = std::fs::read_to_string(ws.path("judges.toml")).unwrap();
    assert!(
        written.starts_with("# This workspace's judges: the built-in ones"),
        "{written}"
    );
    assert!(written.lines().count() < 30, "{written}");
    assert_eq!(
        known_judges(&ws),
        "local, POJ, HDU, AcWing, Codeforces, AtCoder, Polygon"
    );
}
