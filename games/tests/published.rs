//! The engines against published values (OEIS, Winning Ways, Gangolli and Plambeck) and an
//! independent brute force, never against their own output.

use std::collections::HashMap;

use games::code::{Base, Code};
use games::file::{parse_all_but, parse_spec, parse_subtract};
use games::solve::{naive_values, solve, sparse_values, Observer, Quiet};
use games::{Game, Kind};

fn code(s: &str) -> Game {
    parse_spec(s, false).unwrap()
}

/// (n0, p) proven, by the engine the driver picks.
fn proven(game: &Game, max: usize) -> (usize, usize) {
    let r = solve(game, max, &Quiet);
    assert!(r.proven, "{game}: {}", r.verdict);
    assert_eq!(r.saltus, Some(0));
    (r.preperiod.unwrap(), r.period.unwrap())
}

#[test]
fn small_octal_games_prove_their_published_periods() {
    // Kayles: A002186, "from n=71 on … period 12"; Winning Ways p. 91.
    assert_eq!(proven(&code("0.77"), 10_000), (71, 12));
    // Dawson's chess 0.137: A002187, "period 34 with the only exceptions at n=0, …, 51".
    assert_eq!(proven(&code("0.137"), 10_000), (52, 34));
    // Dawson's Kayles 0.07 has A002187's values shifted by one, 0.4 by two.
    assert_eq!(proven(&code("0.07"), 10_000), (53, 34));
    assert_eq!(proven(&code("0.4"), 10_000), (54, 34));
    // S = {2, 3, 7}: period 5 from 0 (CGSuite's tests).
    let s = parse_subtract("2,3,7").unwrap();
    assert_eq!(proven(&s, 10_000), (0, 5));
}

#[test]
fn the_proof_stops_the_computation_as_soon_as_it_closes() {
    let r = solve(&code("0.77"), 1_000_000, &Quiet);
    let b = r.bound.as_ref().unwrap();
    // 2·71 + 12 + 2 = 156 = L; L + p = 168 values read.
    assert_eq!((b.limit, b.values_needed), (Some(156), Some(168)));
    assert!(
        r.values_computed >= 168 && r.values_computed <= 2 * 168,
        "{}",
        r.values_computed
    );
    assert!(r
        .proof
        .as_ref()
        .unwrap()
        .contains("71 ≤ n < 2·n0 + p + t = 2·71 + 12 + 2 = 156"));
    assert_eq!(r.stopped, games::report::Stopped::Proven);
}

#[test]
fn kayles_and_dawsons_chess_match_the_oeis_prefixes() {
    // A002186 (offset 0), the 105 terms of its data section.
    let a002186 = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
        4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
        7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
    ];
    // A002187 (offset 0): Dawson's chess, 0.137.
    let a002187 = [
        0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
        5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2,
        1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1,
        1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9,
        3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    ];
    let kayles = naive_values(&code("0.77"), a002186.len());
    assert_eq!(kayles, a002186);
    assert_eq!(naive_values(&code("0.137"), a002187.len()), a002187);
    // 0.07 is a(n − 1), 0.4 is a(n − 2) (A002187's comment), G(0) = 0 for both.
    let dawson = naive_values(&code("0.07"), a002187.len() + 1);
    assert_eq!(dawson[0], 0);
    assert_eq!(dawson[1..], a002187);
    let four = naive_values(&code("0.4"), a002187.len() + 2);
    assert_eq!(four[..2], [0, 0]);
    assert_eq!(four[2..], a002187);
    // The report's exceptions are A002186's list: "n=0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34,
    // 39, 57 and 70".
    let r = solve(&code("0.77"), 10_000, &Quiet);
    let heaps: Vec<usize> = r.exceptions.iter().map(|e| e.heap).collect();
    assert_eq!(heaps, [0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]);
    let r = solve(&code("0.137"), 10_000, &Quiet);
    let heaps: Vec<usize> = r.exceptions.iter().map(|e| e.heap).collect();
    assert_eq!(heaps, [0, 14, 16, 17, 31, 34, 51]);
}

