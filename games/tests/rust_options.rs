//! `HeapRule::rust_options`, the rule as std-only Rust source (for a generated brute force),
//! compiled by rustc and run: its options are the rule's, for every kind.

use std::fmt::Write as _;
use std::process::Command;

use games::file::{parse_all_but, parse_spec, parse_subtract};
use games::{Game, HeapRule, Kind};

fn options(game: &Game, n: usize) -> Vec<Vec<usize>> {
    let mut v = Vec::new();
    game.options(n, &mut |o| {
        let mut o = o.to_vec();
        o.sort_unstable();
        v.push(o);
    });
    v.sort();
    v
}

#[test]
fn the_generated_source_has_the_rules_options() {
    let games = vec![
        parse_spec("0.77", false).unwrap(),
        parse_spec("4.[3]", false).unwrap(),
        parse_spec("0.1[23]", false).unwrap(),
        parse_spec("0.f8", true).unwrap(),
        parse_subtract("2,3,7").unwrap(),
        parse_subtract("fibonacci").unwrap(),
        parse_subtract("powers-of-2").unwrap(),
        parse_subtract("squares").unwrap(),
        parse_all_but("1,3").unwrap(),
        Game::new(Kind::Grundy),
    ];
    const N: usize = 25;
    let mut src = String::new();
    for (i, g) in games.iter().enumerate() {
        let _ = writeln!(
            src,
            "mod g{i} {{\n{}}}",
            g.rust_options().replace("fn options", "pub fn options")
        );
    }
    src.push_str("fn main() {\n");
    for i in 0..games.len() {
        let _ = writeln!(
            src,
            "    for n in 0..{N} {{ let mut o: Vec<Vec<usize>> = g{i}::options(n).into_iter().map(|mut v| {{ v.sort(); v }}).collect(); o.sort(); println!(\"{{:?}}\", o); }}"
        );
    }
    src.push_str("}\n");
    let dir = tempfile_dir();
    let file = dir.join("rules.rs");
    std::fs::write(&file, &src).unwrap();
    let exe = dir.join("rules");
    let out = Command::new("rustc")
        .args(["--edition", "2021", "-o"])
        .arg(&exe)
        .arg(&file)
        .output()
        .expect("rustc runs");
    assert!(
        out.status.success(),
        "{}\n{src}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = Command::new(&exe).output().unwrap();
    let printed = String::from_utf8(out.stdout).unwrap();
    let mut lines = printed.lines();
    for g in &games {
        for n in 0..N {
            assert_eq!(
                lines.next().unwrap(),
                format!("{:?}", options(g, n)),
                "{g}, heap {n}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("games-rust-options-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
