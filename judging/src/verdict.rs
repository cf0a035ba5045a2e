//! Verdicts: what a judge says of one run.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The verdict of one program on one case, as an online judge gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, Serialize)]
pub enum Verdict {
    /// Accepted: the output matches under the compare mode.
    #[serde(rename = "AC")]
    Accepted,
    /// Presentation error: the same tokens, laid out with different whitespace.
    #[serde(rename = "PE")]
    PresentationError,
    /// Wrong answer: different tokens.
    #[serde(rename = "WA")]
    WrongAnswer,
    /// Time limit exceeded: CPU time over the limit, or killed at the wall-clock backstop.
    #[serde(rename = "TLE")]
    TimeLimitExceeded,
    /// Memory limit exceeded: peak resident memory over the limit.
    #[serde(rename = "MLE")]
    MemoryLimitExceeded,
    /// Output limit exceeded: more output than the cap.
    #[serde(rename = "OLE")]
    OutputLimitExceeded,
    /// Idleness limit exceeded (interactive problems): the solution and the interactor each
    /// waited for the other, neither using CPU time, or the solution slept.
    #[serde(rename = "ILE")]
    IdlenessLimitExceeded,
    /// Runtime error: a non-zero exit status or a signal.
    #[serde(rename = "RE")]
    RuntimeError,
    /// Compile error.
    #[serde(rename = "CE")]
    CompileError,
    /// Judge error: the checker crashed, timed out or exited with a code other than 0, 1, 2.
    /// Not the program's fault, never expected of a wrong solution: the run ends with exit 2.
    #[serde(rename = "JE")]
    CheckerFailed,
}

impl Verdict {
    /// Every verdict, in declaration order.
    pub(crate) const ALL: [Verdict; 10] = [
        Verdict::Accepted,
        Verdict::PresentationError,
        Verdict::WrongAnswer,
        Verdict::TimeLimitExceeded,
        Verdict::MemoryLimitExceeded,
        Verdict::OutputLimitExceeded,
        Verdict::IdlenessLimitExceeded,
        Verdict::RuntimeError,
        Verdict::CompileError,
        Verdict::CheckerFailed,
    ];

    /// Whether it is AC.
    pub fn is_accepted(self) -> bool {
        self == Verdict::Accepted
    }

    /// The judges' two- or three-letter code.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::PresentationError => "PE",
            Verdict::WrongAnswer => "WA",
            Verdict::TimeLimitExceeded => "TLE",
            Verdict::MemoryLimitExceeded => "MLE",
            Verdict::OutputLimitExceeded => "OLE",
            Verdict::IdlenessLimitExceeded => "ILE",
            Verdict::RuntimeError => "RE",
            Verdict::CompileError => "CE",
            Verdict::CheckerFailed => "JE",
        }
    }
}

/// A set of verdicts, as a wrong solution's expectation names them (`"WA"`, `["TLE", "RE"]`,
/// `"not AC"`). In TOML and JSON: one verdict as its code, every rejection as `"not AC"`,
/// others as a list of codes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Verdicts(u16);

impl Verdicts {
    /// No verdict.
    pub const NONE: Verdicts = Verdicts(0);
    /// Every verdict a program can get but AC (a compile error included; never JE).
    pub const REJECTIONS: Verdicts = Verdicts(
        (1 << Verdict::PresentationError as u16)
            | (1 << Verdict::WrongAnswer as u16)
            | (1 << Verdict::TimeLimitExceeded as u16)
            | (1 << Verdict::MemoryLimitExceeded as u16)
            | (1 << Verdict::OutputLimitExceeded as u16)
            | (1 << Verdict::IdlenessLimitExceeded as u16)
            | (1 << Verdict::RuntimeError as u16)
            | (1 << Verdict::CompileError as u16),
    );

    /// The set of `v` alone.
    pub const fn one(v: Verdict) -> Verdicts {
        Verdicts(1 << v as u16)
    }

    /// The set of `vs`.
    pub fn of(vs: &[Verdict]) -> Verdicts {
        let mut s = Verdicts::NONE;
        for &v in vs {
            s.insert(v);
        }
        s
    }

    /// Whether `v` is in the set.
    pub fn contains(self, v: Verdict) -> bool {
        self.0 & (1 << v as u16) != 0
    }