#[test]
fn grundys_game_matches_the_oeis_prefix_and_claims_no_period() {
    // A002188 "Sprague-Grundy values for Grundy's game" (A071426, named in the issue, is not
    // it), offset 0.
    let a002188 = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
        3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
        2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3,
        7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
    ];
    let grundy = Game::new(Kind::Grundy);
    assert_eq!(naive_values(&grundy, a002188.len()), a002188);
    let r = solve(&grundy, 3000, &Quiet);
    assert_eq!((r.proven, r.period, r.evidence), (false, None, None));
    assert!(
        r.verdict
            .starts_with("evidence only: no period ≤ 989 in 3000 values"),
        "{}",
        r.verdict
    );
    assert!(
        r.verdict.contains("no theorem covers Grundy's game"),
        "{}",
        r.verdict
    );
}

#[test]
fn infinite_subtraction_sets_claim_no_period() {
    for rule in ["fibonacci", "squares"] {
        let r = solve(&parse_subtract(rule).unwrap(), 5000, &Quiet);
        assert!(!r.proven && r.period.is_none(), "{rule}: {}", r.verdict);
        assert!(
            r.verdict
                .contains("no theorem covers infinite subtraction sets"),
            "{}",
            r.verdict
        );
    }
    // Subtract-a-power-of-two is n mod 3 (a residue argument, not this theorem): seen, never
    // proven.
    let r = solve(&parse_subtract("powers-of-2").unwrap(), 5000, &Quiet);
    let e = r.evidence.unwrap();
    assert_eq!(
        (e.preperiod, e.period, e.saltus, r.proven),
        (0, 3, 0, false)
    );
    assert!((0..5000).all(|n| r.value(n) == (n % 3) as u32));
}

#[test]
fn nim_is_arithmetic_periodic_by_evidence() {
    // 0.[3]: G(n) = n, period 1 with saltus 1. An infinite code: no bound is checked, so it is
    // evidence, not a proof; the values outgrow a byte and are widened, not wrapped.
    let r = solve(&code("0.[3]"), 1000, &Quiet);
    let e = r.evidence.unwrap();
    assert_eq!((e.preperiod, e.period, e.saltus), (0, 1, 1));
    assert_eq!((r.proven, r.period, r.saltus), (false, None, Some(1)));
    assert_eq!(r.bytes_per_value, 2);
    assert!((0..1000).all(|n| r.value(n) == n as u32));
    // Lasker's Nim (4.[3]): 4k+1 → 4k+1, 4k+2 → 4k+2, 4k+3 → 4k+4, 4k+4 → 4k+3.
    let r = solve(&code("4.[3]"), 2000, &Quiet);
    let lasker = |n: u32| match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    };
    assert!((0..2000).all(|n| r.value(n as usize) == lasker(n)));
    let e = r.evidence.unwrap();
    assert_eq!((e.period, e.saltus), (4, 4));
}

#[test]
fn finite_octal_codes_are_never_called_arithmetic_periodic() {
    // 0.6 (no published period) grows slowly: no saltus may be read into it.
    let r = solve(&code("0.6"), 4000, &Quiet);
    assert_ne!(r.saltus.unwrap_or(0), 1, "{}", r.verdict);
    assert!(!r.verdict.contains("arithmetic"), "{}", r.verdict);
}

/// The values by the literal rules, recursively: digit d_j of removing j tokens, bit 1 leave
/// nothing, 2 one heap, 4 two, 8 three; G = mex of the XORs.
fn brute(digits: &[u8], n: usize, memo: &mut HashMap<usize, u32>) -> u32 {
    if let Some(&v) = memo.get(&n) {
        return v;
    }
    let mut seen = Vec::new();
    for (j, &d) in digits.iter().enumerate() {
        if j > n {
            break;
        }
        let rest = n - j;
        if d & 1 != 0 && j > 0 && rest == 0 {
            seen.push(0);
        }
        if d & 2 != 0 && j > 0 && rest > 0 {
            seen.push(brute(digits, rest, memo));
        }
        for a in 1..rest {
            if d & 4 != 0 && a <= rest - a {
                seen.push(brute(digits, a, memo) ^ brute(digits, rest - a, memo));
            }
            for b in a..=rest - a {
                let c = rest - a - b;
                if d & 8 != 0 && c >= b && c >= 1 {
                    let v = brute(digits, a, memo) ^ brute(digits, b, memo);
                    seen.push(v ^ brute(digits, c, memo));
                }
            }
        }
    }
    let v = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(n, v);
    v
}

