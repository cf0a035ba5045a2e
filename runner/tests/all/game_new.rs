//! `runner new SLUG --game FILE`: a problem on Kayles (0.77) from its game.toml. Its fixtures
//! hit the heaps of the published period (71/12, Guy and Smith: n0 − 1, n0, n0 + p − 1), a
//! solution that reads the first 12 values as `SG[n % 12]` (no preperiod) fails a case, the
//! right one passes, and `runner verify` is green with the generated brute force.

use crate::common::{assert_code, text, Ws};

/// Kayles' nim-values by the mex of the literal rules up to 200, beyond by the published period
/// (12 from heap 71); `shortcut`: the first 12 values read as SG[n % 12] for every heap.
fn solution(shortcut: bool) -> String {
    let read = if shortcut {
        "sg[(h % 12) as usize]"
    } else {
        "if h < 200 { sg[h as usize] } else { sg[(71 + (h - 71) % 12) as usize] }"
    };
    format!(
        "use std::io::{{self, Read}};\n\
         fn main() {{\n\
         let mut sg = vec![0u32; 200];\n\
         for n in 1..200 {{\n\
             let mut seen = [false; 64];\n\
             for take in 1..=2usize.min(n) {{\n\
                 for a in 0..=(n - take) {{\n\
                     seen[(sg[a] ^ sg[n - take - a]) as usize] = true;\n\
                 }}\n\
             }}\n\
             sg[n] = (0..).find(|&v| !seen[v as usize]).unwrap();\n\
         }}\n\
         let mut s = String::new();\n\
         io::stdin().read_to_string(&mut s).unwrap();\n\
         let mut it = s.split_ascii_whitespace().map(|t| t.parse::<u64>().unwrap());\n\
         let t = it.next().unwrap();\n\
         for _ in 0..t {{\n\
             let n = it.next().unwrap();\n\
             let mut x = 0;\n\
             for _ in 0..n {{\n\
                 let h = it.next().unwrap();\n\
                 x ^= {read};\n\
             }}\n\
             println!(\"{{}}\", if x != 0 {{ \"First\" }} else {{ \"Second\" }});\n\
         }}\n\
         }}\n"
    )
}

#[test]
fn a_kayles_problem_from_its_game_file() {
    let ws = Ws::empty();
    ws.write("kayles.toml", "title = \"Kayles\"\ncode = \"0.77\"\n");
    let file = ws.path("kayles.toml");
    let out = ws.runner(&["new", "kayles", "--game", file.to_str().unwrap()]);
    assert_code(&out, 0);
    let read = |rel: &str| std::fs::read_to_string(ws.path(rel)).unwrap();
    assert_eq!(read("problems/kayles/game.toml"), read("kayles.toml"));
    let brute = read("problems/kayles/brute.rs");
    assert!(brute.contains(games::oracle::BEGIN), "{brute}");
    // The literal search decides, not values: a position is won iff a move reaches a lost one.
    assert!(brute.contains("if !wins(next, memo) {"), "{brute}");
    assert!(
        brute.contains("first_player_wins(&heaps, &mut memo)"),
        "{brute}"
    );
    let readme = read("problems/kayles/README.md");
    assert!(
        readme.contains("period 12 from heap 71 (proven"),
        "{readme}"
    );
    // The heaps of the published period, each alone in a test case.
    let fixture = read("fixtures/kayles.toml");
    for heap in ["\\n1 70\\n", "\\n1 71\\n", "\\n1 82\\n"] {
        assert!(fixture.contains(heap), "{heap} in:\n{fixture}");
    }
    assert!(fixture.contains("source = \"brute\"") && fixture.contains("source = \"formula\""));

    let out = ws.runner(&["verify", "kayles"]);
    assert_code(&out, 0);
    assert!(text(&out).contains("brute force: 3/3 AC"), "{}", text(&out));

    ws.write("right.rs", &solution(false));
    let out = ws.runner(&["judge", "kayles", ws.path("right.rs").to_str().unwrap()]);
    assert_code(&out, 0);
    ws.write("shortcut.rs", &solution(true));
    let out = ws.runner(&["judge", "kayles", ws.path("shortcut.rs").to_str().unwrap()]);
    assert_ne!(out.status.code(), Some(0), "{}", text(&out));
    let words = text(&out);
    assert!(words.contains("WA"), "{words}");
    // It passes the small cases (heaps below 12 read right) and fails the ones past them.
    assert!(
        words.contains("shortcut-breakers") || words.contains("heaps-that-matter"),
        "{words}"
    );

    // A stale block is refused by verify, naming the file and the command that rewrites it.
    let stale = brute.replace(
        "const DIGITS: &[u8] = &[0, 7, 7];",
        "const DIGITS: &[u8] = &[0, 7];",
    );
    assert_ne!(stale, brute);
    ws.write("problems/kayles/brute.rs", &stale);
    let out = ws.runner(&["verify", "kayles"]);
    assert_ne!(out.status.code(), Some(0));
    let words = text(&out);
    assert!(
        words.contains("problems/kayles/brute.rs:") && words.contains("is stale"),
        "{words}"
    );
    assert!(
        words.contains("runner game kayles --write-brute"),
        "{words}"
    );
    let out = ws.runner(&["game", "kayles", "--write-brute"]);
    assert_code(&out, 0);
    assert_eq!(read("problems/kayles/brute.rs"), brute);

    // A move program's game file makes no problem: its brute force is not generated.
    ws.write(
        "wythoff.toml",
        "[program]\nsource = \"m.py\"\nstart = \"1 1\"\n",
    );
    let file = ws.path("wythoff.toml");
    let out = ws.runner(&["new", "wythoff", "--game", file.to_str().unwrap()]);
    assert_code(&out, 2);
    assert!(text(&out).contains("move program"), "{}", text(&out));
    assert!(!ws.path("problems/wythoff").exists());
}
