//! The generated oracle ([`games::oracle::block`]) of every kind of game, in a program that
//! reads positions and prints who wins: it builds with rustc, with Debian's rustc 1.63 (which CI
//! builds every problem file with) and clippy (`-D warnings`, the problems' msrv), it is as
//! rustfmt writes it, and its win/lose answers are the Sprague–Grundy theorem's from the naive
//! engine's values (the XOR of the heaps' values is not 0) on every position of up to three
//! heaps of up to eight tokens.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use games::file::{parse_all_but, parse_spec, parse_subtract};
use games::{solve, Game, Kind};

const TOP: usize = 8;

fn program(game: &Game) -> String {
    format!(
        "//! A test of the generated oracle.\nuse std::io::{{self, Read}};\n\n{}\n\
         fn main() {{\n    let mut input = String::new();\n    \
         io::stdin().read_to_string(&mut input).expect(\"read\");\n    \
         let mut memo = Memo::default();\n    for line in input.lines() {{\n        \
         let heaps: Vec<usize> = line\n            .split_whitespace()\n            \
         .map(|t| t.parse().expect(\"a heap\"))\n            .collect();\n        \
         let won = first_player_wins(&heaps, &mut memo);\n        \
         println!(\"{{}}\", if won {{ \"W\" }} else {{ \"L\" }});\n    }}\n}}\n",
        games::oracle::block(game, "test")
    )
}

/// Every position of one to three heaps of 0 to TOP tokens.
fn positions() -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for a in 0..=TOP {
        out.push(vec![a]);
        for b in 0..=TOP {
            out.push(vec![a, b]);
            for c in 0..=TOP {
                out.push(vec![a, b, c]);
            }
        }
    }
    out
}

fn run(exe: &Path, input: &str) -> String {
    let mut child = Command::new(exe)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

fn compile(compiler: &str, src: &Path, exe: &Path, extra: &[&str]) {
    let out = Command::new(compiler)
        .args(["--edition", "2021"])
        .args(extra)
        .arg(src)
        .arg("-o")
        .arg(exe)
        .env("CLIPPY_CONF_DIR", repo().join("problems"))
        .output()
        .unwrap_or_else(|e| panic!("{compiler}: {e}"));
    assert!(
        out.status.success(),
        "{compiler} on {}:\n{}",
        src.display(),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn have(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn the_generated_oracle_builds_everywhere_and_decides_as_the_values_say() {
    let games = vec![
        parse_spec("0.77", false).unwrap(),
        parse_spec("0.07", false).unwrap(),
        parse_spec("4.[3]", false).unwrap(),
        parse_spec("0.f8", true).unwrap(),
        parse_subtract("2,3,7").unwrap(),
        parse_subtract("fibonacci").unwrap(),
        parse_subtract("powers-of-2").unwrap(),
        parse_subtract("squares").unwrap(),
        parse_subtract("all").unwrap(),
        parse_all_but("1,3").unwrap(),
        Game::new(Kind::Grundy),
    ];
    let dir = tempfile::tempdir().unwrap();
    let mut input = String::new();
    for p in positions() {
        let words: Vec<String> = p.iter().map(|h| h.to_string()).collect();
        let _ = writeln!(input, "{}", words.join(" "));
    }
    let old = Path::new("/usr/bin/rustc");
    for (i, g) in games.iter().enumerate() {
        let src = dir.path().join(format!("g{i}.rs"));
        std::fs::write(&src, program(g)).unwrap();
        let exe = dir.path().join(format!("g{i}"));
        compile("rustc", &src, &exe, &[]);
        // The old compiler and clippy check it, no code made (faster).
        let meta = dir.path().join("meta");
        if old.is_file() {
            compile("/usr/bin/rustc", &src, &meta, &["--emit=metadata"]);
        }
        if have("clippy-driver") {
            compile(
                "clippy-driver",
                &src,
                &meta,
                &["--emit=metadata", "-D", "warnings"],
            );
        }
        if have("rustfmt") {
            let out = Command::new("rustfmt")
                .args(["--check", "--edition", "2021"])
                .arg(&src)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{g}: not as rustfmt writes it:\n{}",
                String::from_utf8_lossy(&out.stdout)
            );
        }
        let values = solve::naive_values(g, TOP + 1);
        let printed = run(&exe, &input);
        for (p, line) in positions().iter().zip(printed.lines()) {
            let xor = p.iter().fold(0, |x, &h| x ^ values[h]);
            let expected = if xor != 0 { "W" } else { "L" };
            assert_eq!(line, expected, "{g}: position {p:?}");
        }
        assert_eq!(printed.lines().count(), positions().len(), "{g}");
    }
}