    /// Adds `v` to the set.
    pub fn insert(&mut self, v: Verdict) {
        self.0 |= 1 << v as u16;
    }

    /// The verdicts of either set.
    pub fn union(self, o: Verdicts) -> Verdicts {
        Verdicts(self.0 | o.0)
    }

    /// Whether the set has no verdict.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The verdict, when the set holds exactly one.
    pub fn single(self) -> Option<Verdict> {
        (self.0.count_ones() == 1).then(|| self.iter().next().expect("one"))
    }

    /// The verdicts in the order of [`Verdict`] (AC first).
    pub fn iter(self) -> impl Iterator<Item = Verdict> {
        Verdict::ALL.into_iter().filter(move |&v| self.contains(v))
    }

    /// The set as a TOML value: `"WA"`, `"not AC"`, `["TLE", "RE"]`.
    pub fn toml(self) -> String {
        match self.single() {
            Some(v) => format!("\"{v}\""),
            None if self == Verdicts::REJECTIONS => "\"not AC\"".into(),
            None => format!(
                "[{}]",
                self.iter()
                    .map(|v| format!("\"{v}\""))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }

    /// The codes, e.g. `["TLE", "RE"]`.
    pub fn codes(self) -> Vec<&'static str> {
        self.iter().map(Verdict::as_str).collect()
    }
}

impl fmt::Debug for Verdicts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Verdicts({self})")
    }
}

/// `WA`, `TLE or RE`, `PE, WA or RE`, `not AC`; `nothing` for the empty set.
impl fmt::Display for Verdicts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if *self == Verdicts::REJECTIONS {
            return f.pad("not AC");
        }
        let codes = self.codes();
        let text = match codes.split_last() {
            None => "nothing".to_string(),
            Some((last, [])) => last.to_string(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        };
        f.pad(&text)
    }
}

impl Serialize for Verdicts {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.single() {
            Some(v) => v.serialize(s),
            None if *self == Verdicts::REJECTIONS => s.serialize_str("not AC"),
            None => self.codes().serialize(s),
        }
    }
}

/// The codes a wrong solution's expectation may name, for error messages.
pub(crate) const VERDICT_CODES: &str = "PE, WA, TLE, MLE, OLE, ILE, RE, CE, AC, or \"not AC\"";

fn verdict_code(code: &str) -> Option<Verdicts> {
    if code == "not AC" {
        return Some(Verdicts::REJECTIONS);
    }
    Verdict::ALL
        .into_iter()
        .find(|v| v.as_str() == code)
        .map(Verdicts::one)
}

impl<'de> Deserialize<'de> for Verdicts {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Verdicts, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Verdicts;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                write!(f, "a verdict ({VERDICT_CODES}) or a list of verdicts")
            }
            fn visit_str<E: serde::de::Error>(self, code: &str) -> Result<Verdicts, E> {
                verdict_code(code).ok_or_else(|| {
                    E::custom(format!("`{code}` is not a verdict (use {VERDICT_CODES})"))
                })
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut a: A,
            ) -> Result<Verdicts, A::Error> {
                use serde::de::Error;
                let mut set = Verdicts::NONE;
                while let Some(code) = a.next_element::<String>()? {
                    let one = verdict_code(&code).ok_or_else(|| {
                        A::Error::custom(format!("`{code}` is not a verdict (use {VERDICT_CODES})"))
                    })?;
                    if one.single().is_none() {
                        return Err(A::Error::custom("`not AC` stands alone, not in a list"));
                    }
                    if set.union(one) == set {
                        return Err(A::Error::custom(format!("`{code}` is listed twice")));
                    }
                    set = set.union(one);
                }
                if set.is_empty() {
                    return Err(A::Error::custom("an empty list of verdicts"));
                }
                Ok(set)
            }
        }
        d.deserialize_any(V)
    }
}

/// What a wrong solution must get: some case a verdict of `required` (none required when it is
/// empty), and, when `permitted` is given, every case a verdict of `permitted` or `required`
/// (Library Checker's `expect` with `allow_*`; the problem package format's
/// `required`/`permitted`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Expect {
    /// Some case must get one of these (none required when empty).
    pub required: Verdicts,
    /// Every case must get one of these or of `required`, when given.
    pub permitted: Option<Verdicts>,
}

impl Expect {
    /// Some case must get `v`; the others anything.
    pub const fn one(v: Verdict) -> Expect {
        Expect {
            required: Verdicts::one(v),
            permitted: None,
        }
    }

