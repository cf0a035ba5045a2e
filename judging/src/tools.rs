//! The problem's own programs: its checker, interactor, validator, generator and brute force.
//! Every command that judges or makes cases (`judge`, `run`, `verify`, `stress`, `mutants`)
//! asks here which of them its cases need and gets them built here, each called its way (a
//! Kattis output validator through the checker's adapter, a Kattis input validator through the
//! validator's, an interactor with its convention), so a rule such as "this case needs the
//! checker" is written once.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Result;
use rayon::prelude::*;
use sandbox::Program;
use sha2::{Digest, Sha256};

use crate::compare::CompareMode;
use crate::compile::Workshop;
use crate::fixture::Case;
use crate::interactive::Interactor;
use crate::judges::{Judges, Profile, LOCAL};
use crate::problem::{Problem, ProblemMeta};

/// One of the problem's own programs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// The checker (`checker.rs`): judges an output when many are right.
    Checker,
    /// The interactor (`interactor.rs`): plays against the solution.
    Interactor,
    /// The input validator (`validate.rs`).
    Validator,
    /// The random input generator (`gen.rs`).
    Generator,
    /// The brute force (`brute.rs`): the oracle.
    BruteForce,
}

impl Tool {
    /// How errors name it: `the checker`.
    pub fn what(self) -> &'static str {
        match self {
            Tool::Checker => "the checker",
            Tool::Interactor => "the interactor",
            Tool::Validator => "the validator",
            Tool::Generator => "the generator",
            Tool::BruteForce => "the brute force",
        }
    }

    /// Its source in `problem`'s folder.
    pub fn source(self, problem: &Problem) -> PathBuf {
        match self {
            Tool::Checker => problem.checker_path(),
            Tool::Interactor => problem.interactor_path(),
            Tool::Validator => problem.validator_path(),
            Tool::Generator => problem.gen_path(),
            Tool::BruteForce => problem.brute_path(),
        }
    }

    /// The profile it is built with in `problem`: this machine's (`local`) for its language,
    /// under the problem's compile limits. Its run command is the bare program's: the
    /// problem's convention is put on the built program ([`Toolbox::put`]).
    pub fn profile(self, judges: &Judges, problem: &Problem) -> Result<Arc<Profile>> {
        let source = self.source(problem);
        let profile = judges
            .profile(LOCAL, &source)
            .map_err(|e| anyhow::anyhow!("{}: {e}", source.display()))?;
        Ok(problem.meta.subject_profile(profile))
    }
}

/// The judging tools that cases judged by `modes` need: the checker (see
/// [`CompareMode::judged_by_checker`]) and the interactor.
pub(crate) fn judging_needs(
    problem: &Problem,
    modes: impl IntoIterator<Item = CompareMode>,
) -> Vec<Tool> {
    // The checker of a multi-pass problem that is not interactive plays the passes: it is the
    // interactor, and no case needs it besides.
    let has_checker = !problem.tool_files("checker").is_empty() && !problem.meta.passes_fed();
    let (mut checker, mut interactor) = (false, false);
    for mode in modes {
        checker |= mode.judged_by_checker(has_checker);
        interactor |= mode == CompareMode::Interactor;
    }
    let mut needs = Vec::new();
    if checker {
        needs.push(Tool::Checker);
    }
    if interactor {
        needs.push(Tool::Interactor);
    }
    needs
}

/// `judging_needs` of `cases`.
pub fn needs_of_cases(problem: &Problem, cases: &[Case]) -> Vec<Tool> {
    judging_needs(problem, cases.iter().map(|c| c.compare))
}

/// The problem's tools that were asked for, built and ready to call.
#[derive(Debug, Clone, Default)]
pub struct Toolbox {
    /// The checker, when asked for.
    pub checker: Option<Program>,
    /// The interactor, when asked for.
    pub interactor: Option<Interactor>,
    /// The validator, when asked for.
    pub validator: Option<Program>,
    /// The generator, when asked for.
    pub generator: Option<Program>,
    /// The brute force, when asked for.
    pub brute: Option<Program>,
}

