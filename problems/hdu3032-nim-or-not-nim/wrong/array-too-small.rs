//! WRONG: N <= 10^6 read as 10^5. The heaps are stored in an array of 100005 before they are
//! xored, as C++ solutions often do with `int s[100005]`; a test case of more heaps (max-n's
//! 10^6) indexes past its end and panics. The nim-values are right.
//! (In C++ the same overrun is undefined behaviour: a segmentation fault in HDU's 32-bit build
//! and in a dynamic 64-bit one, an endless loop in a static 64-bit one, where libc's own data
//! lies behind the array; Rust's bounds check makes it a sure runtime error.)
use std::io::{self, BufWriter, Read, Write};

const MAX_N: usize = 100_005;

fn grundy(s: u64) -> u64 {
    match s % 4 {
        0 => s - 1,
        3 => s + 1,
        _ => s,
    }
}

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut nums = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let t = nums.next().unwrap_or(0);
    let mut s = [0u64; MAX_N];
    let mut out = BufWriter::new(io::stdout().lock());
    for _ in 0..t {
        let n = nums.next().expect("N");
        let mut len = 0;
        for _ in 0..n {
            s[len] = nums.next().expect("heap");
            len += 1;
        }
        let x = s[..len].iter().fold(0, |x, &v| x ^ grundy(v));
        writeln!(out, "{}", if x != 0 { "Alice" } else { "Bob" })?;
    }
    out.flush()
}
