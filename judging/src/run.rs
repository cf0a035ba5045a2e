//! Planning and executing a judge run: build every program once, run every (program, case) job
//! in parallel, judge each run, and confirm alone a time-limit verdict that the wall clock gave.
//!
//! [`execute`] reads as its phases: `build_phase`, `TrialTable::new` with
//! `TrialTable::dispatch_order`, `judge_phase`, `confirm_phase`. Nothing here prints:
//! progress is sent as [`Event`]s and the result is a [`RunReport`], which also decides pass,
//! fail and the exit code; `report.rs` only draws it.

use sandbox::{Limits, Program};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result};
use rayon::prelude::*;

use crate::cache::{self, KeyParts, VerdictCache};
use crate::compare::CompareMode;
use crate::compile::{Built, Workshop};
use crate::fixture::Case;
use crate::interactive::{GameDirs, Interactor};
use crate::judgement::{judge_case, limit_failure, Outcome};
use crate::judges::{Judges, Profile};
use crate::problem::Problem;
use crate::tools::{Tool, Toolbox};
use crate::verdict::{Expect, Verdict, Verdicts};
use sandbox::{Cancel, Executor, RunOutput};

/// What a program is to the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// A solution: every case must be accepted.
    Solution,
    /// A wrong solution: some case must get a verdict `expect` requires, and every case one it
    /// permits. Once one case catches it, its other cases are skipped (unless
    /// `--all-cases`).
    Wrong {
        /// The verdicts it must get (`wrong.toml`).
        expect: Expect,
    },
    /// A program whose first rejection in case order is wanted (import's settling of a
    /// package's classes, export's categories): its cases run in order, and those after its
    /// first rejection are skipped, as Kattis judges.
    FirstRejection,
    /// The brute force, checked against the fixtures (`verify`).
    Oracle,
}

/// A program to judge on the cases of a problem.
#[derive(Debug, Clone)]
pub struct Subject {
    /// The file built and judged.
    pub source: PathBuf,
    /// What it is judged as.
    pub role: Role,
    /// A line saying why the program is wrong, for wrong solutions.
    pub why: Option<String>,
    /// Limits that replace the cases' own (the brute force's).
    pub limits: Option<Limits>,
    /// The judge profile it is built and run with (`judges.toml`).
    pub profile: Arc<Profile>,
}

/// One problem of the plan: its cases and the programs to judge on them.
#[derive(Debug, Clone)]
pub struct Planned {
    /// The problem the cases and programs are of.
    pub problem: Problem,
    /// The cases its subjects are judged on.
    pub cases: Vec<Case>,
    /// The programs judged.
    pub subjects: Vec<Subject>,
    /// The problem's own programs its cases are judged with (the checker, the interactor),
    /// as far as the command built them already (`mutants` builds them once for many plans).
    /// The engine builds what the cases need besides ([`crate::tools::needs_of_cases`]) in
    /// its build phase, with the subjects, and puts each in here made ready to call
    /// ([`Toolbox::put`]).
    pub tools: Toolbox,
    /// Lines the report adds to the problem's summary (e.g. the cases `verify` skipped).
    pub notes: Vec<String>,
    /// The problem's solutions when every one is still `runner new`'s scaffold: the problem is
    /// not written yet (none of them is a subject; the problem is skipped, not failed).
    pub not_written: Vec<PathBuf>,
}

impl Planned {
    /// A plan with no tool built yet (the engine builds what the cases need) and no notes.
    pub fn new(problem: Problem, cases: Vec<Case>, subjects: Vec<Subject>) -> Planned {
        Planned {
            problem,
            cases,
            subjects,
            tools: Toolbox::default(),
            notes: Vec::new(),
            not_written: Vec::new(),
        }
    }
}

/// Options of the execution.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ExecOptions<'a> {
    pub jobs: usize,
    /// The judge profiles: the problem's own programs the engine builds are built with this
    /// machine's ([`Tool::profile`]).
    pub judges: &'a Judges,
    /// The lines of an interactive case's dialogue kept for its failure (`usize::MAX` with
    /// `--transcript`, which also plays again a game that ran to a limit). How a diff is drawn
    /// is the report's: a failure keeps the outputs ([`crate::diff::Compared`]).
    pub transcript_lines: usize,
    /// Where judgements are reused from and kept; `None` judges everything.
    pub cache: Option<&'a VerdictCache>,
    /// Judge a wrong solution on every case, even after one caught it (`--all-cases`).
    pub all_cases: bool,
    /// Stop a solution at its first failing case: its cases not yet started are not run.
    pub fail_fast: bool,
    /// Cases not started by then are not run (`runner mutants --time`).
    pub deadline: Option<std::time::Instant>,
    /// The run's cancellation (Ctrl-C): once cancelled, nothing more starts.
    pub cancel: &'a Cancel,
}

/// The phases of a run, for progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Building the subjects and the tools.
    Build,
    /// Judging every subject on its cases.
    Judge,
    /// Re-running alone the TLEs the wall clock gave.
    Confirm,
    /// Running alone, on its other cases, a wrong solution that must TLE and has none yet.
    FollowUp,
}

/// Lifecycle events, for progress display and streaming reports.
#[derive(Debug)]
pub enum Event<'a> {
    /// A phase began.
    PhaseStarted {
        /// The phase begun.
        phase: Phase,
        /// Programs to build, or jobs to run.
        total: usize,
    },
    /// A program was built (or found in the cache).
    Built,
    /// A (program, case) was judged. A TLE that the wall clock gave is reported again after it
    /// is confirmed alone ([`Outcome::confirmed_alone`]): the later report stands.
    CaseFinished {
        /// The problem's slug.
        slug: &'a str,
        /// The program judged and the fixture case it ran on.
        subject: &'a Subject,
        /// The case it ran on.
        fixture: &'a Case,
        /// Its judgement there.
        outcome: &'a Outcome,
    },
    /// The run is over.
    Finished,
}

/// The results of one subject on every case (`None`: not run, because a wrong solution already
/// got its verdict, the program did not compile, or the run was interrupted first).
#[derive(Debug)]
pub struct SubjectReport {
    /// What was judged.
    pub subject: Subject,
    /// Its build: the program, or the compile error.
    pub build: Built,
    /// Its outcome on each case, in the plan's order (`None`: not run).
    pub outcomes: Vec<Option<Outcome>>,
    /// The run was interrupted during the builds and this program's build failed: it may have
    /// been cut (Ctrl-C reaches the compiler too), so it is not a compile error but not built.
    pub build_cut: bool,
}

impl SubjectReport {
    /// For a wrong solution: the first case that got a verdict its expectation requires.
    pub fn satisfied_by(&self) -> Option<usize> {
        let Role::Wrong { expect } = self.subject.role else {
            return None;
        };
        (0..self.outcomes.len()).find(|&i| self.verdict(i).is_some_and(|v| expect.catches(v)))
    }

    /// For a wrong solution: the first case whose verdict its expectation does not permit.
    pub fn unpermitted(&self) -> Option<usize> {
        let Role::Wrong { expect } = self.subject.role else {
            return None;
        };
        (0..self.outcomes.len()).find(|&i| self.verdict(i).is_some_and(|v| !expect.permits(v)))
    }

    /// Whether the subject did what its role asks. A wrong solution: some case caught it (or,
    /// when its expectation requires nothing, every case ran), and no case got a verdict it
    /// does not permit.
    pub fn passed(&self) -> bool {
        match self.subject.role {
            Role::Wrong { expect } => {
                let caught = match expect.required.is_empty() {
                    true => (0..self.outcomes.len()).all(|i| self.verdict(i).is_some()),
                    false => self.satisfied_by().is_some(),
                };
                caught && self.unpermitted().is_none()
            }
            Role::Solution | Role::Oracle | Role::FirstRejection => {
                self.build.program.is_ok()
                    && self
                        .outcomes
                        .iter()
                        .all(|o| o.as_ref().is_some_and(|o| o.verdict.is_accepted()))
            }
        }
    }