impl Toolbox {
    /// Takes `program`, `tool` built, made ready to call with `meta`'s convention for it: the
    /// one place each adapter is put on (a Kattis output validator behind the checker's
    /// adapter, a multi-pass problem's checker behind the one that feeds the passes, a Kattis
    /// input validator behind the validator's).
    pub fn put(&mut self, tool: Tool, program: Program, meta: &ProblemMeta) {
        match tool {
            Tool::Checker => self.checker = Some(crate::checker::adapt(program, meta)),
            Tool::Interactor => {
                let program = crate::interactive::feeding(program, meta);
                self.interactor = Some(Interactor::of(program, meta));
            }
            Tool::Validator => {
                self.validator = Some(crate::validate::adapt(program, meta.validator_convention))
            }
            Tool::Generator => self.generator = Some(program),
            Tool::BruteForce => self.brute = Some(program),
        }
    }

    /// Whether `tool` is in the box.
    pub fn has(&self, tool: Tool) -> bool {
        match tool {
            Tool::Checker => self.checker.is_some(),
            Tool::Interactor => self.interactor.is_some(),
            Tool::Validator => self.validator.is_some(),
            Tool::Generator => self.generator.is_some(),
            Tool::BruteForce => self.brute.is_some(),
        }
    }

    /// A digest of the judging tools (their command lines, with any adapter, and their files;
    /// see `crate::compile::program_digest`): a result kept by a key holding it is judged again
    /// when the checker or the interactor changes. `builds` is the build cache's folder.
    pub fn judging_digest(&self, builds: &Path) -> Option<[u8; 32]> {
        let mut h = Sha256::new();
        if let Some(c) = &self.checker {
            h.update(b"checker");
            h.update(crate::compile::program_digest(c, builds)?);
        }
        if let Some(i) = &self.interactor {
            h.update(b"interactor");
            h.update(i.digest(builds)?);
        }
        Some(h.finalize().into())
    }
}

/// Builds the `tools` of `problem` with `local`'s profile, in parallel on `pool`: a missing
/// source or a compile error is an error naming it. Each is made ready to call with the
/// problem's convention for it.
pub(crate) fn build(
    builder: &Workshop,
    judges: &Judges,
    pool: &rayon::ThreadPool,
    problem: &Problem,
    tools: &[Tool],
) -> Result<Toolbox> {
    let built: Vec<Program> = pool.install(|| {
        tools
            .par_iter()
            .map(|t| {
                let source = t.source(problem);
                build_for(builder, judges, LOCAL, &source, t.what(), Some(problem))
            })
            .collect::<Result<_>>()
    })?;
    let mut b = Toolbox::default();
    for (&tool, program) in tools.iter().zip(built) {
        b.put(tool, program, &problem.meta);
    }
    Ok(b)
}

/// Builds a program a command cannot go on without (the problem's generator, brute force,
/// validator or checker; the solution `stress` runs) under `judge`'s profile: a missing file or a
/// compile error is an error, `{path}: {what} is missing` or `{path}: {what} does not compile`.
pub(crate) fn build_or_bail(
    builder: &Workshop,
    judges: &Judges,
    judge: &str,
    source: &Path,
    what: &str,
) -> Result<Program> {
    build_for(builder, judges, judge, source, what, None)
}

/// [`build_or_bail`] under `problem`'s compile limits (its `compile_limits`: a package's
/// validators compile under the package's limits, as its submissions do), when one is given.
pub(crate) fn build_for(
    builder: &Workshop,
    judges: &Judges,
    judge: &str,
    source: &Path,
    what: &str,
    problem: Option<&Problem>,
) -> Result<Program> {
    if !source.is_file() {
        anyhow::bail!("{}: {what} is missing", source.display());
    }
    let mut profile = judges
        .profile(judge, source)
        .map_err(|e| anyhow::anyhow!(e))?;
    if let Some(problem) = problem {
        profile = problem.meta.subject_profile(profile);
    }
    builder.build(source, &profile)?.program.map_err(|msg| {
        anyhow::anyhow!(
            "{}: {what} does not compile:\n{}",
            source.display(),
            msg.trim_end()
        )
    })
}
