//! Wrong: builds the losing positions by the mex construction but starts the table at (1, 2), so
//! table[k] holds a_{k+1}: looking up the difference k = b − a is off by one
//! ((1, 2) has k = 1 but table[1] = 3). The table only reaches k < 10^5 (10^9 would not fit
//! in 10000 KiB anyway).
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let mut out = BufWriter::new(io::stdout().lock());
    let nums: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|t| t.parse().expect("integer"))
        .collect();
    const N: usize = 100_000;
    let mut used = vec![false; 3 * N];
    let mut table = Vec::new();
    let mut a = 1;
    for k in 1..N {
        while used[a] {
            a += 1;
        }
        used[a] = true;
        used[a + k] = true;
        table.push(a);
    }
    for pair in nums.chunks_exact(2) {
        let (a, b) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
        let k = b - a;
        let losing = k < table.len() && table[k] == a;
        writeln!(out, "{}", if losing { 0 } else { 1 })?;
    }
    out.flush()
}