    /// Cases that did not run and were due to (the run was interrupted before them). None for
    /// a wrong solution that passed or already got a verdict it does not permit, nor for a
    /// program judged to its first rejection that got it: the rest were not due.
    pub fn not_run(&self) -> usize {
        if self.build_cut {
            return self.outcomes.len();
        }
        if self.build.program.is_err() {
            return 0;
        }
        let settled = match self.subject.role {
            Role::Wrong { .. } => self.passed() || self.unpermitted().is_some(),
            Role::FirstRejection => self
                .outcomes
                .iter()
                .flatten()
                .any(|o| !o.verdict.is_accepted()),
            Role::Solution | Role::Oracle => false,
        };
        if settled {
            return 0;
        }
        self.outcomes.iter().filter(|o| o.is_none()).count()
    }

    /// Whether what ran shows the subject failing its role: a solution with a compile error or
    /// a case not accepted; a wrong solution that ran every case it was due without passing.
    /// Work not done (an interrupted run) is no failure.
    pub fn failed(&self) -> bool {
        match self.subject.role {
            Role::Solution | Role::Oracle | Role::FirstRejection => {
                (0..self.outcomes.len()).any(|i| self.verdict(i).is_some_and(|v| !v.is_accepted()))
            }
            Role::Wrong { .. } => !self.passed() && self.not_run() == 0,
        }
    }

    /// The verdict of case `i`, counting a compile error as CE on every case.
    pub fn verdict(&self, i: usize) -> Option<Verdict> {
        if self.build_cut {
            return None;
        }
        if self.build.program.is_err() {
            return Some(Verdict::CompileError);
        }
        self.outcomes[i].as_ref().map(|o| o.verdict)
    }

    /// Cases accepted (solutions and the brute force).
    pub fn accepted(&self) -> usize {
        (0..self.outcomes.len())
            .filter(|&i| self.verdict(i).is_some_and(Verdict::is_accepted))
            .count()
    }
}

/// The counts of a run ([`crate::exit::Tally`]), here where the run is reported.
pub use crate::exit::Tally;

/// What one problem's plan gave: the plan and each subject's outcomes.
#[derive(Debug)]
pub struct ProblemReport {
    /// What was executed.
    pub planned: Planned,
    /// Each subject's results, in the plan's order.
    pub subjects: Vec<SubjectReport>,
}

impl ProblemReport {
    /// The problem's counts. A problem with no program to judge fails once.
    pub fn tally(&self) -> Tally {
        let mut t = Tally::default();
        for s in &self.subjects {
            t.checker_failures += s
                .outcomes
                .iter()
                .flatten()
                .filter(|o| o.verdict == Verdict::CheckerFailed)
                .count();
            match s.subject.role {
                Role::Solution | Role::Oracle | Role::FirstRejection => {
                    let cases = s.outcomes.len();
                    let accepted = s.accepted();
                    let not_run = s.not_run();
                    t.passed += accepted;
                    t.failed += cases - accepted - not_run;
                    t.not_run += not_run;
                    if s.subject.role == Role::Oracle {
                        t.brute_cases += cases;
                    } else {
                        t.solution_cases += cases;
                    }
                }
                Role::Wrong { .. } => {
                    t.wrong_solutions += 1;
                    if s.passed() {
                        t.passed += 1;
                    } else if s.failed() {
                        t.failed += 1;
                    } else {
                        t.not_run += 1;
                    }
                }
            }
        }
        if self.not_written() {
            t.not_written += 1;
        } else if self.subjects.is_empty() {
            t.failed += 1;
            t.missing_solutions += 1;
        }
        t
    }

    /// Whether the problem is not written yet (its solutions all `runner new`'s scaffold).
    pub fn not_written(&self) -> bool {
        !self.planned.not_written.is_empty()
    }

    /// Whether every subject of the problem passed (a problem not written yet never passes).
    pub fn passed(&self) -> bool {
        !self.not_written()
            && !self.subjects.is_empty()
            && self.subjects.iter().all(SubjectReport::passed)
    }

    /// Whether what ran shows the problem failing (work an interruption left undone is not; a
    /// problem not written yet is skipped, not failed).
    pub fn failed(&self) -> bool {
        (self.subjects.is_empty() && !self.not_written())
            || self.subjects.iter().any(SubjectReport::failed)
    }
}

/// What an execution ([`crate::Session::execute`]) gives back: every problem's report and the
/// counts of its builds.
#[derive(Debug)]
pub struct RunReport {
    /// Each problem's results, in the plan's order.
    pub problems: Vec<ProblemReport>,
    /// Programs compiled in this run.
    pub compiled: usize,
    /// Programs taken from the build cache.
    pub cached: usize,
    /// Outcomes taken from the verdict cache.
    pub reused: usize,
    /// Ctrl-C stopped the run before its end.
    pub interrupted: bool,
}

impl RunReport {
    /// The counts of the whole run.
    pub fn tally(&self) -> Tally {
        let mut t = Tally::default();
        for p in &self.problems {
            t.add(p.tally());
        }
        t
    }
}

/// For each program judged on cases in their order: the first verdict other than AC and the
/// case that got it; `None`: every case accepted it.
pub type FirstRejections = std::collections::BTreeMap<PathBuf, Option<(Verdict, String)>>;

/// The problem's own programs that judge a case, built.
#[derive(Debug, Clone, Copy)]
pub(crate) struct JudgingTools<'a> {
    pub checker: Option<&'a Program>,
    pub interactor: Option<&'a Interactor>,
    /// Where the games against the interactor write their files.
    pub game_dirs: &'a GameDirs,
}

/// One program judged on one case, and what it wrote (empty for a game: its dialogue is in the
/// outcome's failure).
pub(crate) struct Judged {
    pub outcome: Outcome,
    pub stdout: Vec<u8>,
}

/// Runs `program` on `case` and judges it (with the checker when the case says so; played
/// against the interactor when the problem is interactive), keeping what it wrote. Every command
/// that judges a program on a case (a run's jobs, stress's seeds) judges it here, so that which
/// program judges a case, and how, is decided once. The expected output is read after the run
/// and dropped with it.
pub(crate) fn judge_run(
    exec: &dyn Executor,
    (program, source): (&Program, &Path),
    case: &Case,
    limits: &Limits,
    tools: JudgingTools,
    transcript_lines: usize,
) -> Judged {
    let judged = |outcome| Judged {
        outcome: shown(outcome, case, program, source),
        stdout: Vec::new(),
    };
    if case.compare == CompareMode::Interactor {
        return judged(match tools.interactor {
            Some(interactor) => {
                let game = crate::interactive::Game {
                    solution: program,
                    limits,
                    output_cap: case.output_cap(),
                    interactor,
                    checker: tools.checker,
                    dirs: tools.game_dirs,
                };
                crate::interactive::run_case(exec, case, &game, transcript_lines)
            }
            None => Outcome::cannot_start(&std::io::Error::other(
                "the problem is interactive and has no interactor",
            )),
        });
    }
    let out = match exec.run(program, case.input.as_stdin(), limits, case.output_cap()) {
        Ok(out) => out,
        Err(e) => return judged(Outcome::cannot_start(&e)),
    };
    let outcome = match tools.checker {
        Some(checker)
            if case.compare == CompareMode::Checker && limit_failure(&out, limits).is_none() =>
        {
            crate::checker::judge(exec, checker, case, &out)
        }
        _ => compared(&out, case, limits),
    };
    Judged {
        outcome: shown(outcome, case, program, source),
        stdout: out.stdout,
    }
}

