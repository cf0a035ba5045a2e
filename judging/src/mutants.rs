//! What `runner mutants` decides, apart from how it is shown: the fate of each mutant (from the
//! engine's report), the mutants marked equivalent (`problems/<slug>/mutants.toml`), the kept
//! results (a mutant is judged again only when it or what judges it changed), how a survivor is
//! hunted with stress, and the score ([`Score`]: a record written once and read back by
//! `verify` and the report page with this one type).
//!
//! The mutants themselves are made by [`crate::mutate`]; the plan that judges them is the
//! engine's (`run::execute`, reached through `Session::execute`), each mutant a program judged to its first rejection.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::fixture::Case;
use crate::mutate::Mutant;
use crate::problem::Problem;
use crate::run::SubjectReport;
use crate::tools::Toolbox;
use crate::verdict::Verdict;

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct MutantsToml {
    #[serde(default)]
    equivalent: Vec<Equivalent>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Equivalent {
    id: String,
    reason: String,
}

/// The mutants marked equivalent in `problems/<slug>/mutants.toml`, by id, with their reasons;
/// none when the file is missing. A bad file is an error naming its line and field.
pub fn equivalents(problem: &Problem) -> Result<BTreeMap<String, String>> {
    let path = problem.dir.join("mutants.toml");
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(BTreeMap::new());
    };
    let parsed: MutantsToml = crate::config::parse_toml(&path, &text)?;
    Ok(parsed
        .equivalent
        .into_iter()
        .map(|e| (e.id, e.reason))
        .collect())
}

/// What became of one mutant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fate {
    /// A case rejected it, with this verdict.
    Caught {
        /// The case's name.
        case: String,
        /// What it got there.
        verdict: Verdict,
    },
    /// Every case accepted it.
    Survived,
    /// It did not compile.
    NoCompile,
    /// The run was cut (Ctrl-C, `--time`) before its fate was known.
    NotRun,
}

impl Fate {
    /// The fate as kept on disk (`caught WA case-3`, `survived`, `ce`); a fate not known is not
    /// kept.
    fn encode(&self) -> String {
        match self {
            Fate::Caught { case, verdict } => format!("caught {verdict} {case}"),
            Fate::Survived => "survived".into(),
            Fate::NoCompile => "ce".into(),
            Fate::NotRun => "not-run".into(),
        }
    }

    /// [`Fate::encode`] read back; `None` for anything else.
    fn decode(s: &str) -> Option<Fate> {
        let mut w = s.split_whitespace();
        match w.next()? {
            "caught" => {
                let verdict: Verdict = serde_json::from_str(&format!("\"{}\"", w.next()?)).ok()?;
                Some(Fate::Caught {
                    verdict,
                    case: w.next()?.to_string(),
                })
            }
            "survived" => Some(Fate::Survived),
            "ce" => Some(Fate::NoCompile),
            _ => None,
        }
    }

    /// What the engine's report says of one mutant: its first rejection, or that it survived
    /// every case; not run when the run was cut before that was known. A checker that fails
    /// (JE) has caught nothing: it is an error, as it ends `runner judge`, and nothing is kept.
    pub fn of(s: &SubjectReport, cases: &[Case]) -> Result<Fate> {
        if s.build_cut {
            return Ok(Fate::NotRun);
        }
        if s.build.program.is_err() {
            return Ok(Fate::NoCompile);
        }
        for (o, case) in s.outcomes.iter().zip(cases) {
            let Some(o) = o else {
                return Ok(Fate::NotRun);
            };
            if o.verdict == Verdict::CheckerFailed {
                anyhow::bail!(
                    "case {}: {}",
                    case.name,
                    o.detail.as_deref().unwrap_or("the checker failed")
                );
            }
            if !o.verdict.is_accepted() {
                return Ok(Fate::Caught {
                    case: case.name.clone(),
                    verdict: o.verdict,
                });
            }
        }
        Ok(Fate::Survived)
    }
}

/// The fates kept under `target/judge/mutants/<slug>/`, each by the mutant's id and a digest
/// of everything its cases judge by ([`Kept::new`]).
#[derive(Debug)]
pub struct Kept {
    dir: PathBuf,
    fixtures: String,
}

