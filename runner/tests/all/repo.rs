//! Checks of the project's own problems: every fixture case within the brute force's reach agrees
//! with it, every problem survives a bounded stress, and a planted bug is caught with a diff.
//! "Every problem" with `RUNNER_FULL_TESTS=1` (CI); a plain `cargo test` sweeps the three of
//! `QUICK_PROBLEMS`.

use crate::common::*;

#[test]
fn every_fixture_agrees_with_the_brute_force() {
    let slugs = swept_problems(&QUICK_PROBLEMS);
    let mut args = vec!["verify"];
    args.extend(slugs.iter().map(String::as_str));
    let out = repo_runner(&args);
    assert_code(&out, 0);
    let s = stdout(&out);
    for slug in &slugs {
        assert!(
            s.contains(&format!("PASS {slug} ")),
            "{slug} not verified:\n{s}"
        );
    }
}

#[test]
fn every_problem_survives_a_bounded_stress() {
    // 300 seeds each in CI (RUNNER_FULL_TESTS=1), 30 by default: the same sizes, the same
    // first seeds.
    let count = if full_tests() { "300" } else { "30" };
    for slug in swept_problems(&QUICK_PROBLEMS) {
        let out = repo_runner(&["stress", &slug, "--count", count, "--seed", "1"]);
        assert_code(&out, 0);
        assert!(
            stdout(&out).contains(&format!("agrees with the brute force on all {count}")),
            "{slug}: {}",
            text(&out)
        );
    }
}

#[test]
fn swapped_words_in_cet4_are_caught_with_a_diff() {
    let dir = tempfile::tempdir().unwrap();
    let source = std::fs::read_to_string(repo_root().join("solutions/src/bin/hdu1847-cet4.rs"))
        .unwrap()
        .replace("Kiki", "K_I_K_I")
        .replace("Cici", "Kiki")
        .replace("K_I_K_I", "Cici");
    let copy = dir.path().join("swapped.rs");
    std::fs::write(&copy, source).unwrap();
    let out = repo_runner(&["judge", "hdu1847-cet4", copy.to_str().unwrap()]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(s.contains("case sample: WA"), "{s}");
    assert!(
        s.contains("first difference: line 1, token 1: expected \"Kiki\", got \"Cici\""),
        "{s}"
    );
    assert!(s.contains("-Kiki\n") && s.contains("+Cici\n"), "{s}");
    assert!(
        s.contains(" 0 passed, ") || s.contains("\n0 passed, "),
        "{s}"
    );
}

#[test]
fn nim_move_accepts_a_right_move_that_differs_from_the_jury_answer() {
    let root = repo_root();
    let input = "5\n1 5\n2 3 3\n3 1 2 3\n3 3 4 5\n4 3 4 5 6\n";
    let jury = "1 5\nLose\nLose\n1 2\n2 4\n";
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sample.in");
    std::fs::write(&file, input).unwrap();
    let solution = root.join("solutions/src/bin/nim-move.rs");
    let out = repo_runner(&[
        "run",
        "nim-move",
        "--program",
        solution.to_str().unwrap(),
        file.to_str().unwrap(),
    ]);
    assert_code(&out, 0);
    let answer = stdout(&out);
    assert_ne!(
        answer, jury,
        "the solution's moves are the jury's: nothing is shown"
    );
    assert_eq!(answer.lines().last(), Some("4 4"), "{answer}");
    let out = repo_runner(&[
        "judge",
        "nim-move",
        solution.to_str().unwrap(),
        "--case",
        "sample",
    ]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains("1/1 AC"), "{}", text(&out));
}
