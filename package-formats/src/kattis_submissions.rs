//! What a Kattis / ICPC package expects of its submissions: the default requirements of the
//! `submissions/` folders (problem package format 2025-09, "Default directories") and
//! `submissions/submissions.yaml`, whose keys are glob patterns over the submissions' paths
//! (`accepted/wa.py`, `*/th.py`, `{a,b}.cpp`, a folder name) mapped to `permitted` (every case
//! gets one of these verdicts) and `required` (some case gets one).
//!
//! | package | runner |
//! |---|---|
//! | `AC` | AC |
//! | `WA` | WA or PE |
//! | `TLE` | TLE, ILE or OLE (a flood of output) |
//! | `RTE` | RE or MLE |
//!
//! A key that names a folder alone (`time_limit_exceeded:`) replaces the keys it gives of that
//! folder's defaults; any other matching key (`accepted/wa.py`, `*/th.py`) replaces them again
//! for the submissions it matches, the last in the file winning. The format adds such a key's
//! requirements to the folder's instead, which would make BAPCtools' `accepted/wa.py` marked WA
//! a contradiction; BAPCtools judges it as the file's key says, and so does the runner (which
//! checks one `permitted` and one `required` set per program). A `required` that holds AC requires nothing the runner checks.
//! Requirements per test group (a key naming a group of `data/`) are not applied: the reader
//! notes them.

use anyhow::{bail, Result};
use yaml_rust2::Yaml;

use judging::{Expect, Verdict, Verdicts};

/// One set of requirements: `None` where it says nothing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Rule {
    permitted: Option<Verdicts>,
    required: Option<Verdicts>,
}

/// `submissions.yaml`, read: its patterns in file order with their rules.
#[derive(Debug, Default)]
pub(crate) struct Expectations {
    rules: Vec<(String, Rule)>,
}

/// What the package expects of one submission.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// Every case accepted: a solution.
    Accepted,
    /// A wrong solution, and whether the expectation came from `submissions.yaml` (else from
    /// its folder's defaults).
    Wrong(Expect, bool),
}

/// The keys of a submission's entry that are not requirements per test group.
const KEYS: [&str; 9] = [
    "language",
    "entrypoint",
    "authors",
    "model_solution",
    "permitted",
    "required",
    "score",
    "message",
    "use_for_time_limit",
];

/// A verdict list of the format (`[AC, WA, TLE, RTE]`) as the runner's verdicts.
fn verdicts(y: &Yaml, what: &str) -> Result<Verdicts> {
    use Verdict::*;
    let Yaml::Array(list) = y else {
        bail!("{what}: not a list of verdicts (AC, WA, TLE, RTE)");
    };
    let mut set = Verdicts::NONE;
    for v in list {
        set = set.union(match v.as_str() {
            Some("AC") => Verdicts::one(Accepted),
            Some("WA") => Verdicts::of(&[WrongAnswer, PresentationError]),
            // A flood of output: Kattis writes it on until the time limit (TLE) and measures
            // it after; the runner stops it at the output limit (OLE).
            Some("TLE") => Verdicts::of(&[
                TimeLimitExceeded,
                IdlenessLimitExceeded,
                OutputLimitExceeded,
            ]),
            Some("RTE") => Verdicts::of(&[RuntimeError, MemoryLimitExceeded]),
            _ => bail!("{what}: {v:?} is not a verdict of the format (AC, WA, TLE, RTE)"),
        });
    }
    Ok(set)
}

/// The format's default requirements of the folder `dir`; `None` for another folder.
fn default_of(dir: &str) -> Option<Rule> {
    use Verdict::*;
    let ac = Verdicts::one(Accepted);
    let wa = Verdicts::of(&[WrongAnswer, PresentationError]);
    let tle = Verdicts::of(&[
        TimeLimitExceeded,
        IdlenessLimitExceeded,
        OutputLimitExceeded,
    ]);
    let rte = Verdicts::of(&[RuntimeError, MemoryLimitExceeded]);
    let rule = |p: Option<Verdicts>, r: Verdicts| Rule {
        permitted: p,
        required: Some(r),
    };
    Some(match dir {
        "accepted" => rule(Some(ac), ac),
        "rejected" => rule(None, Verdicts::REJECTIONS),
        "wrong_answer" => rule(Some(ac.union(wa)), wa),
        "time_limit_exceeded" => rule(Some(ac.union(tle)), tle),
        "run_time_error" => rule(Some(ac.union(rte)), rte),
        "brute_force" => rule(Some(ac.union(rte).union(tle)), rte.union(tle)),
        _ => return None,
    })
}