/// `outcome` as the report shows it: the program's stderr naming its files as the user knows
/// them ([`crate::judgement::users_names`]: `source`, not the sandbox's `/box/…`), and a WA's
/// short input beside it ([`with_input`]).
fn shown(mut outcome: Outcome, case: &Case, program: &Program, source: &Path) -> Outcome {
    if let Some(f) = outcome.failure.as_mut() {
        f.stderr = crate::judgement::users_names(&f.stderr, program, source);
    }
    with_input(outcome, case)
}

/// The largest input shown beside a wrong answer, its lines at most, and their width.
const INPUT_BESIDE: (u64, usize, usize) = (8 << 10, 10, 100);

/// `outcome` with the case's input beside it when it is a WA and the input is short (at most
/// [`INPUT_BESIDE`]'s bytes: its first lines, cut with a count).
fn with_input(mut outcome: Outcome, case: &Case) -> Outcome {
    let (bytes, lines, width) = INPUT_BESIDE;
    if outcome.verdict != Verdict::WrongAnswer || case.input.len() > bytes {
        return outcome;
    }
    if let (Some(f), Ok(input)) = (outcome.failure.as_mut(), case.input.read()) {
        f.input = Some(crate::diff::head(&input, lines, width));
    }
    outcome
}

/// `out` compared with `case`'s expected output by the case's compare mode.
fn compared(out: &RunOutput, case: &Case, limits: &Limits) -> Outcome {
    if case.expected.len() > STREAMED_FROM || out.stdout.len() as u64 > STREAMED_FROM {
        // A large expected output is never held: read in pieces, as often as needed; and a
        // large output is diffed on a window, never whole.
        let open = || -> std::io::Result<Box<dyn std::io::BufRead + '_>> {
            Ok(match &case.expected {
                crate::fixture::Content::Inline(b) => Box::new(&b[..]),
                crate::fixture::Content::File { path, .. } => {
                    let f = crate::bounded::open_regular(path)?;
                    Box::new(std::io::BufReader::with_capacity(1 << 16, f))
                }
            })
        };
        let judged = crate::judgement::judge_streamed(out, &open, case.compare, limits);
        return judged.unwrap_or_else(|e| Outcome::cannot_start(&e));
    }
    match case.expected.read() {
        Ok(expected) => {
            // The input, for the diff's line-paired view: not a large one.
            let input = || {
                let small = match &case.input {
                    crate::fixture::Content::Inline(b) => b.len() <= INPUT_SHOWN,
                    crate::fixture::Content::File { path, .. } => {
                        std::fs::metadata(path).is_ok_and(|m| m.len() <= INPUT_SHOWN as u64)
                    }
                };
                small
                    .then(|| case.input.read().ok().map(|b| b.into_owned()))
                    .flatten()
            };
            judge_case(out, &expected, &input, case.compare, limits)
        }
        Err(e) => Outcome::cannot_start(&e),
    }
}

/// The size of an expected output (or of an output) from which the two are compared as
/// streams and diffed on a window, never read or diffed whole.
const STREAMED_FROM: u64 = 1 << 20;

/// The largest input read again to pair a wrong answer's lines with the input's (what a
/// failure keeps whole).
const INPUT_SHOWN: usize = crate::diff::KEPT_WHOLE;

/// A rayon pool of `jobs` threads.
pub(crate) fn pool(jobs: usize) -> Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .context("cannot start the worker pool")
}

/// Phase 1: builds every distinct (source, profile) of the plan, in parallel. Returns the
/// builds in the order of `sources`.
pub(crate) fn build_phase(
    sources: &[(PathBuf, Arc<Profile>)],
    builder: &Workshop,
    pool: &rayon::ThreadPool,
    emit: &(dyn Fn(Event) + Sync),
) -> Result<Vec<Built>> {
    emit(Event::PhaseStarted {
        phase: Phase::Build,
        total: sources.len(),
    });
    pool.install(|| {
        sources
            .par_iter()
            .map(|(s, profile)| {
                let built = builder.build(s, profile)?;
                emit(Event::Built);
                Ok(built)
            })
            .collect()
    })
}

/// Whether `role` is a wrong solution that must get TLE (and nothing else catches it).
fn must_tle(role: Role) -> bool {
    matches!(role, Role::Wrong { expect } if expect.required == Verdicts::one(Verdict::TimeLimitExceeded))
}

/// The indices of `cases`, largest input first (ties in order).
fn largest_first(cases: &[Case]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..cases.len()).collect();
    order.sort_by_key(|&c| std::cmp::Reverse(cases[c].input.len()));
    order
}

/// A trial: one subject of one problem on one case. Its id is its index in [`TrialTable::trials`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Trial {
    pub problem: usize,
    pub subject: usize,
    pub case: usize,
}

/// Every trial of a run and the reports they fill.
pub(crate) struct TrialTable {
    pub reports: Vec<ProblemReport>,
    pub trials: Vec<Trial>,
    /// Per problem, per subject: a wrong solution that already got its verdict, or (with
    /// `fail_fast`) a solution that already failed: its cases not yet started are not run.
    satisfied: Vec<Vec<AtomicBool>>,
    /// Per problem, per subject: the first case (in order) that rejected a
    /// [`Role::FirstRejection`] program so far (`usize::MAX`: none).
    first_rejected: Vec<Vec<AtomicUsize>>,
    /// Wrong solutions run on every case ([`ExecOptions::all_cases`]).
    all_cases: bool,
    /// Per problem, per subject: the program's digest for the verdict cache (see
    /// [`TrialTable::take_digests`]); per problem, its checker's.
    digests: Vec<Vec<Option<[u8; 32]>>>,
    checker_digests: Vec<Option<[u8; 32]>>,
    interactor_digests: Vec<Option<[u8; 32]>>,
    /// The game files of the workers' interactive games.
    game_dirs: GameDirs,
}

impl TrialTable {
    /// One job per (subject that compiled, case), except a wrong solution that must TLE: one
    /// job, its largest case; its other cases run in [`follow_up_phase`] only when that one was
    /// not a TLE (two TLEs at once would only burn time). With `all_cases`, every case of it.
    pub(crate) fn new(
        plan: Vec<Planned>,
        all_cases: bool,
        cancelled: bool,
        build_of: impl Fn(&Subject) -> Built,
    ) -> TrialTable {
        let mut jobs = Vec::new();
        let mut reports = Vec::with_capacity(plan.len());
        let mut satisfied = Vec::with_capacity(plan.len());
        let mut first_rejected = Vec::with_capacity(plan.len());
        for (p, planned) in plan.into_iter().enumerate() {
            let mut subjects = Vec::new();
            for (s, subject) in planned.subjects.iter().enumerate() {
                let build = build_of(subject);
                let job = |c| Trial {
                    problem: p,
                    subject: s,
                    case: c,
                };
                if build.program.is_err() {
                } else if must_tle(subject.role) && !all_cases {
                    jobs.extend(largest_first(&planned.cases).first().map(|&c| job(c)));
                } else {
                    jobs.extend((0..planned.cases.len()).map(job));
                }
                subjects.push(SubjectReport {
                    subject: subject.clone(),
                    build_cut: build.program.is_err() && cancelled,
                    build,
                    outcomes: vec![None; planned.cases.len()],
                });
            }
            satisfied.push(subjects.iter().map(|_| AtomicBool::new(false)).collect());
            first_rejected.push(
                subjects
                    .iter()
                    .map(|_| AtomicUsize::new(usize::MAX))
                    .collect(),
            );
            reports.push(ProblemReport { planned, subjects });
        }
        TrialTable {
            digests: reports
                .iter()
                .map(|r| vec![None; r.subjects.len()])
                .collect(),
            checker_digests: vec![None; reports.len()],
            interactor_digests: vec![None; reports.len()],
            reports,
            trials: jobs,
            satisfied,
            first_rejected,
            all_cases,
            game_dirs: GameDirs::default(),
        }
    }