fn brute_values(digits: &[u8], n: usize) -> Vec<u32> {
    let mut memo = HashMap::new();
    (0..n).map(|i| brute(digits, i, &mut memo)).collect()
}

#[test]
fn both_engines_agree_with_the_brute_force_on_every_three_digit_code() {
    const N: usize = 201;
    for d0 in [0u8, 4] {
        for code_digits in 0..512u32 {
            let digits = [
                d0,
                (code_digits >> 6) as u8,
                (code_digits >> 3 & 7) as u8,
                (code_digits & 7) as u8,
            ];
            let text = format!("{}.{}{}{}", digits[0], digits[1], digits[2], digits[3]);
            let c = Code::parse(&text, Base::Octal).unwrap();
            let expected = brute_values(&digits, N);
            let game = Game::new(Kind::Code(c.clone()));
            assert_eq!(naive_values(&game, N), expected, "naive, {text}");
            let (sparse, counted) = sparse_values(&c, N, Some(8));
            assert_eq!(sparse, expected, "sparse, {text}");
            if c.max_heaps() == 2 {
                assert_eq!(counted, N - 8, "{text}: sparse from heap 8");
            }
        }
    }
}

#[test]
fn hexadecimal_codes_agree_with_the_brute_force() {
    for text in ["0.8", "0.f", "0.9", "8.0", "0.48", "0.c1", "c.3", "0.1f"] {
        let digits: Vec<u8> = text
            .chars()
            .filter(|c| *c != '.')
            .map(|c| c.to_digit(16).unwrap() as u8)
            .collect();
        let game = parse_spec(text, true).unwrap();
        assert_eq!(naive_values(&game, 80), brute_values(&digits, 80), "{text}");
    }
}

#[test]
fn the_sparse_method_agrees_with_the_naive_engine_where_it_pays() {
    for text in ["0.77", "0.16", "0.56", "0.376", "0.354", "0.07"] {
        let c = Code::parse(text, Base::Octal).unwrap();
        let naive = naive_values(&Game::new(Kind::Code(c.clone())), 20_000);
        let (sparse, counted) = sparse_values(&c, 20_000, Some(1024));
        assert_eq!(sparse, naive, "{text}");
        assert_eq!(counted, 20_000 - 1024, "{text}");
    }
}

#[test]
fn all_but_is_an_infinite_code() {
    let g = parse_all_but("1,3").unwrap();
    assert_eq!(g.code().unwrap().to_string(), "0.030[3]");
    let r = solve(&g, 3000, &Quiet);
    assert!(!r.proven);
    assert!(r.verdict.contains("A. Siegel"), "{}", r.verdict);
}

/// Cancels on its `0`th question (the driver asks every 256 values).
struct StopAt(usize, std::cell::Cell<usize>);
impl Observer for StopAt {
    fn cancelled(&self) -> bool {
        self.1.set(self.1.get() + 1);
        self.1.get() >= self.0
    }
}

#[test]
fn cancellation_keeps_a_prefix() {
    let stop = StopAt(20, std::cell::Cell::new(0));
    let r = solve(&code("0.6"), 1_000_000, &stop);
    assert_eq!(r.stopped, games::report::Stopped::Cancelled);
    assert_eq!(r.values_computed, 20 * 256);
    assert!(
        r.verdict.starts_with("interrupted after 5120 values"),
        "{}",
        r.verdict
    );
    let naive = naive_values(&code("0.6"), 5120);
    assert_eq!(r.values(), naive);
}
