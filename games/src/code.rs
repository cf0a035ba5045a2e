//! Take-and-break codes: `d0.d1d2…dk`, optionally with a repeated group `d0.d1…dk[g1…gq]`
//! (the notation CGSuite's `TakeAndBreak` reads: `0.[3]` is Nim, `4.[3]` Lasker's Nim).
//!
//! Digit `d_j` says what removing `j` tokens from one heap may leave: bit 1 nothing (the heap
//! was exactly `j`), bit 2 one non-empty heap, bit 4 two non-empty heaps, bit 8 (hexadecimal
//! codes only) three. `d0` (before the point) is the moves that remove nothing: they must split
//! (4, or 8 in hexadecimal). A digit outside the code's base is an error, never "no move".

use std::fmt;

/// The base a code is written in: octal digits are 0–7, hexadecimal 0–f (bit 8: leave three
/// heaps).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Base {
    /// Digits 0–7 (at most two heaps left).
    #[default]
    Octal,
    /// Digits 0–f (at most three heaps left).
    Hexadecimal,
}

impl Base {
    fn radix(self) -> u32 {
        match self {
            Base::Octal => 8,
            Base::Hexadecimal => 16,
        }
    }
}

/// A parsed take-and-break code. Its [`Display`](fmt::Display) is the normalised code
/// (lowercase, no trailing zeros, a repeated group absorbing the digits before it that
/// repeat it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Code {
    /// d0, d1, …, dk: the finite part, d0 first.
    digits: Vec<u8>,
    /// The repeated group after dk (empty: a finite code).
    group: Vec<u8>,
    base: Base,
}

/// The longest finite part or group a code may have (a hostile file must not make the engine
/// allocate without bound): a million digits.
pub const MAX_DIGITS: usize = 1_000_000;

impl Code {
    /// Parses `text` in `base`. The error says which digit is wrong and why.
    pub fn parse(text: &str, base: Base) -> Result<Code, String> {
        let text = text.trim();
        let (head, tail) = text.split_once('.').ok_or_else(|| {
            format!("\"{text}\" is not a code: it needs a point, as in 0.07 or 4.[3]")
        })?;
        let d0 = match head.chars().collect::<Vec<_>>().as_slice() {
            [c] => digit_value(*c, base, 0).map_err(|e| format!("\"{text}\": {e}"))?,
            _ => {
                return Err(format!(
                    "\"{text}\": before the point comes one digit, d0 (got \"{head}\")"
                ))
            }
        };
        if d0 & 3 != 0 {
            return Err(format!(
                "\"{text}\": d0 = {d0:x} has bit 1 or 2, a move that removes nothing and leaves \
                 the heap (d0 may only split: 0 or 4{})",
                if base == Base::Hexadecimal {
                    ", 8, c"
                } else {
                    ""
                }
            ));
        }
        let (finite, group) = match tail.split_once('[') {
            None => (tail, None),
            Some((f, rest)) => {
                let g = rest.strip_suffix(']').ok_or_else(|| {
                    format!("\"{text}\": the repeated group must end the code with ']'")
                })?;
                (f, Some(g))
            }
        };
        let at = |e: String| format!("\"{text}\": {e}");
        let mut digits = vec![d0];
        for (i, c) in finite.chars().enumerate() {
            digits.push(digit_value(c, base, i + 1).map_err(at)?);
        }
        let mut grp = Vec::new();
        if let Some(g) = group {
            if g.is_empty() {
                return Err(format!("\"{text}\": the repeated group [] is empty"));
            }
            for (i, c) in g.chars().enumerate() {
                grp.push(digit_value(c, base, digits.len() + i).map_err(at)?);
            }
        }
        if digits.len() > MAX_DIGITS || grp.len() > MAX_DIGITS {
            return Err(format!("\"{text}\": more than {MAX_DIGITS} digits"));
        }
        Ok(Code::from_parts(digits, grp, base))
    }

    /// The code of digits `digits` (d0 first) and repeated `group`, normalised.
    pub(crate) fn from_parts(mut digits: Vec<u8>, mut group: Vec<u8>, base: Base) -> Code {
        if group.iter().all(|&d| d == 0) {
            group.clear();
        }
        if group.is_empty() {
            while digits.len() > 1 && digits.last() == Some(&0) {
                digits.pop();
            }
        } else {
            // 0.3[3] is 0.[3]; 0.12[12] is 0.[12].
            while digits.len() > 1 && digits.last() == group.last() {
                digits.pop();
                group.rotate_right(1);
            }
        }
        Code {
            digits,
            group,
            base,
        }
    }

    /// The digit d_j.
    pub fn digit(&self, j: usize) -> u8 {
        match self.digits.get(j) {
            Some(&d) => d,
            None if self.group.is_empty() => 0,
            None => self.group[(j - self.digits.len()) % self.group.len()],
        }
    }

    /// Whether the code is finite (no repeated group).
    pub fn is_finite(&self) -> bool {
        self.group.is_empty()
    }