    /// Computes the digests of every built program and checker (it reads them: done once, and
    /// only when a verdict cache is used).
    pub(crate) fn take_digests(&mut self, cache: &cache::VerdictCache) {
        for (p, report) in self.reports.iter().enumerate() {
            for (s, subject) in report.subjects.iter().enumerate() {
                self.digests[p][s] = subject
                    .build
                    .program
                    .as_ref()
                    .ok()
                    .and_then(|p| cache.program_digest(p));
            }
            let tools = &report.planned.tools;
            if let Some(c) = &tools.checker {
                self.checker_digests[p] = cache.program_digest(c);
            }
            if let Some(i) = &tools.interactor {
                self.interactor_digests[p] = i.digest(cache.builds());
            }
        }
    }

    /// The verdict cache's key of job `j`; `None` when its program or checker has no digest or
    /// its files cannot be read.
    fn cache_key(&self, j: &Trial, cache: &VerdictCache, opts: &ExecOptions) -> Option<String> {
        let case = self.case(j);
        let interactive = case.compare == CompareMode::Interactor;
        let has_checker = self.reports[j.problem].planned.tools.checker.is_some();
        let by_checker = case.compare.judged_by_checker(has_checker);
        let checker = match by_checker {
            true => Some(self.checker_digests[j.problem].as_ref()?),
            false => None,
        };
        let interactor = match interactive {
            true => Some(self.interactor_digests[j.problem].as_ref()?),
            false => None,
        };
        // Each by its digest, read in pieces: a large case is never held for its key.
        let input = case.input.digest().ok()?;
        let expected = case.expected.digest().ok()?;
        Some(cache.key(&KeyParts {
            program: self.digests[j.problem][j.subject].as_ref()?,
            checker,
            interactor,
            input: &input,
            expected: &expected,
            limits: &self.limits(j),
            output_cap: case.output_cap(),
            compare: case.compare,
            transcript_lines: opts.transcript_lines,
        }))
    }

    fn subject(&self, j: &Trial) -> &SubjectReport {
        &self.reports[j.problem].subjects[j.subject]
    }

    fn case(&self, j: &Trial) -> &Case {
        &self.reports[j.problem].planned.cases[j.case]
    }

    fn tools(&self, j: &Trial) -> JudgingTools<'_> {
        let planned = &self.reports[j.problem].planned;
        JudgingTools {
            checker: planned.tools.checker.as_ref(),
            interactor: planned.tools.interactor.as_ref(),
            game_dirs: &self.game_dirs,
        }
    }

    /// The limits of a job: the subject's own (the brute force's), else the case's.
    pub(crate) fn limits(&self, j: &Trial) -> Limits {
        self.subject(j)
            .subject
            .limits
            .unwrap_or(self.case(j).limits)
    }

    /// Dispatch order: the solutions' jobs first, largest inputs first, so that the long jobs do
    /// not end up last on one worker; then the wrong solutions that must TLE, largest first
    /// (their largest case is the one that shows it); then the other wrong solutions, smallest
    /// inputs first (the cheap way to find their mistake); last the programs whose first
    /// rejection is wanted, in case order. Stable: ties keep the plan's order.
    pub(crate) fn dispatch_order(&mut self) {
        let key = |j: &Trial| {
            let size = self.case(j).input.len() as i64;
            match self.subject(j).subject.role {
                Role::Solution | Role::Oracle => (0, -size),
                role if must_tle(role) => (1, -size),
                Role::Wrong { .. } => (2, size),
                Role::FirstRejection => (3, j.case as i64),
            }
        };
        let mut keyed: Vec<((i32, i64), Trial)> =
            self.trials.iter().map(|j| (key(j), *j)).collect();
        keyed.sort_by_key(|(k, _)| *k);
        self.trials = keyed.into_iter().map(|(_, j)| j).collect();
    }

    /// Whether job `j` is no longer needed: its wrong solution was caught, or its program was
    /// rejected on an earlier case and only its first rejection is wanted.
    fn unneeded(&self, j: &Trial) -> bool {
        self.satisfied[j.problem][j.subject].load(Ordering::SeqCst)
            || j.case > self.first_rejected[j.problem][j.subject].load(Ordering::SeqCst)
    }

    /// Notes what `outcome` of job `j` settles: a wrong solution caught (unless every case is
    /// wanted), a first rejection, a solution's first failure with `fail_fast`.
    fn settle(&self, j: &Trial, outcome: &Outcome, fail_fast: bool) {
        match self.subject(j).subject.role {
            Role::Wrong { expect } if expect.catches(outcome.verdict) && !self.all_cases => {
                self.satisfied[j.problem][j.subject].store(true, Ordering::SeqCst);
            }
            Role::Solution if fail_fast && !outcome.verdict.is_accepted() => {
                self.satisfied[j.problem][j.subject].store(true, Ordering::SeqCst);
            }
            Role::FirstRejection if !outcome.verdict.is_accepted() => {
                self.first_rejected[j.problem][j.subject].fetch_min(j.case, Ordering::SeqCst);
            }
            _ => {}
        }
    }

    /// Runs job `j` unless the run was interrupted or it is a job that is no longer needed.
    fn run(&self, j: &Trial, exec: &dyn Executor, opts: &ExecOptions) -> Option<Outcome> {
        let late = opts
            .deadline
            .is_some_and(|d| std::time::Instant::now() >= d);
        if opts.cancel.is_cancelled() || late || self.unneeded(j) {
            return None;
        }
        let subject = self.subject(j);
        let program = subject.build.program.as_ref().expect("only built subjects");
        let cache = opts
            .cache
            .and_then(|c| Some((c, self.cache_key(j, c, opts)?)));
        let outcome = match cache.as_ref().and_then(|(c, key)| c.get(key)) {
            Some(kept) => kept,
            None => {
                let limits = self.limits(j);
                let outcome = judge_run(
                    exec,
                    (program, &subject.subject.source),
                    self.case(j),
                    &limits,
                    self.tools(j),
                    opts.transcript_lines,
                )
                .outcome;
                if opts.cancel.is_cancelled() {
                    return None;
                }
                if let Some((c, key)) = &cache {
                    c.put(key, &outcome, &limits);
                }
                outcome
            }
        };
        self.settle(j, &outcome, opts.fail_fast);
        Some(outcome)
    }

    /// Runs job `j` alone (no other job runs meanwhile).
    fn run_alone(&self, j: &Trial, exec: &dyn Executor, opts: &ExecOptions) -> Outcome {
        let subject = self.subject(j);
        let program = subject.build.program.as_ref().expect("built");
        let mut outcome = judge_run(
            exec,
            (program, &subject.subject.source),
            self.case(j),
            &self.limits(j),
            self.tools(j),
            opts.transcript_lines,
        )
        .outcome;
        outcome.confirmed_alone = true;
        outcome.alone_load = machine_load();
        outcome
    }

    fn finished(&self, j: &Trial, outcome: &Outcome, emit: &(dyn Fn(Event) + Sync)) {
        let s = self.subject(j);
        emit(Event::CaseFinished {
            slug: &self.reports[j.problem].planned.problem.slug,
            subject: &s.subject,
            fixture: self.case(j),
            outcome,
        });
    }

    fn record(&mut self, j: &Trial, outcome: Outcome) {
        self.reports[j.problem].subjects[j.subject].outcomes[j.case] = Some(outcome);
    }

    /// After an interruption: a TLE that only the wall clock gave and that was not confirmed
    /// alone is no verdict yet; its case counts as not run.
    fn drop_unconfirmed_if_interrupted(&mut self, cancel: &Cancel) {
        if !cancel.is_cancelled() {
            return;
        }
        for j in self.trials.clone() {
            let limits = self.limits(&j);
            let slot = &mut self.reports[j.problem].subjects[j.subject].outcomes[j.case];
            if slot
                .as_ref()
                .is_some_and(|o| o.needs_confirmation(&limits) && !o.confirmed_alone)
            {
                *slot = None;
            }
        }
    }

    fn outcome(&self, j: &Trial) -> Option<&Outcome> {
        self.subject(j).outcomes[j.case].as_ref()
    }
}

