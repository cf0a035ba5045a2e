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
    #[cfg(test)]
    pub const ALL: [Verdict; 10] = [
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

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