    /// The finite part's length (d0 … dk: k + 1).
    pub(crate) fn finite_len(&self) -> usize {
        self.digits.len()
    }

    /// The repeated group (empty for a finite code).
    pub(crate) fn group(&self) -> &[u8] {
        &self.group
    }

    /// The largest removal t of a finite code (the index of its last non-zero digit); `None`
    /// for an infinite code.
    pub fn largest_removal(&self) -> Option<usize> {
        self.is_finite().then(|| self.digits.len() - 1)
    }

    /// The base the code is written in.
    pub fn base(&self) -> Base {
        self.base
    }

    /// Whether some digit has bit 8 (three heaps left): a hexadecimal code in the strict sense.
    pub fn is_hexadecimal(&self) -> bool {
        self.digits.iter().chain(&self.group).any(|&d| d & 8 != 0)
    }

    /// The most heaps one move leaves: 3 with a bit 8, 2 with a bit 4, else 1.
    pub fn max_heaps(&self) -> usize {
        let all = self.digits.iter().chain(&self.group).fold(0, |a, &d| a | d);
        if all & 8 != 0 {
            3
        } else if all & 4 != 0 {
            2
        } else {
            1
        }
    }

    /// Whether the repeated group has a splitting digit (its naive cost is then cubic).
    pub(crate) fn group_splits(&self) -> bool {
        self.group.iter().any(|&d| d & 12 != 0)
    }

    /// The j ≥ 0 with a non-zero digit, up to `n`, with their digits, in order of j.
    pub(crate) fn moves_upto(&self, n: usize) -> impl Iterator<Item = (usize, u8)> + '_ {
        let finite = self.digits.len();
        let end = if self.group.is_empty() {
            finite.min(n + 1)
        } else {
            n + 1
        };
        (0..end)
            .map(|j| (j, self.digit(j)))
            .filter(|&(_, d)| d != 0)
    }
}

fn digit_value(c: char, base: Base, index: usize) -> Result<u8, String> {
    match c.to_digit(16) {
        Some(v) if v < base.radix() => Ok(v as u8),
        Some(v) => Err(format!(
            "digit '{c}' (d{index}) is outside octal (0-7): {v} would be bit 8, leave three \
             heaps, which only a hexadecimal code has (base = 16, --hex)"
        )),
        None => Err(format!(
            "'{c}' (d{index}) is not a digit of a code ({})",
            match base {
                Base::Octal => "octal: 0-7",
                Base::Hexadecimal => "hexadecimal: 0-9, a-f",
            }
        )),
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hex = |d: &u8| char::from_digit(u32::from(*d), 16).unwrap_or('?');
        write!(f, "{}.", hex(&self.digits[0]))?;
        for d in &self.digits[1..] {
            write!(f, "{}", hex(d))?;
        }
        if !self.group.is_empty() {
            write!(f, "[")?;
            for d in &self.group {
                write!(f, "{}", hex(d))?;
            }
            write!(f, "]")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn oct(s: &str) -> Code {
        Code::parse(s, Base::Octal).unwrap()
    }

    #[test]
    fn digits_and_groups() {
        let k = oct("0.77");
        assert_eq!(
            (k.digit(0), k.digit(1), k.digit(2), k.digit(3)),
            (0, 7, 7, 0)
        );
        assert_eq!(k.largest_removal(), Some(2));
        let nim = oct("0.[3]");
        assert_eq!(nim.digit(1000), 3);
        assert_eq!(nim.digit(0), 0);
        assert_eq!(nim.largest_removal(), None);
        let g = oct("0.1[23]");
        assert_eq!(
            (1..7).map(|j| g.digit(j)).collect::<Vec<_>>(),
            [1, 2, 3, 2, 3, 2]
        );
    }

    #[test]
    fn normalised() {
        assert_eq!(oct("0.070").to_string(), "0.07");
        assert_eq!(oct("0.3[3]").to_string(), "0.[3]");
        assert_eq!(oct("0.12[12]").to_string(), "0.[12]");
        assert_eq!(oct("4.[3]").to_string(), "4.[3]");
        assert_eq!(oct("0.5[0]").to_string(), "0.5");
        let h = Code::parse("0.F", Base::Hexadecimal).unwrap();
        assert_eq!(h.to_string(), "0.f");
        assert_eq!(h.max_heaps(), 3);
    }

    #[test]
    fn a_digit_outside_the_base_is_an_error() {
        let e = Code::parse("0.78", Base::Octal).unwrap_err();
        assert!(e.contains("'8' (d2) is outside octal"), "{e}");
        let e = Code::parse("0.7g", Base::Hexadecimal).unwrap_err();
        assert!(e.contains("'g' (d2) is not a digit"), "{e}");
        assert!(Code::parse("1.7", Base::Octal)
            .unwrap_err()
            .contains("d0 = 1"));
        assert!(Code::parse("077", Base::Octal).is_err());
        assert!(Code::parse("0.[]", Base::Octal).is_err());
        assert!(Code::parse("0.[3", Base::Octal).is_err());
    }
}