/// The machine's load: the 1-minute average of /proc/loadavg.
pub(crate) fn machine_load() -> Option<f32> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Executes the plan.
pub(crate) fn execute(
    plan: Vec<Planned>,
    builder: &Workshop,
    exec: &dyn Executor,
    opts: &ExecOptions,
    emit: &(dyn Fn(Event) + Sync),
) -> Result<RunReport> {
    let pool = pool(opts.jobs)?;
    let key = source_key;
    let missing = missing_tools(&plan, opts.judges)?;
    let sources = sources_to_build(&plan, &missing)?;
    let mut plan = plan;
    let built = build_phase(&sources, builder, &pool, emit)?;
    let built_of = |source: &(PathBuf, Arc<Profile>)| {
        &built[sources
            .binary_search_by_key(&key(source), key)
            .expect("every source was built")]
    };
    for (p, tools) in plan.iter_mut().zip(&missing) {
        for (tool, source) in tools {
            let program = built_of(source).program.clone().map_err(|msg| {
                anyhow::anyhow!(
                    "{}: {} does not compile:\n{}",
                    source.0.display(),
                    tool.what(),
                    msg.trim_end()
                )
            })?;
            p.tools.put(*tool, program, &p.problem.meta);
        }
    }
    let build_of = |s: &Subject| built_of(&(s.source.clone(), s.profile.clone())).clone();
    let cut = opts.cancel.is_cancelled();
    let mut table = TrialTable::new(plan, opts.all_cases, cut, build_of);
    if let Some(cache) = opts.cache {
        table.take_digests(cache);
    }
    table.dispatch_order();
    judge_phase(&mut table, exec, &pool, opts, emit);
    if opts.jobs > 1 {
        confirm_phase(&mut table, exec, opts, emit);
    }
    follow_up_phase(&mut table, exec, opts, emit);
    table.drop_unconfirmed_if_interrupted(opts.cancel);
    emit(Event::Finished);
    let reused = table
        .reports
        .iter()
        .flat_map(|p| &p.subjects)
        .flat_map(|s| s.outcomes.iter().flatten())
        .filter(|o| o.cached)
        .count();
    Ok(RunReport {
        problems: table.reports,
        compiled: built.iter().filter(|b| b.compiled).count(),
        cached: built.iter().filter(|b| !b.compiled).count(),
        reused,
        interrupted: opts.cancel.is_cancelled(),
    })
}

/// What tells two builds apart: the source and its profile's judge and language.
fn source_key((s, p): &(PathBuf, Arc<Profile>)) -> (PathBuf, String, String) {
    (s.clone(), p.judge.clone(), p.language.clone())
}

/// A tool to build, with its source and profile.
type ToBuild = (Tool, (PathBuf, Arc<Profile>));

/// Per problem of the plan, the tools its cases need that it has not got built: the checker
/// and the interactor, each with its source and profile. None for a problem with nothing to
/// judge (not written yet).
fn missing_tools(plan: &[Planned], judges: &Judges) -> Result<Vec<Vec<ToBuild>>> {
    plan.iter()
        .map(|p| {
            if p.subjects.is_empty() {
                return Ok(Vec::new());
            }
            crate::tools::needs_of_cases(&p.problem, &p.cases)
                .into_iter()
                .filter(|&t| !p.tools.has(t))
                .map(|t| Ok((t, (t.source(&p.problem), t.profile(judges, &p.problem)?))))
                .collect()
        })
        .collect()
}

/// Every source the plan builds, sorted by [`source_key`]: a source is built once per profile
/// (the same file may be judged under two); the tools `missing` names are built with the
/// subjects. A tool that is not there is an error.
fn sources_to_build(
    plan: &[Planned],
    missing: &[Vec<ToBuild>],
) -> Result<Vec<(PathBuf, Arc<Profile>)>> {
    for (tool, (s, _)) in missing.iter().flatten() {
        if !s.is_file() {
            anyhow::bail!("{}: {} is missing", s.display(), tool.what());
        }
    }
    let mut sources: Vec<(PathBuf, Arc<Profile>)> = plan
        .iter()
        .flat_map(|p| {
            p.subjects
                .iter()
                .map(|s| (s.source.clone(), s.profile.clone()))
        })
        .chain(missing.iter().flatten().map(|(_, s)| s.clone()))
        .collect();
    sources.sort_by_key(source_key);
    sources.dedup_by_key(|s| source_key(s));
    Ok(sources)
}

/// Phase 2: every job, in dispatch order, on `opts.jobs` workers taking jobs from one queue (a
/// parallel iterator would split the list and lose the order).
pub(crate) fn judge_phase(
    table: &mut TrialTable,
    exec: &dyn Executor,
    pool: &rayon::ThreadPool,
    opts: &ExecOptions,
    emit: &(dyn Fn(Event) + Sync),
) {
    emit(Event::PhaseStarted {
        phase: Phase::Judge,
        total: table.trials.len(),
    });
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(table.trials.len()));
    {
        let table = &*table;
        pool.scope(|scope| {
            for _ in 0..opts.jobs.max(1) {
                scope.spawn(|_| loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(job) = table.trials.get(i) else {
                        break;
                    };
                    if let Some(outcome) = table.run(job, exec, opts) {
                        table.finished(job, &outcome, emit);
                        results.lock().unwrap().push((*job, outcome));
                    }
                });
            }
        });
    }
    for (job, outcome) in results.into_inner().unwrap() {
        table.record(&job, outcome);
    }
}

/// Phase 3: a TLE that only the wall clock gave is run again alone before it stands (a TLE by
/// CPU time is not inflated by the parallel run and stands as it is), when it can change what
/// the run says ([`TrialTable::confirmation_matters`]). Only with several jobs: with one, every
/// run was alone.
pub(crate) fn confirm_phase(
    table: &mut TrialTable,
    exec: &dyn Executor,
    opts: &ExecOptions,
    emit: &(dyn Fn(Event) + Sync),
) {
    if opts.cancel.is_cancelled() {
        return;
    }
    // Every outcome so far comes from a job of the table.
    let confirm: Vec<Trial> = table
        .trials
        .iter()
        .filter(|j| {
            table
                .outcome(j)
                .is_some_and(|o| o.needs_confirmation(&table.limits(j)))
                && table.confirmation_matters(j)
        })
        .copied()
        .collect();
    if confirm.is_empty() {
        return;
    }
    emit(Event::PhaseStarted {
        phase: Phase::Confirm,
        total: confirm.len(),
    });
    for j in confirm {
        if opts.cancel.is_cancelled() {
            return;
        }
        let outcome = table.run_alone(&j, exec, opts);
        if opts.cancel.is_cancelled() {
            // Cut by the interrupt: the parallel run's outcome stands, held as it was.
            return;
        }
        table.finished(&j, &outcome, emit);
        table.record(&j, outcome);
    }
}