impl Kept {
    /// The kept fates of `problem` judged on `cases` with `tools` (the checker and the
    /// interactor decide what is caught: a fate is kept by them too).
    pub fn new(
        cache_dir: &Path,
        problem: &Problem,
        cases: &[Case],
        tools: &Toolbox,
    ) -> Result<Kept> {
        let dir = cache_dir.join("mutants").join(&problem.slug);
        std::fs::create_dir_all(&dir).with_context(|| format!("cannot make {}", dir.display()))?;
        let fixtures = fixture_digest(cases, tools, &cache_dir.join("build"))?;
        Ok(Kept { dir, fixtures })
    }

    /// The folder the mutants' sources are written in (`<id>/<file>`).
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, m: &Mutant) -> PathBuf {
        self.dir.join(format!("{}-{}", m.id, self.fixtures))
    }

    /// The fate kept for `m`, if any.
    pub fn get(&self, m: &Mutant) -> Option<Fate> {
        Fate::decode(&std::fs::read_to_string(self.path(m)).ok()?)
    }

    /// Keeps `fate` for `m`, unless it is not known ([`Fate::NotRun`]). A failure to write
    /// only costs the next run a judgement.
    pub fn put(&self, m: &Mutant, fate: &Fate) {
        if *fate != Fate::NotRun {
            let _ = std::fs::write(self.path(m), fate.encode());
        }
    }
}

/// A digest of everything the cases judge by: inputs, outputs, limits, compare modes, and the
/// checker and interactor (their files and how they are called).
fn fixture_digest(cases: &[Case], tools: &Toolbox, builds: &Path) -> Result<String> {
    let mut h = Sha256::new();
    let judging = tools
        .judging_digest(builds)
        .context("cannot read the checker or the interactor")?;
    h.update(judging);
    for c in cases {
        h.update(c.name.as_bytes());
        // Streamed, as the verdict cache hashes them: a large case is never held whole.
        let of = |what: &str| format!("cannot read case `{}`'s {what}", c.name);
        h.update(c.input.digest().with_context(|| of("input"))?);
        h.update(c.expected.digest().with_context(|| of("expected output"))?);
        h.update(format!("{:?} {:?}", c.limits, c.compare).as_bytes());
    }
    Ok(h.finalize()
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// The survivors of `list`: those that survived and are not marked equivalent.
pub fn survivors<'a>(
    list: &'a [Mutant],
    fates: &[Fate],
    equivalent: &BTreeMap<String, String>,
) -> Vec<&'a Mutant> {
    list.iter()
        .zip(fates)
        .filter(|(m, f)| **f == Fate::Survived && !equivalent.contains_key(&m.id))
        .map(|(m, _)| m)
        .collect()
}

/// The stress run that hunts one survivor (`program`, the mutant's source): `count` seeds from
/// seed 1, sizes ramping from 1 to 3, so that what kills it is small.
pub fn hunt_options(
    count: u64,
    program: PathBuf,
    jobs: usize,
    cancel: sandbox::Cancel,
) -> crate::stress::StressOptions {
    crate::stress::StressOptions {
        count,
        seed: 1,
        size: 1,
        max_size: Some(3),
        time: None,
        program: Some(program),
        jobs,
        transcript_lines: 12,
        cancel,
    }
}

/// The score of one solution file's mutants: the counts, and caught ÷ (built − marked
/// equivalent), where built counts the caught and the survivors.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Score {
    /// The solution file, as the report names it.
    pub program: String,
    /// Mutants made.
    pub made: usize,
    /// Mutants that did not compile.
    pub no_compile: usize,
    /// Mutants a case rejected.
    pub caught: usize,
    /// Survivors not marked equivalent.
    pub survived: usize,
    /// Survivors marked equivalent to the solution (`equivalents`).
    pub equivalent: usize,
    /// Not run: the run was cut (`--time`, Ctrl-C).
    pub not_run: usize,
}

impl Score {
    /// The score of `program`'s mutants `list` with their `fates`.
    pub fn of(
        program: String,
        list: &[Mutant],
        fates: &[Fate],
        equivalent: &BTreeMap<String, String>,
    ) -> Score {
        let count = |f: &dyn Fn(&Fate) -> bool| fates.iter().filter(|x| f(x)).count();
        Score {
            program,
            made: list.len(),
            no_compile: count(&|f| *f == Fate::NoCompile),
            caught: count(&|f| matches!(f, Fate::Caught { .. })),
            survived: survivors(list, fates, equivalent).len(),
            equivalent: list
                .iter()
                .zip(fates)
                .filter(|(m, f)| **f == Fate::Survived && equivalent.contains_key(&m.id))
                .count(),
            not_run: count(&|f| *f == Fate::NotRun),
        }
    }

