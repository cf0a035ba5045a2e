//! `runner game` on move programs (`game.toml`'s `[program]` table): the values checked against
//! what is known of each game independently of the program (Dawson's Kayles from the `games`
//! crate, Beatty pairs for Wythoff, the Fibonacci subtraction game's naive values), and hostile
//! programs refused with clear words, never hanging the runner.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common::{assert_code, have, repo_root, repo_runner, stderr, stdout, text, Ws};

fn json_of(out: &std::process::Output) -> Value {
    assert_code(out, 0);
    serde_json::from_str(stdout(out).trim()).unwrap_or_else(|e| panic!("{e}: {}", text(out)))
}

/// Position → value, from the JSON's `positions`.
fn values(v: &Value) -> HashMap<String, u64> {
    v["positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["position"].as_str().unwrap().to_string(),
                p["value"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// Dawson's Kayles (0.07), from the `games` crate's naive engine, not from any program.
fn dawson(n: usize) -> Vec<u32> {
    let game = games::file::parse_spec("0.07", false).unwrap();
    games::solve::naive_values(&game, n)
}

#[test]
fn cutting_games_values_are_dawsons_kayles_as_its_readme_proves() {
    let file = repo_root().join("problems/poj2311-cutting-game/game.toml");
    let out = repo_runner(&["game", file.to_str().unwrap(), "--format", "json"]);
    let v = json_of(&out);
    let got = values(&v);
    assert_eq!(got.len(), 199 * 199, "every sheet 2..=200 × 2..=200");
    assert_eq!(v["waves"].as_array().unwrap().len(), 1, "one wave");
    assert_eq!(v["shape"], "grid");
    assert_eq!(v["proven"], false);
    assert_eq!(v["period"], Value::Null);
    // README, section 3: SG(w, h) = b if a = 0, a if b = 0, else 1, with a = D(w − 2),
    // b = D(h − 2); lost iff both are 0.
    let d = dawson(199);
    let mut lost = 0;
    for w in 2..=200usize {
        for h in 2..=200usize {
            let (a, b) = (d[w - 2], d[h - 2]);
            let expected = match (a, b) {
                (0, b) => b,
                (a, 0) => a,
                _ => 1,
            };
            assert_eq!(got[&format!("{w} {h}")], u64::from(expected), "{w}×{h}");
            lost += usize::from(a == 0 && b == 0);
        }
    }
    assert_eq!(lost, 1089, "README: 33² lost sheets");
    assert_eq!(v["p_position_count"], 1089);
}

/// A Python move program answering each position with `answer` (Python source of a function
/// from the line to the list of options, each a string).
fn python_game(ws: &Ws, name: &str, answer: &str, table: &str) -> String {
    ws.write(
        &format!("{name}/moves.py"),
        &format!(
            "import sys\n{answer}\nfor line in sys.stdin:\n    opts = answer(line.rstrip('\\n'))\n    \
             sys.stdout.write('%d\\n' % len(opts))\n    for o in opts:\n        \
             sys.stdout.write(o + '\\n')\n"
        ),
    );
    ws.write(
        &format!("{name}/game.toml"),
        &format!("[program]\nsource = \"moves.py\"\n{table}"),
    );
    ws.path(&format!("{name}/game.toml"))
        .to_string_lossy()
        .into_owned()
}

#[test]
fn a_looping_program_is_refused_with_its_cycle() {
    if !have(&["python3"]) {
        return;
    }
    let ws = Ws::empty();
    let file = python_game(
        &ws,
        "loop",
        "def answer(p):\n    return {'x': ['y'], 'y': ['z', ''], 'z': ['y + x']}[p]",
        "start = \"x\"\n",
    );
    let out = ws.runner(&["game", &file]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("the moves loop: y -> z -> y: a game whose moves loop"),
        "{}",
        text(&out)
    );
}

#[test]
fn move_programs_in_python_and_cpp() {
    if !have(&["python3", "g++"]) {
        return;
    }
    let ws = Ws::empty();
    // Subtract a Fibonacci number (1, 2, 3, 5, 8, …) as a Python program.
    let file = python_game(
        &ws,
        "fib",
        "def answer(p):\n    n = int(p)\n    fib, a, b = [], 1, 2\n    while a <= n:\n        \
         fib.append(a)\n        a, b = b, a + b\n    \
         return ['' if f == n else str(n - f) for f in fib]",
        "start = \"0..=300\"\n",
    );
    let v = json_of(&ws.runner(&["game", &file, "--format", "json"]));
    assert_eq!(v["shape"], "heap");
    let heap = &v["heap"];
    assert_eq!(heap["first"], 0);
    let fib = games::file::parse_subtract("fibonacci").unwrap();
    let expected = games::solve::naive_values(&fib, 301);
    let got: Vec<u32> = heap["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as u32)
        .collect();
    assert_eq!(got, expected);
    assert_eq!(v["proven"], false);
    assert!(
        v["verdict"]
            .as_str()
            .unwrap()
            .ends_with("(a move program: no theorem covers it)"),
        "{}",
        v["verdict"]
    );

    // Wythoff's game on two piles as a C++ program: its P-positions are the Beatty pairs
    // (⌊kφ⌋, ⌊kφ²⌋) and their mirrors.
    ws.write(
        "wythoff/moves.cpp",
        "#include <cstdio>\nint main() { long a, b; while (std::scanf(\"%ld %ld\", &a, &b) == 2) {\n\
         long m = a < b ? a : b; std::printf(\"%ld\\n\", a + b + m);\n\
         for (long k = 1; k <= a; k++) std::printf(\"%ld %ld\\n\", a - k, b);\n\
         for (long k = 1; k <= b; k++) std::printf(\"%ld %ld\\n\", a, b - k);\n\
         for (long k = 1; k <= m; k++) std::printf(\"%ld %ld\\n\", a - k, b - k);\n} }\n",
    );
    ws.write(
        "wythoff/game.toml",
        "title = \"Wythoff\"\n[program]\nsource = \"moves.cpp\"\nstart = \"0..=30 0..=30\"\n",
    );
    let file = ws.path("wythoff/game.toml");
    let v = json_of(&ws.runner(&["game", file.to_str().unwrap(), "--format", "json"]));
    assert_eq!(v["shape"], "grid");
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut expected: Vec<String> = (0..=30u32)
        .flat_map(|k| {
            let (a, b) = (
                (f64::from(k) * phi) as u32,
                (f64::from(k) * phi * phi) as u32,
            );
            [(a, b), (b, a)]
        })
        .filter(|&(a, b)| a <= 30 && b <= 30)
        .map(|(a, b)| format!("{a} {b}"))
        .collect();
    expected.sort();
    expected.dedup();
    let mut got: Vec<String> = v["p_positions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect();
    got.sort();
    assert_eq!(got, expected);
    let human = ws.runner(&["game", file.to_str().unwrap()]);
    assert_code(&human, 0);
    assert!(
        stdout(&human).contains("Wythoff: moves.cpp (move program)"),
        "{}",
        text(&human)
    );
}

#[test]
fn hostile_move_programs_get_clear_words_and_never_hang_the_runner() {
    if !have(&["python3"]) {
        return;
    }
    let ws = Ws::empty();
    let cases: [(&str, &str, &str, &str); 7] = [
        (
            "garbage",
            "def answer(p):\n    return ['x'] if p == '1' else None",
            "import sys\nsys.stdout.write('0\\nhello\\n')\nsys.exit(0)\n",
            "line 2 of its output, in the answer for position \"1\": expected the number of \
             options (a whole number), got \"hello\"",
        ),
        (
            "too-much",
            "def answer(p):\n    return []",
            "import sys\nwhile True:\n    sys.stdout.write('0\\n' * 4096)\n",
            "OLE (more than",
        ),
        (
            "too-many-options",
            "def answer(p):\n    return []",
            "import sys\nsys.stdout.write('99999999999\\n')\nsys.exit(0)\n",
            "99999999999 options, more than max-options = 100000",
        ),
        (
            "crash",
            "def answer(p):\n    return []",
            "import sys\nsys.stderr.write('boom: cannot read the board\\n')\nsys.exit(3)\n",
            "RE (exit code 3); its stderr ends:\nboom: cannot read the board",
        ),
        (
            "sleep",
            "def answer(p):\n    return []",
            "import time\ntime.sleep(60)\n",
            "TLE (",
        ),
        (
            "growing",
            "def answer(p):\n    return [str(int(p) + 1)]",
            "",
            "more than max-positions = 100 positions",
        ),
        (
            "bad-position",
            "def answer(p):\n    return ['a\\tb']",
            "",
            "position \"a\\tb\" holds the control character",
        ),
    ];
    let started = Instant::now();
    for (name, answer, prefix, expected) in cases {
        let table = "start = [\"0\", \"1\"]\ntime-limit-ms = 300\noutput-limit-mib = 1\n\
                     max-positions = 100\n";
        let file = python_game(&ws, name, answer, table);
        if !prefix.is_empty() {
            // The program's own behaviour comes first: it never reaches the protocol loop.
            let moves = ws.path(&format!("{name}/moves.py"));
            let body = std::fs::read_to_string(&moves).unwrap();
            std::fs::write(&moves, format!("{prefix}{body}")).unwrap();
        }
        let out = ws.runner(&["game", &file]);
        assert_code(&out, 2);
        assert!(stderr(&out).contains(expected), "{name}: {}", text(&out));
        assert!(
            stderr(&out).contains("the move program"),
            "{name}: {}",
            text(&out)
        );
    }
    // The sleeper is stopped at its wall-clock backstop (2 × 300 ms + 1 s), the rest at once.
    assert!(
        started.elapsed() < Duration::from_secs(90),
        "{:?}",
        started.elapsed()
    );
    // A program that does not compile: the compiler's words.
    ws.write("ce/moves.cpp", "int main() { return nope; }\n");
    ws.write(
        "ce/game.toml",
        "[program]\nsource = \"moves.cpp\"\nstart = \"0\"\n",
    );
    let out = ws.runner(&["game", ws.path("ce/game.toml").to_str().unwrap()]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("moves.cpp: the move program does not compile")
            && stderr(&out).contains("nope"),
        "{}",
        text(&out)
    );
}