impl TrialTable {
    /// Whether the outcome of job `j` stands: not a TLE the wall clock gave under the
    /// parallel run (or one confirmed alone).
    fn standing(&self, j: &Trial) -> bool {
        self.outcome(j)
            .is_some_and(|o| o.confirmed_alone || !o.needs_confirmation(&self.limits(j)))
    }

    /// Whether the standing outcome of job `j` settles its program: a wrong solution caught, a
    /// first rejection found.
    fn settles(&self, j: &Trial) -> bool {
        let Some(o) = self.outcome(j).filter(|_| self.standing(j)) else {
            return false;
        };
        match self.subject(j).subject.role {
            Role::Wrong { expect } => expect.catches(o.verdict),
            Role::FirstRejection => !o.verdict.is_accepted(),
            Role::Solution | Role::Oracle => false,
        }
    }

    /// Whether a wall-clock TLE on job `j` can change what the run says of its program: not
    /// when a wrong solution that permits a TLE was caught by another case that stands (and
    /// not every case is wanted), nor on a case after a first rejection that stands.
    fn confirmation_matters(&self, j: &Trial) -> bool {
        let s = self.subject(j);
        let others = (0..s.outcomes.len()).map(|case| Trial { case, ..*j });
        match s.subject.role {
            Role::Wrong { expect } => {
                self.all_cases
                    || !expect.permits(Verdict::TimeLimitExceeded)
                    || !others
                        .filter(|o| o.case != j.case)
                        .any(|o| self.settles(&o))
            }
            Role::FirstRejection => !others.take(j.case).any(|o| self.settles(&o)),
            Role::Solution | Role::Oracle => true,
        }
    }

    /// The cases subject `s` of problem `p` still owes after the parallel run, in the order to
    /// run them alone until one settles it ([`TrialTable::settles`]): a wrong solution that must
    /// TLE, its cases without a standing TLE, largest first; another wrong solution not yet
    /// caught, the cases it skipped (a wall-clock TLE that caught it turned out otherwise
    /// alone), smallest first; a program whose first rejection is wanted, the cases it skipped
    /// before its first standing rejection, in order.
    fn owed(&self, p: usize, s: usize) -> Vec<Trial> {
        let report = &self.reports[p];
        let subject = &report.subjects[s];
        let job = |case| Trial {
            problem: p,
            subject: s,
            case,
        };
        if subject.build.program.is_err() {
            return Vec::new();
        }
        let order: Vec<usize> = match subject.subject.role {
            role if must_tle(role) => largest_first(&report.planned.cases),
            Role::Wrong { expect } if !expect.required.is_empty() && !self.all_cases => {
                let mut o = largest_first(&report.planned.cases);
                o.reverse();
                o
            }
            Role::FirstRejection => (0..report.planned.cases.len()).collect(),
            _ => return Vec::new(),
        };
        let jobs: Vec<Trial> = order.into_iter().map(job).collect();
        if subject.subject.role == Role::FirstRejection {
            return jobs
                .into_iter()
                .take_while(|j| !self.settles(j))
                .filter(|j| self.outcome(j).is_none())
                .collect();
        }
        if jobs.iter().any(|j| self.settles(j)) {
            return Vec::new();
        }
        jobs.into_iter().filter(|j| !self.standing(j)).collect()
    }
}