    /// `C/J = P%`: caught of judged (caught and survivors); 100% when none was judged.
    pub fn fraction(&self) -> String {
        let judged = self.caught + self.survived;
        let percent = if judged == 0 {
            100.0
        } else {
            100.0 * self.caught as f64 / judged as f64
        };
        format!("{}/{judged} = {percent:.1}%", self.caught)
    }

    /// The report's line: `mutants of P: N made, …; score C/J = P%`.
    pub fn line(&self) -> String {
        format!(
            "mutants of {}: {} made, {} did not compile, {} caught, {} survived, {} marked \
             equivalent{}; score {}",
            self.program,
            self.made,
            self.no_compile,
            self.caught,
            self.survived,
            self.equivalent,
            if self.not_run > 0 {
                format!(", {} not run (--time)", self.not_run)
            } else {
                String::new()
            },
            self.fraction()
        )
    }
}

/// The file the scores of `slug` are kept in, under the cache folder's `mutants/`. (Runs
/// before this kept `<slug>.score` as text: it is not read, and the next `runner mutants`
/// writes this file.)
fn scores_path(cache_dir: &Path, slug: &str) -> PathBuf {
    cache_dir.join("mutants").join(format!("{slug}.score.json"))
}

/// Keeps the scores of `slug`'s solution files, as JSON, written whole or not at all.
pub fn write_scores(cache_dir: &Path, slug: &str, scores: &[Score]) -> Result<()> {
    let path = scores_path(cache_dir, slug);
    let json = serde_json::to_vec_pretty(scores)?;
    crate::write::replace(&path, &json).with_context(|| format!("cannot write {}", path.display()))
}

/// The scores `runner mutants` kept last for `slug`, a score per solution file; none when it
/// never ran or the file cannot be read (it is the runner's own, re-made by the next run).
pub fn last_scores(cache_dir: &Path, slug: &str) -> Vec<Score> {
    crate::bounded::read_regular(&scores_path(cache_dir, slug), 1 << 20)
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mutant(id: &str) -> Mutant {
        Mutant {
            id: id.into(),
            line: 1,
            what: "`<` → `<=`".into(),
            text: String::new(),
        }
    }

    #[test]
    fn a_fate_reads_back_as_it_was_kept() {
        let caught = Fate::Caught {
            case: "big-3".into(),
            verdict: Verdict::WrongAnswer,
        };
        for f in [caught, Fate::Survived, Fate::NoCompile] {
            assert_eq!(Fate::decode(&f.encode()), Some(f));
        }
        assert_eq!(Fate::decode(&Fate::NotRun.encode()), None);
        assert_eq!(Fate::decode("caught"), None);
    }

    #[test]
    fn the_score_counts_caught_of_caught_and_survivors_and_reads_back() {
        let list: Vec<Mutant> = ["a", "b", "c", "d", "e"].map(mutant).to_vec();
        let fates = [
            Fate::Caught {
                case: "one".into(),
                verdict: Verdict::WrongAnswer,
            },
            Fate::Caught {
                case: "two".into(),
                verdict: Verdict::RuntimeError,
            },
            Fate::Survived,
            Fate::Survived,
            Fate::NoCompile,
        ];
        let equivalent = BTreeMap::from([("d".to_string(), "same".to_string())]);
        let score = Score::of("t.rs".into(), &list, &fates, &equivalent);
        assert_eq!(
            score.line(),
            "mutants of t.rs: 5 made, 1 did not compile, 2 caught, 1 survived, 1 marked \
             equivalent; score 2/3 = 66.7%"
        );
        assert_eq!(
            survivors(&list, &fates, &equivalent)
                .iter()
                .map(|m| m.id.as_str())
                .collect::<Vec<_>>(),
            ["c"]
        );
        let dir = tempfile::tempdir().unwrap();
        assert!(last_scores(dir.path(), "t").is_empty());
        write_scores(dir.path(), "t", std::slice::from_ref(&score)).unwrap();
        assert_eq!(last_scores(dir.path(), "t"), [score]);
    }
}