impl Expectations {
    /// `submissions/submissions.yaml`, loaded (`Null`: no file). Notes what is not applied.
    pub fn read(yaml: &Yaml, notes: &mut Vec<String>) -> Result<Expectations> {
        let mut rules = Vec::new();
        let Yaml::Hash(h) = yaml else {
            if !yaml.is_null() && !yaml.is_badvalue() {
                bail!("submissions/submissions.yaml: not a map of glob patterns");
            }
            return Ok(Expectations::default());
        };
        for (k, v) in h {
            let Some(pattern) = k.as_str() else {
                bail!("submissions/submissions.yaml: the key {k:?} is not a glob pattern");
            };
            let at = format!("submissions/submissions.yaml `{pattern}`");
            let what = |key: &str| format!("{at}: {key}");
            let Yaml::Hash(entry) = v else {
                bail!("{}: not a map", what("its value"));
            };
            let mut rule = Rule::default();
            for (key, value) in entry {
                match key.as_str() {
                    Some("permitted") => {
                        rule.permitted = Some(verdicts(value, &what("permitted"))?)
                    }
                    Some("required") => rule.required = Some(verdicts(value, &what("required"))?),
                    Some(known) if KEYS.contains(&known) => {}
                    Some(group) => notes.push(format!(
                        "{at}: requirements for the test group `{group}` alone are not applied"
                    )),
                    None => bail!("{at}: a key that is not a string"),
                }
            }
            rules.push((pattern.to_string(), rule));
        }
        Ok(Expectations { rules })
    }

    /// What the package expects of the submission `dir/name` (relative to `submissions/`);
    /// `None` when neither its folder nor `submissions.yaml` says anything of it.
    pub fn of(&self, dir: &str, name: &str) -> Option<Expected> {
        let path = format!("{dir}/{name}");
        let mut rule = default_of(dir);
        let mut from_yaml = false;
        for (_, r) in self.rules.iter().filter(|(p, _)| p == dir) {
            let base = rule.get_or_insert_with(Rule::default);
            base.permitted = r.permitted.or(base.permitted);
            base.required = r.required.or(base.required);
            from_yaml = true;
        }
        for (_, r) in self
            .rules
            .iter()
            .filter(|(p, _)| p != dir && (glob(p, &path) || glob(p, dir)))
        {
            let base = rule.get_or_insert_with(Rule::default);
            base.permitted = r.permitted.or(base.permitted);
            base.required = r.required.or(base.required);
            from_yaml = true;
        }
        let rule = rule?;
        // An entry that says only per-group things (BAPCtools' testexpectations: `tle:` with
        // `use_for_time_limit` for its groups) says nothing of the verdicts.
        if rule.permitted.is_none() && rule.required.is_none() && default_of(dir).is_none() {
            return None;
        }
        let permitted = rule.permitted;
        if permitted.is_some_and(|p| p.iter().all(Verdict::is_accepted)) {
            return Some(Expected::Accepted);
        }
        let required = rule
            .required
            .filter(|r| !r.contains(Verdict::Accepted))
            .unwrap_or_default();
        Some(Expected::Wrong(
            Expect {
                required,
                permitted,
            },
            from_yaml,
        ))
    }
}

/// Whether the glob `pattern` matches `path` whole: `*` within a name (never `/`), `?` one
/// character, `{a,b}` either; no `**`.
pub(crate) fn glob(pattern: &str, path: &str) -> bool {
    expand(pattern)
        .iter()
        .any(|p| matches(p.as_bytes(), path.as_bytes()))
}

