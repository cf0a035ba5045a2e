//! `runner game` driven as a user runs it: the published periods (Winning Ways, OEIS,
//! Gangolli and Plambeck), never the command's own earlier output.

use std::io::Read;
use std::process::{Command as Process, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common::{assert_code, stderr, stdout, text, Ws};

fn json(ws: &Ws, args: &[&str]) -> Value {
    let mut all = vec!["game"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--format", "json"]);
    let out = ws.runner(&all);
    assert_code(&out, 0);
    serde_json::from_str(stdout(&out).trim()).unwrap_or_else(|e| panic!("{e}: {}", text(&out)))
}

/// (preperiod, period, proven) as the JSON says them.
fn period(v: &Value) -> (Value, Value, bool) {
    (
        v["preperiod"].clone(),
        v["period"].clone(),
        v["proven"] == true,
    )
}

#[test]
fn published_periods_are_proven() {
    let ws = Ws::empty();
    for (args, n0, p) in [
        (&["0.77"][..], 71, 12),
        (&["0.07"][..], 53, 34),
        (&["0.137"][..], 52, 34),
        (&["0.4"][..], 54, 34),
        (&["--subtract", "2,3,7"][..], 0, 5),
    ] {
        let v = json(&ws, args);
        assert_eq!(period(&v), (n0.into(), p.into(), true), "{args:?}: {v}");
        assert_eq!(v["saltus"], 0, "{args:?}");
        let needed = v["bound"]["values_needed"].as_u64().unwrap();
        assert!(v["values_computed"].as_u64().unwrap() >= needed, "{args:?}");
        assert!(v["proof"]
            .as_str()
            .unwrap()
            .contains(&format!("G(n+{p}) = G(n)")));
    }
}

#[test]
fn the_long_preperiods_of_0_16_and_0_56_are_proven() {
    let ws = Ws::empty();
    // Gangolli and Plambeck (1989): 0.16 n0 = 105351, p = 149459; 0.56 n0 = 326640, p = 144.
    let v = json(&ws, &["0.16", "--values", "10"]);
    assert_eq!(
        period(&v),
        (105_351.into(), 149_459.into(), true),
        "{}",
        v["verdict"]
    );
    // 2·105351 + 2·149459 + 2 values decide it, and the computation stops there.
    assert_eq!(v["values_computed"], 509_622);
    assert_eq!(v["stopped"], "proven");
    assert_eq!(v["method"]["name"], "sparse");
    assert_eq!(v["values"].as_array().unwrap().len(), 10);
    let v = json(&ws, &["0.56", "--values", "0"]);
    assert_eq!(
        period(&v),
        (326_640.into(), 144.into(), true),
        "{}",
        v["verdict"]
    );
}

#[test]
fn values_are_the_published_ones() {
    let ws = Ws::empty();
    let v = json(&ws, &["0.77"]);
    // OEIS A002186, its first 36 terms.
    let a002186: Vec<u64> = vec![
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7,
    ];
    let values: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(values[..36], a002186[..]);
    assert_eq!(values.len() as u64, v["values_computed"].as_u64().unwrap());
    let exceptions: Vec<u64> = v["exceptions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["heap"].as_u64().unwrap())
        .collect();
    assert_eq!(
        exceptions,
        [0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]
    );
    assert_eq!(
        v["convention"],
        "G(n) for heap sizes n = 0, 1, 2, …; G(0) = 0"
    );
}

#[test]
fn no_theorem_no_period() {
    let ws = Ws::empty();
    for args in [
        &["grundy"][..],
        &["--subtract", "fibonacci"][..],
        &["--subtract", "squares"][..],
    ] {
        let v = json(&ws, args);
        assert_eq!(v["period"], Value::Null, "{args:?}");
        assert_eq!(v["proven"], false, "{args:?}");
        let verdict = v["verdict"].as_str().unwrap();
        assert!(verdict.contains("no theorem covers"), "{args:?}: {verdict}");
        assert_eq!(v["values_computed"], 10_000, "{args:?}: the stated default");
    }
}

#[test]
fn the_human_report_leads_with_the_verdict() {
    let ws = Ws::empty();
    let out = ws.runner(&["game", "0.77"]);
    assert_code(&out, 0);
    let s = stdout(&out);
    let first = s.lines().next().unwrap();
    assert!(first.starts_with("period 12 from heap 71 (proven: G(n+12) = G(n) for 71 ≤ n < 2·n0 + p + t = 2·71 + 12 + 2 = 156"), "{s}");
    assert!(s.contains("G(n), rows of 12 (the period)"), "{s}");
    // Heap 70, the last exception, is marked; the row from 60 shows it.
    assert!(
        s.contains(" 60:  4  1  2  8  1  4  7  2  1  8 6*  7"),
        "{s}"
    );
    assert!(s.contains("largest value: 8 (first at heap 27)"), "{s}");
    // A002186 has no 0 but G(0): Kayles' only P-position is the empty row.
    assert!(
        s.contains("P-positions (G = 0): below heap 71: 0; from heap 71 on: none"),
        "{s}"
    );
    assert!(
        s.contains("exceptions: 14 below heap 71, the last at heap 70"),
        "{s}"
    );
    let out = ws.runner(&["game", "0.07"]);
    // Dawson's Kayles: from 53 on, the zeros of A002187 shifted by one, mod 34.
    assert!(
        stdout(&out).contains("from heap 53 on: n ≡ 5 9 21 25 29 (mod 34)"),
        "{}",
        text(&out)
    );
}

#[test]
fn a_problems_game_file_and_its_errors() {
    let ws = Ws::empty();
    ws.write(
        "problems/kayles/problem.toml",
        "title = \"K\"\njudge = \"local\"\n",
    );
    ws.write(
        "problems/kayles/game.toml",
        "title = \"Kayles\"\ncode = \"0.77\"\n",
    );
    let v = json(&ws, &["kayles"]);
    assert_eq!(period(&v), (71.into(), 12.into(), true));
    assert_eq!(v["title"], "Kayles");
    let file = ws.path("problems/kayles/game.toml");
    let v = json(&ws, &[file.to_str().unwrap()]);
    assert_eq!(v["game"], "0.77");

    ws.write(
        "problems/nogame/problem.toml",
        "title = \"N\"\njudge = \"local\"\n",
    );
    let out = ws.runner(&["game", "nogame"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("problem nogame has no game.toml"),
        "{}",
        text(&out)
    );

    ws.write("bad.toml", "title = \"x\"\nsubtract = [2, \"three\"]\n");
    let out = ws.runner(&["game", ws.path("bad.toml").to_str().unwrap()]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("bad.toml:2:12: subtract: \"three\" is not a whole number"),
        "{}",
        text(&out)
    );
}

#[test]
fn a_digit_outside_the_base_is_refused() {
    let ws = Ws::empty();
    let out = ws.runner(&["game", "0.78"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("digit '8' (d2) is outside octal"),
        "{}",
        text(&out)
    );
    // Hexadecimal, 8 is "leave three heaps": 0.8 splits a heap of n ≥ 4 … into three.
    let v = json(&ws, &["0.8", "--hex", "--max", "50"]);
    assert_eq!(v["code"], "0.8");
}

#[test]
fn ctrl_c_keeps_what_was_computed() {
    let ws = Ws::empty();
    // 0.6 has no known period: this runs until interrupted.
    let mut child = Process::new(env!("CARGO_BIN_EXE_runner"))
        .args(["--root", ws.dir.path().to_str().unwrap()])
        .args([
            "game",
            "0.6",
            "--max",
            "100000000",
            "--format",
            "json",
            "--values",
            "3000",
        ])
        .env_remove("CI")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1500));
    // SAFETY: kill(2) of our own child.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let t = Instant::now();
    let status = child.wait().unwrap();
    assert!(t.elapsed() < Duration::from_secs(30), "it stops promptly");
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    assert_eq!(status.code(), Some(130), "{out}");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["stopped"], "cancelled");
    let n = v["values_computed"].as_u64().unwrap();
    assert!(n >= 3000, "{n} values in 1.5 s");
    assert!(v["verdict"]
        .as_str()
        .unwrap()
        .starts_with(&format!("interrupted after {n} values")));
    let game = games::file::parse_spec("0.6", false).unwrap();
    let naive = games::solve::naive_values(&game, 3000);
    let kept: Vec<u32> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as u32)
        .collect();
    assert_eq!(kept, naive);
}