    /// Whether a case with verdict `v` catches the program.
    pub fn catches(self, v: Verdict) -> bool {
        self.required.contains(v)
    }

    /// Whether a case may get `v`.
    pub fn permits(self, v: Verdict) -> bool {
        self.permitted
            .is_none_or(|p| p.contains(v) || self.required.contains(v))
    }

    /// The verdict every case was expected to share: the one required, when nothing else is
    /// said.
    pub fn single(self) -> Option<Verdict> {
        self.required.single().filter(|_| self.permitted.is_none())
    }
}

/// `WA`, `TLE or RE`, `WA (AC or TLE elsewhere)`, `AC or TLE on every case`.
impl fmt::Display for Expect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.required.is_empty(), self.permitted) {
            (_, None) => write!(f, "{}", self.required),
            (true, Some(p)) => write!(f, "{p} on every case"),
            (false, Some(p)) => write!(f, "{} ({p} elsewhere)", self.required),
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdict_sets_read_and_write_as_wrong_toml_spells_them() {
        #[derive(Deserialize, Serialize)]
        struct W {
            expect: Verdicts,
        }
        use Verdict::*;
        for (text, set, shown) in [
            ("\"WA\"", Verdicts::one(WrongAnswer), "WA"),
            ("\"not AC\"", Verdicts::REJECTIONS, "not AC"),
            (
                "[\"RE\", \"TLE\"]",
                Verdicts::of(&[TimeLimitExceeded, RuntimeError]),
                "TLE or RE",
            ),
            (
                "[\"AC\", \"TLE\", \"MLE\"]",
                Verdicts::of(&[Accepted, TimeLimitExceeded, MemoryLimitExceeded]),
                "AC, TLE or MLE",
            ),
        ] {
            let w: W = toml::from_str(&format!("expect = {text}")).unwrap();
            assert_eq!(w.expect, set, "{text}");
            assert_eq!(w.expect.to_string(), shown);
            let back: W = toml::from_str(&format!("expect = {}", set.toml())).unwrap();
            assert_eq!(back.expect, set);
            let json = serde_json::to_string(&w.expect).unwrap();
            assert_eq!(serde_json::from_str::<Verdicts>(&json).unwrap(), set);
        }
        assert_eq!(
            serde_json::to_string(&Verdicts::one(WrongAnswer)).unwrap(),
            "\"WA\""
        );
        for bad in ["[]", "[\"WA\", \"WA\"]", "\"wa\"", "[\"not AC\"]", "3"] {
            assert!(
                toml::from_str::<W>(&format!("expect = {bad}")).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn an_expectation_requires_some_case_and_permits_every_case() {
        use Verdict::*;
        let e = Expect {
            required: Verdicts::one(WrongAnswer),
            permitted: Some(Verdicts::one(Accepted)),
        };
        assert!(e.catches(WrongAnswer) && !e.catches(Accepted));
        assert!(e.permits(Accepted) && e.permits(WrongAnswer) && !e.permits(TimeLimitExceeded));
        assert_eq!(e.to_string(), "WA (AC elsewhere)");
        assert!(Expect::one(RuntimeError).permits(TimeLimitExceeded));
        let slow = Expect {
            required: Verdicts::NONE,
            permitted: Some(Verdicts::of(&[Accepted, TimeLimitExceeded])),
        };
        assert_eq!(slow.to_string(), "AC or TLE on every case");
        assert!(!Verdicts::REJECTIONS.contains(Accepted));
        assert!(!Verdicts::REJECTIONS.contains(CheckerFailed));
    }

    #[test]
    fn codes_round_trip_through_toml() {
        #[derive(Deserialize)]
        struct W {
            expect: Verdict,
        }
        for v in Verdict::ALL {
            let w: W = toml::from_str(&format!("expect = \"{}\"", v.as_str())).unwrap();
            assert_eq!(w.expect, v);
        }
        assert!(toml::from_str::<W>("expect = \"Wrong\"").is_err());
        assert!(toml::from_str::<W>("expect = \"CheckerFailed\"").is_err());
        // The JSON report and the run history write the same codes.
        assert_eq!(
            serde_json::to_string(&Verdict::CheckerFailed).unwrap(),
            "\"JE\""
        );
    }
}
