//! Nim: find a winning move (local problem).
//! T tests, each `n a1 … an`: plain Nim, normal play (whoever cannot move loses). Print `Lose`
//! if the player to move loses, else a winning move `i k`: take k stones from pile i (1-based).
//! Insight (Bouton): the mover loses iff X = a1 xor … xor an is 0. If X != 0, let h be the top
//! set bit of X; a pile with bit h set has a_i xor X < a_i (bits above h unchanged, bit h
//! cleared), so lowering it to a_i xor X is legal and leaves xor 0. Any such pile will do; this
//! one takes the LAST such pile (the jury's brute force finds the first, so the fixtures show
//! that the checker, not a diff, judges the answers). Proof in problems/nim-move/README.md.
use std::io::{self, BufWriter, Read, Write};

fn main() -> io::Result<()> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    // Tokens, not lines: CRLF, extra blank lines and a missing final newline do not matter.
    let mut tokens = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().expect("integer"));
    let mut out = BufWriter::new(io::stdout().lock());
    let t = tokens.next().expect("T");
    let mut piles: Vec<u64> = Vec::new();
    for _ in 0..t {
        let n = tokens.next().expect("n") as usize;
        piles.clear();
        piles.extend((0..n).map(|_| tokens.next().expect("a pile")));
        let x = piles.iter().fold(0, |x, &a| x ^ a);
        if x == 0 {
            writeln!(out, "Lose")?;
            continue;
        }
        // a ^ x < a  <=>  a has the top bit of x set; such a pile always exists (x != 0).
        let i = (0..n)
            .rev()
            .find(|&i| piles[i] ^ x < piles[i])
            .expect("a pile with the top bit");
        writeln!(out, "{} {}", i + 1, piles[i] - (piles[i] ^ x))?;
    }
    out.flush()
}
