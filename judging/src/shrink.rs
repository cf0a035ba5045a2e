//! Shrinking a failing input (`stress`): generic steps over the text, each kept only when the
//! caller's test still fails on the result (the caller checks it against the problem's
//! validator, so a shrunk input stays inside the statement, and that the disagreement holds).
//!
//! The steps, tried in this order and repeated until none helps: drop a line (a test case of a
//! multi-case input, an edge, a pile's line), drop a token, set a number to 0, halve it, take
//! one from it; then drop a run of 2 to 8 lines (a test that spans several lines), each run
//! also with the first line's count, when it is one number, lowered by one. A problem-specific shrinker is not supported yet: the generic steps with the
//! validator as the guard suit the inputs of this repository (lines of numbers).

/// The input made smaller while `fails` holds for it, trying at most `tries` candidates.
pub(crate) fn shrink(input: &[u8], tries: usize, mut fails: impl FnMut(&[u8]) -> bool) -> Vec<u8> {
    let Ok(text) = std::str::from_utf8(input) else {
        return input.to_vec();
    };
    let mut best = text.to_string();
    let mut left = tries;
    loop {
        let mut improved = false;
        for candidate in candidates(&best) {
            if left == 0 {
                return best.into_bytes();
            }
            left -= 1;
            if smaller(&candidate, &best) && fails(candidate.as_bytes()) {
                best = candidate;
                improved = true;
                break;
            }
        }
        if !improved {
            return best.into_bytes();
        }
    }
}

/// Whether `a` is smaller than `b`: fewer bytes, or as many and smaller numbers.
fn smaller(a: &str, b: &str) -> bool {
    let sum = |s: &str| -> u128 {
        s.split_ascii_whitespace()
            .filter_map(|t| t.parse::<u128>().ok())
            .sum()
    };
    (a.len(), sum(a)) < (b.len(), sum(b))
}

/// The candidates of one step, most reducing first.
fn candidates(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut out = Vec::new();
    // Drop a line, the last ones first (the first line is often a count).
    for i in (0..lines.len()).rev() {
        let mut s = String::with_capacity(text.len());
        for (j, l) in lines.iter().enumerate() {
            if j != i {
                s.push_str(l);
            }
        }
        out.push(s);
    }
    // Per token: drop it, then numbers: 0, half, minus one.
    let tokens = token_spans(text);
    for &(a, b) in tokens.iter().rev() {
        let t = &text[a..b];
        let mut replace = |with: &str| {
            out.push(format!("{}{with}{}", &text[..a], &text[b..]));
        };
        replace("");
        if let Ok(n) = t.parse::<u128>() {
            if n > 0 {
                replace("0");
                // n - d for d = the largest power of two up to n, then every smaller one: the
                // least failing value is reached in a few passes, not n.
                let mut d = 1u128 << (127 - n.leading_zeros());
                while d > 0 {
                    replace(&(n - d).to_string());
                    d /= 2;
                }
            }
        }
    }
    out.extend(line_runs(&lines));
    out
}

/// `lines` without a run of 2 to 8 consecutive lines (the longest runs first), and each such
/// candidate again with the first line, when it is a single positive number (a test count),
/// lowered by one: a test that spans several lines goes whole, and the count stays right.
fn line_runs(lines: &[&str]) -> Vec<String> {
    let count = lines
        .first()
        .and_then(|l| l.trim().parse::<u64>().ok())
        .filter(|&n| n > 0);
    let mut out = Vec::new();
    for len in (2..=8.min(lines.len().saturating_sub(1))).rev() {
        for start in (1..=lines.len() - len).rev() {
            let kept = || {
                lines[..start]
                    .iter()
                    .chain(&lines[start + len..])
                    .copied()
                    .collect::<Vec<&str>>()
            };
            if let Some(n) = count {
                let mut k = kept();
                let first = format!("{}{}", n - 1, if k[0].ends_with('\n') { "\n" } else { "" });
                k[0] = &first;
                out.push(k.concat());
            }
            out.push(kept().concat());
        }
    }
    out
}

/// The byte spans of the whitespace-separated tokens.
fn token_spans(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(a)) => {
                spans.push((a, i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(a) = start {
        spans.push((a, text.len()));
    }
    spans
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failing_line_among_many_shrinks_to_itself_and_its_number_to_the_smallest_failing() {
        // Fails when some line holds a number of 10 or more.
        let fails = |s: &[u8]| {
            std::str::from_utf8(s)
                .unwrap()
                .split_ascii_whitespace()
                .filter_map(|t| t.parse::<u64>().ok())
                .any(|n| n >= 10)
        };
        let input = "12\n5\n91\n3\n40\n";
        assert_eq!(shrink(input.as_bytes(), 1000, fails), b"10\n");
    }

    #[test]
    fn a_test_of_several_lines_is_dropped_whole_with_its_count() {
        // T, then T tests of two lines each (n, then n numbers); fails while some test holds a
        // 7 and the input is well formed, so that no single line can go.
        let fails = |s: &[u8]| {
            let text = std::str::from_utf8(s).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            let Some(t) = lines.first().and_then(|l| l.parse::<usize>().ok()) else {
                return false;
            };
            if lines.len() != 1 + 2 * t {
                return false;
            }
            let mut seven = false;
            for k in 0..t {
                let n: usize = match lines[1 + 2 * k].parse() {
                    Ok(n) if n > 0 => n,
                    _ => return false,
                };
                let a: Vec<&str> = lines[2 + 2 * k].split(' ').collect();
                if a.len() != n || a.iter().any(|x| x.parse::<u64>().is_err()) {
                    return false;
                }
                seven |= a.contains(&"7");
            }
            seven
        };
        let input = "3\n2\n5 6\n1\n7\n3\n1 2 3\n";
        assert!(fails(input.as_bytes()));
        assert_eq!(shrink(input.as_bytes(), 10_000, fails), b"1\n1\n7\n");
    }

    #[test]
    fn what_the_guard_refuses_is_never_kept() {
        // A guard that wants exactly two lines: only numbers may shrink.
        let fails = |s: &[u8]| {
            let t = std::str::from_utf8(s).unwrap();
            t.lines().count() == 2 && t.lines().all(|l| l.parse::<u64>().is_ok_and(|n| n >= 3))
        };
        assert_eq!(shrink(b"100\n250\n", 1000, fails), b"3\n3\n");
    }
}