/// `pattern` with its braces expanded (`{a,b}.py` → `a.py`, `b.py`).
fn expand(pattern: &str) -> Vec<String> {
    let Some(open) = pattern.find('{') else {
        return vec![pattern.to_string()];
    };
    let Some(close) = pattern[open..].find('}').map(|c| open + c) else {
        return vec![pattern.to_string()];
    };
    let (head, tail) = (&pattern[..open], &pattern[close + 1..]);
    pattern[open + 1..close]
        .split(',')
        .flat_map(|alt| expand(&format!("{head}{alt}{tail}")))
        .collect()
}

fn matches(p: &[u8], s: &[u8]) -> bool {
    match (p.first(), s.first()) {
        (None, None) => true,
        (Some(b'*'), _) => {
            matches(&p[1..], s) || (!s.is_empty() && s[0] != b'/' && matches(p, &s[1..]))
        }
        (Some(b'?'), Some(&c)) => c != b'/' && matches(&p[1..], &s[1..]),
        (Some(a), Some(b)) => a == b && matches(&p[1..], &s[1..]),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yaml_rust2::YamlLoader;

    fn read(text: &str) -> (Expectations, Vec<String>) {
        let y = YamlLoader::load_from_str(text).unwrap().remove(0);
        let mut notes = Vec::new();
        let e = Expectations::read(&y, &mut notes).unwrap();
        (e, notes)
    }

    #[test]
    fn globs_match_within_a_name_and_expand_braces() {
        assert!(glob("accepted/*", "accepted/a.py"));
        assert!(!glob("*", "accepted/a.py"));
        assert!(glob("*/th.py", "accepted/th.py"));
        assert!(glob("accepted/{a,b}.py", "accepted/b.py"));
        assert!(!glob("accepted/{a,b}.py", "accepted/c.py"));
        assert!(glob("wrong_answer/x?.c", "wrong_answer/x1.c"));
        assert!(!glob("accepted", "accepted/a.py"));
    }

    #[test]
    fn an_entry_of_per_group_keys_only_says_nothing_of_the_verdicts() {
        // BAPCtools' testexpectations: a folder of its own, named only for its time limits.
        let (e, _) = read("tle:\n  sample:\n    use_for_time_limit: lower\n  secret:\n    use_for_time_limit: upper\n");
        assert_eq!(e.of("tle", "sleep.py"), None);
        // A standard folder keeps its defaults.
        assert!(e.of("wrong_answer", "x.py").is_some());
    }

    #[test]
    fn the_file_overrides_the_folder_and_a_folder_key_replaces_its_defaults() {
        use Verdict::*;
        let (e, notes) = read(
            "accepted/wa.py:\n  permitted: [AC, WA]\n  required: [WA]\n\
             time_limit_exceeded:\n  permitted: [AC, WA, TLE]\n\
             slow.py:\n  sample:\n    permitted: [AC]\n",
        );
        assert_eq!(e.of("accepted", "a.py"), Some(Expected::Accepted));
        let wa = Verdicts::of(&[WrongAnswer, PresentationError]);
        assert_eq!(
            e.of("accepted", "wa.py"),
            Some(Expected::Wrong(
                Expect {
                    required: wa,
                    permitted: Some(Verdicts::one(Accepted).union(wa)),
                },
                true
            ))
        );
        let tle = Verdicts::of(&[
            TimeLimitExceeded,
            IdlenessLimitExceeded,
            OutputLimitExceeded,
        ]);
        assert_eq!(
            e.of("time_limit_exceeded", "x.c"),
            Some(Expected::Wrong(
                Expect {
                    required: tle,
                    permitted: Some(Verdicts::one(Accepted).union(wa).union(tle)),
                },
                true
            ))
        );
        assert_eq!(
            e.of("rejected", "x.c"),
            Some(Expected::Wrong(
                Expect {
                    required: Verdicts::REJECTIONS,
                    permitted: None
                },
                false
            ))
        );
        assert_eq!(e.of("other", "x.c"), None);
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(notes[0].contains("test group `sample`"), "{notes:?}");
    }

    #[test]
    fn bad_verdicts_are_named() {
        let y = YamlLoader::load_from_str("accepted/a.py:\n  permitted: [AC, OK]\n")
            .unwrap()
            .remove(0);
        let err = Expectations::read(&y, &mut Vec::new()).unwrap_err();
        assert!(
            err.to_string()
                .contains("submissions/submissions.yaml `accepted/a.py`: permitted"),
            "{err}"
        );
    }
}