/// Phase 4: a program the parallel run left unsettled is run alone on the cases it owes
/// ([`TrialTable::owed`]) until one settles it: mostly a wrong solution that must TLE and has no
/// TLE that stands (by CPU time, or confirmed alone).
pub(crate) fn follow_up_phase(
    table: &mut TrialTable,
    exec: &dyn Executor,
    opts: &ExecOptions,
    emit: &(dyn Fn(Event) + Sync),
) {
    if opts.cancel.is_cancelled() {
        return;
    }
    let mut owing: Vec<Vec<Trial>> = Vec::new();
    for (p, report) in table.reports.iter().enumerate() {
        for s in 0..report.subjects.len() {
            owing.push(table.owed(p, s));
        }
    }
    if owing.iter().all(|o| o.is_empty()) {
        return;
    }
    // At most this many runs: a subject stops at the first case that settles it.
    emit(Event::PhaseStarted {
        phase: Phase::FollowUp,
        total: owing.iter().map(Vec::len).sum(),
    });
    for jobs in owing {
        for j in jobs {
            if opts.cancel.is_cancelled() {
                return;
            }
            let outcome = table.run_alone(&j, exec, opts);
            if opts.cancel.is_cancelled() {
                return;
            }
            table.finished(&j, &outcome, emit);
            table.record(&j, outcome);
            if table.settles(&j) {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judgement::tests::{out, LIMITS};
    use sandbox::{Exit, Kill, RunOutput, Stdin};
    use std::time::Duration;

    // ---- Scheduling, with a fake executor: no processes.

    /// What a fake program does on an input.
    type Behaviour = fn(&[u8]) -> RunOutput;

    struct Fake {
        programs: Vec<(String, Behaviour)>,
        /// Every run, in order: (program name, input).
        log: Mutex<Vec<(String, Vec<u8>)>>,
    }

    impl Executor for Fake {
        fn run(
            &self,
            program: &Program,
            stdin: Stdin<'_>,
            _limits: &Limits,
            _cap: usize,
        ) -> std::io::Result<RunOutput> {
            let name = std::path::Path::new(&program.argv[0])
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned();
            let Stdin::Bytes(input) = stdin else {
                panic!("inline inputs only")
            };
            self.log
                .lock()
                .unwrap()
                .push((name.clone(), input.to_vec()));
            let (_, f) = self.programs.iter().find(|(n, _)| *n == name).unwrap();
            Ok(f(input))
        }
    }

    fn ok(stdout: &[u8]) -> RunOutput {
        out(stdout, Exit::Code(0), 1, 1 << 20)
    }

    /// Twice the input, as the fixtures below expect.
    fn twice(input: &[u8]) -> RunOutput {
        let n: u64 = std::str::from_utf8(input).unwrap().trim().parse().unwrap();
        ok(format!("{}\n", 2 * n).as_bytes())
    }

    struct Setup {
        _dir: tempfile::TempDir,
        plan: Vec<Planned>,
        builder: Workshop,
    }

    /// One problem with cases of inputs `inputs` (expected: twice), and executable subjects.
    fn setup(inputs: &[&str], subjects: &[(&str, Role)]) -> Setup {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let cases = inputs
            .iter()
            .enumerate()
            .map(|(i, inp)| Case {
                name: format!("c{i}"),
                source: None,
                input: inp.as_bytes().to_vec().into(),
                expected: format!("{}\n", 2 * inp.trim().parse::<u64>().unwrap())
                    .into_bytes()
                    .into(),
                limits: LIMITS,
                output_limit: None,
                compare: CompareMode::Lines,
                oracle: crate::fixture::Oracle::Brute,
                outside_statement: None,
                line: 1,
            })
            .collect();
        let subjects = subjects
            .iter()
            .map(|(name, role)| {
                let path = dir.path().join(name);
                std::fs::write(&path, "").unwrap();
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
                Subject {
                    source: path,
                    role: *role,
                    why: None,
                    limits: None,
                    profile: Arc::new(Profile::executable()),
                }
            })
            .collect();
        let meta: crate::problem::ProblemMeta = toml::from_str(
            "title = \"t\"\njudge = \"local\"\ntime_limit_ms = 1000\nmemory_limit_kib = 32768\n",
        )
        .unwrap();
        let problem = Problem {
            slug: "t".into(),
            dir: dir.path().into(),
            meta,
            solutions: vec![],
            wrong: vec![],
            programs: vec![],
            folder: Default::default(),
        };
        let plan = vec![Planned::new(problem, cases, subjects)];
        let builder = Workshop::new(dir.path().join("cache"));
        Setup {
            _dir: dir,
            plan,
            builder,
        }
    }

    /// One wrong solution, `slow`, that must get TLE.
    fn must_tle_setup(inputs: &[&str]) -> Setup {
        let expect = Expect::one(Verdict::TimeLimitExceeded);
        setup(inputs, &[("slow", Role::Wrong { expect })])
    }

    /// The judge profiles this repository ships.
    fn builtin_judges() -> Judges {
        Judges::parse(Path::new("judges.toml"), crate::judges::BUILT_IN).unwrap()
    }

    fn run_fake(s: Setup, fake: &Fake, jobs: usize) -> RunReport {
        execute(
            s.plan,
            &s.builder,
            fake,
            &ExecOptions {
                judges: &builtin_judges(),
                jobs,
                transcript_lines: 12,
                cache: None,
                all_cases: false,
                fail_fast: false,
                deadline: None,
                cancel: &Cancel::new(),
            },
            &|_| {},
        )
        .unwrap()
    }

    fn run_fake_all(s: Setup, fake: &Fake, jobs: usize, all_cases: bool) -> RunReport {
        execute(
            s.plan,
            &s.builder,
            fake,
            &ExecOptions {
                judges: &builtin_judges(),
                jobs,
                transcript_lines: 12,
                cache: None,
                all_cases,
                fail_fast: false,
                deadline: None,
                cancel: &Cancel::new(),
            },
            &|_| {},
        )
        .unwrap()
    }

    /// The inputs a fake ran, in order.
    fn inputs_run(fake: &Fake) -> Vec<String> {
        let log = fake.log.lock().unwrap();
        log.iter()
            .map(|(_, i)| String::from_utf8_lossy(i).into_owned())
            .collect()
    }

    #[test]
    fn a_wrong_solution_that_tles_everywhere_runs_one_case_unless_all_cases() {
        for (all_cases, runs) in [(false, 1), (true, 5)] {
            let s = must_tle_setup(&["1", "2", "3", "4", "5"]);
            let fake = Fake {
                programs: vec![("slow".into(), cpu_tle)],
                log: Mutex::new(vec![]),
            };
            let report = run_fake_all(s, &fake, 2, all_cases);
            assert_eq!(
                fake.log.lock().unwrap().len(),
                runs,
                "all_cases {all_cases}"
            );
            let subject = &report.problems[0].subjects[0];
            assert!(subject.passed());
            assert_eq!(subject.satisfied_by(), Some(0));
            let judged = subject.outcomes.iter().flatten().count();
            assert_eq!(judged, runs);
            assert_eq!(report.tally().passed, 1);
        }
    }

    /// WA on input 1, RE on 2, TLE by CPU time on 3, AC otherwise.
    fn mixed(input: &[u8]) -> RunOutput {
        match input {
            b"1" => ok(b"0\n"),
            b"2" => out(b"", Exit::Code(1), 1, 1 << 20),
            b"3" => cpu_tle(input),
            _ => twice(input),
        }
    }

    fn expect(required: &[Verdict], permitted: Option<&[Verdict]>) -> Role {
        Role::Wrong {
            expect: Expect {
                required: Verdicts::of(required),
                permitted: permitted.map(Verdicts::of),
            },
        }
    }

    #[test]
    fn a_wrong_solution_may_expect_a_set_of_verdicts() {
        use Verdict::*;
        // (inputs, expectation, passes, cases judged with one job)
        let rows: [(&[&str], Role, bool, usize); 6] = [
            // Some case gets TLE or RE: the RE on the second case (smallest first) does.
            (
                &["5", "2", "3"],
                expect(&[TimeLimitExceeded, RuntimeError], None),
                true,
                2,
            ),
            // AC or TLE on every case: every case runs.
            (
                &["5", "3", "6"],
                expect(&[], Some(&[Accepted, TimeLimitExceeded])),
                true,
                3,
            ),
            // A WA where only AC or TLE may come: it fails.
            (
                &["5", "1", "3"],
                expect(&[], Some(&[Accepted, TimeLimitExceeded])),
                false,
                3,
            ),
            // Caught by TLE before the WA it may not get is seen: it stops and passes
            // (Kattis' rule: the first rejection decides; --all-cases sees the whole row).
            (
                &["3", "1"],
                expect(&[TimeLimitExceeded], Some(&[Accepted])),
                true,
                1,
            ),
            // Not AC: any rejection catches it.
            (
                &["4", "1"],
                Role::Wrong {
                    expect: Expect {
                        required: Verdicts::REJECTIONS,
                        permitted: None,
                    },
                },
                true,
                2,
            ),
            (
                &["4", "5"],
                Role::Wrong {
                    expect: Expect {
                        required: Verdicts::REJECTIONS,
                        permitted: None,
                    },
                },
                false,
                2,
            ),
        ];
        for (i, (inputs, role, passes, judged)) in rows.into_iter().enumerate() {
            let s = setup(inputs, &[("w", role)]);
            let fake = Fake {
                programs: vec![("w".into(), mixed)],
                log: Mutex::new(vec![]),
            };
            let report = run_fake(s, &fake, 1);
            let subject = &report.problems[0].subjects[0];
            assert_eq!(subject.passed(), passes, "row {i}: {:?}", inputs_run(&fake));
            assert_eq!(fake.log.lock().unwrap().len(), judged, "row {i}");
        }
        // With every case judged, the WA it may not get is seen.
        let s = setup(
            &["3", "1"],
            &[("w", expect(&[TimeLimitExceeded], Some(&[Accepted])))],
        );
        let fake = Fake {
            programs: vec![("w".into(), mixed)],
            log: Mutex::new(vec![]),
        };
        let report = run_fake_all(s, &fake, 1, true);
        let subject = &report.problems[0].subjects[0];
        assert!(!subject.passed());
        assert_eq!(subject.unpermitted(), Some(1));
    }

    #[test]
    fn a_first_rejection_stops_the_program_in_case_order() {
        // Cases in order: AC, AC, WA, RE, AC; the largest input first would be the RE.
        let s = setup(
            &["5", "6", "1", "2222", "7"],
            &[("w", Role::FirstRejection)],
        );
        let fake = Fake {
            programs: vec![("w".into(), |i: &[u8]| match i {
                b"2222" => out(b"", Exit::Code(1), 1, 1 << 20),
                _ => mixed(i),
            })],
            log: Mutex::new(vec![]),
        };
        let report = run_fake(s, &fake, 1);
        assert_eq!(inputs_run(&fake), ["5", "6", "1"]);
        let subject = &report.problems[0].subjects[0];
        let verdicts: Vec<Option<Verdict>> = (0..5).map(|i| subject.verdict(i)).collect();
        use Verdict::*;
        assert_eq!(
            verdicts,
            [
                Some(Accepted),
                Some(Accepted),
                Some(WrongAnswer),
                None,
                None
            ]
        );
    }

    #[test]
    fn a_caught_wrong_solution_s_wall_clock_tle_is_not_confirmed() {
        // Input 1: WA (catches it); input 2: a TLE by the wall clock, which would need a
        // re-run alone if it mattered. The WA waits until the TLE's run has started, so that
        // both run at once on the two workers.
        static TLE_STARTED: AtomicBool = AtomicBool::new(false);
        let s = setup(&["1", "2"], &[("w", expect(&[Verdict::WrongAnswer], None))]);
        let fake = Fake {
            programs: vec![("w".into(), |i: &[u8]| match i {
                b"2" => {
                    TLE_STARTED.store(true, Ordering::SeqCst);
                    wall_tle(i)
                }
                _ => {
                    while !TLE_STARTED.load(Ordering::SeqCst) {
                        std::thread::yield_now();
                    }
                    mixed(i)
                }
            })],
            log: Mutex::new(vec![]),
        };
        let report = run_fake(s, &fake, 2);
        assert!(report.problems[0].subjects[0].passed());
        // Both ran at once (two workers); the TLE was not run again alone.
        assert_eq!(fake.log.lock().unwrap().len(), 2);
    }

    #[test]
    fn a_wrong_solution_stops_at_its_verdict() {
        let s = setup(
            &["1", "2", "3", "4"],
            &[(
                "wa",
                Role::Wrong {
                    expect: Expect::one(Verdict::WrongAnswer),
                },
            )],
        );
        let fake = Fake {
            programs: vec![("wa".into(), |_| ok(b"0\n"))],
            log: Mutex::new(vec![]),
        };
        let report = run_fake(s, &fake, 1);
        assert_eq!(
            fake.log.lock().unwrap().len(),
            1,
            "only the first case runs"
        );
        let subject = &report.problems[0].subjects[0];
        assert!(subject.passed());
        assert_eq!(report.tally().exit_code(), 0);
        assert_eq!(report.tally().wrong_solutions, 1);
    }

    #[test]
    fn dispatch_puts_solutions_first_largest_first_then_wrong_smallest_first() {
        let s = setup(
            &["7", "1000", "30"],
            &[
                (
                    "re",
                    Role::Wrong {
                        expect: Expect::one(Verdict::RuntimeError),
                    },
                ),
                ("sol", Role::Solution),
            ],
        );
        let fake = Fake {
            programs: vec![
                ("sol".into(), twice),
                ("re".into(), |_| out(b"", Exit::Code(1), 1, 1 << 20)),
            ],
            log: Mutex::new(vec![]),
        };
        let report = run_fake(s, &fake, 1);
        let log: Vec<(String, String)> = fake
            .log
            .lock()
            .unwrap()
            .iter()
            .map(|(n, i)| (n.clone(), String::from_utf8_lossy(i).into_owned()))
            .collect();
        let expect: Vec<(String, String)> =
            [("sol", "1000"), ("sol", "30"), ("sol", "7"), ("re", "7")]
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect();
        assert_eq!(log, expect);
        assert_eq!(report.tally().exit_code(), 0);
        assert_eq!(report.tally().passed, 4);
    }

    fn wall_tle(_: &[u8]) -> RunOutput {
        RunOutput {
            killed: Some(Kill::WallClock),
            wall: Duration::from_secs(3),
            ..out(b"", Exit::Signal(9), 10, 1 << 20)
        }
    }

    fn cpu_tle(_: &[u8]) -> RunOutput {
        RunOutput {
            killed: Some(Kill::CpuTime),
            ..out(b"", Exit::Signal(9), 1010, 1 << 20)
        }
    }

    #[test]
    fn a_cpu_tle_stands_without_a_rerun_but_a_wall_clock_tle_is_confirmed_alone() {
        let s = setup(
            &["1", "2"],
            &[("cpu", Role::Solution), ("wall", Role::Solution)],
        );
        let fake = Fake {
            programs: vec![("cpu".into(), cpu_tle), ("wall".into(), wall_tle)],
            log: Mutex::new(vec![]),
        };
        let report = run_fake(s, &fake, 2);
        let runs = |name: &str| {
            fake.log
                .lock()
                .unwrap()
                .iter()
                .filter(|(n, _)| n == name)
                .count()
        };
        assert_eq!(runs("cpu"), 2, "one run per case");
        assert_eq!(runs("wall"), 4, "each case once more, alone");
        let wall = &report.problems[0].subjects[1];
        assert!(wall.outcomes.iter().flatten().all(|o| o.confirmed_alone));
        let cpu = &report.problems[0].subjects[0];
        assert!(cpu.outcomes.iter().flatten().all(|o| !o.confirmed_alone));
        assert_eq!(report.tally().exit_code(), 1);
    }

    #[test]
    fn a_must_tle_wrong_solution_not_confirmed_alone_is_tried_on_its_other_cases() {
        // An unconfirmed TLE must not count: case 0 is fine alone, so the verdict must come
        // from case 1, run alone.
        let s = must_tle_setup(&["1", "2", "3"]);
        // The first run of each input is a wall-clock TLE (the parallel run); later runs (alone)
        // are fine on "1" and a CPU TLE on the others.
        static RUNS: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());
        let fake = Fake {
            programs: vec![("slow".into(), |input| {
                let mut runs = RUNS.lock().unwrap();
                let first = !runs.iter().any(|r| r == input);
                runs.push(input.to_vec());
                if first {
                    wall_tle(input)
                } else if input == b"1" {
                    twice(input)
                } else {
                    cpu_tle(input)
                }
            })],
            log: Mutex::new(vec![]),
        };
        let report = run_fake(s, &fake, 2);
        let subject = &report.problems[0].subjects[0];
        assert!(subject.passed(), "{:?}", subject.outcomes);
        assert!(subject.outcomes.iter().flatten().all(|o| o.confirmed_alone));
        assert_eq!(subject.satisfied_by(), Some(1));
    }

    #[test]
    fn a_must_tle_wrong_solution_runs_once_on_its_largest_case() {
        let s = must_tle_setup(&["1", "22", "333"]);
        let fake = Fake {
            programs: vec![("slow".into(), cpu_tle)],
            log: Mutex::new(vec![]),
        };
        let report = run_fake(s, &fake, 2);
        let log = fake.log.lock().unwrap();
        assert_eq!(log.len(), 1, "{log:?}");
        assert_eq!(log[0].1, b"333");
        assert!(report.problems[0].subjects[0].passed());
    }

    #[test]
    fn progress_never_counts_past_a_phases_total() {
        // The largest case is accepted in the parallel run, so the follow-up phase runs the
        // others alone until one is a TLE: it announces itself like every phase.
        let s = must_tle_setup(&["1", "22", "333"]);
        let fake = Fake {
            programs: vec![("slow".into(), |input| {
                if input == b"333" {
                    twice(input)
                } else {
                    cpu_tle(input)
                }
            })],
            log: Mutex::new(vec![]),
        };
        // (phase, total, progress events seen in it)
        let phases: Mutex<Vec<(Phase, usize, usize)>> = Mutex::new(Vec::new());
        let report = execute(
            s.plan,
            &s.builder,
            &fake,
            &ExecOptions {
                judges: &builtin_judges(),
                jobs: 2,
                transcript_lines: 12,
                cache: None,
                all_cases: false,
                fail_fast: false,
                deadline: None,
                cancel: &Cancel::new(),
            },
            &|e| {
                let mut phases = phases.lock().unwrap();
                match e {
                    Event::PhaseStarted { phase, total } => phases.push((phase, total, 0)),
                    Event::Built | Event::CaseFinished { .. } => {
                        phases.last_mut().expect("a phase started").2 += 1
                    }
                    Event::Finished => {}
                }
            },
        )
        .unwrap();
        assert!(report.problems[0].subjects[0].passed());
        let phases = phases.into_inner().unwrap();
        assert_eq!(
            phases,
            vec![
                (Phase::Build, 1, 1),
                (Phase::Judge, 1, 1),
                (Phase::FollowUp, 2, 1)
            ]
        );
    }
}
