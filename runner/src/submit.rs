//! `runner submit <slug>`: picks the file to submit, re-judges it under the judge's profile on
//! every case, lints it for the judge's dialect, and only when all is clean copies it to
//! `target/submit/` and prints the packet: where to paste it, the language to pick, its size and
//! hash. Nothing is written when it refuses. No network is used.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

use crate::compile::Builder;
use crate::fixture::Case;
use crate::judges::{Judge, Judges, Profile, LOCAL};
use crate::lint::{self, Located};
use crate::problem::Problem;
use crate::report::{self, Progress, ReportOptions};
use crate::run::{self, ExecOptions, Planned, Role, Subject};
use crate::workspace::Workspace;
use sandbox::{self as exec, Sandbox};

/// Options of `submit`.
#[derive(Debug, Clone)]
pub struct SubmitOptions {
    /// The judge's language to submit; default: the first with a solution file.
    pub lang: Option<String>,
    /// Write the source to stdout, everything else to stderr.
    pub print: bool,
    pub jobs: usize,
    pub report: ReportOptions,
    pub progress: bool,
    pub sandbox: bool,
}

/// The language `lang` of judge `judge`, or an error listing what the judge accepts.
pub fn language(judges: &Judges, judge: &str, lang: &str) -> Result<Arc<Profile>> {
    let j = judges
        .get(judge)
        .with_context(|| format!("no judge `{judge}` (judges.toml has {})", judges.names()))?;
    j.language(lang).cloned().with_context(|| {
        format!(
            "{} does not accept `{lang}`: it accepts {} (the languages of judges.toml)",
            j.name,
            j.language_list()
        )
    })
}

fn extension(path: &Path) -> &str {
    path.extension().and_then(|e| e.to_str()).unwrap_or("")
}

/// The file to submit and its profile: `--lang`'s, or the first of the judge's languages (in
/// judges.toml order) that has a solution file.
fn pick(
    ws: &Workspace,
    judges: &Judges,
    judge: &Judge,
    problem: &Problem,
    lang: Option<&str>,
) -> Result<(Arc<Profile>, PathBuf)> {
    let have: Vec<String> = problem
        .solutions
        .iter()
        .map(|s| ws.display(s).to_string())
        .collect();
    let have = if have.is_empty() {
        "none".to_string()
    } else {
        have.join(", ")
    };
    if let Some(lang) = lang {
        let profile = language(judges, &judge.name, lang)?;
        let file = problem
            .solutions
            .iter()
            .find(|s| profile.takes(extension(s)))
            .with_context(|| {
                format!(
                    "`{}` has no solution file for {} (.{}); its solution files: {have}",
                    problem.slug,
                    profile.name(),
                    profile.extensions.join(", .")
                )
            })?;
        return Ok((profile, file.clone()));
    }
    judge
        .languages
        .iter()
        .find_map(|p| {
            let file = problem.solutions.iter().find(|s| p.takes(extension(s)))?;
            Some((p.clone(), file.clone()))
        })
        .with_context(|| {
            format!(
                "{} accepts {}, and `{}` has no solution file in any of them (its solution \
                 files: {have}); write a port, e.g. solutions/cpp/{}.cpp",
                judge.name,
                judge.language_list(),
                problem.slug,
                problem.slug
            )
        })
}

/// Runs `runner submit`.
pub fn submit(
    ws: &Workspace,
    judges: &Judges,
    problem: Problem,
    cases: Vec<Case>,
    opts: &SubmitOptions,
) -> Result<ExitCode> {
    let slug = problem.slug.clone();
    let judge = judges
        .get(&problem.meta.judge)
        .with_context(|| format!("no judge `{}`", problem.meta.judge))?;
    if judge.name == LOCAL {
        bail!("`{slug}` is a problem of our own (judge = \"{LOCAL}\"): there is no judge to submit it to");
    }
    if cases.is_empty() {
        bail!("`{slug}` has no fixture case to judge the file on");
    }
    let (profile, file) = pick(ws, judges, judge, &problem, opts.lang.as_deref())?;
    let code = std::fs::read(&file).with_context(|| format!("cannot read {}", file.display()))?;
    let shown = ws.display(&file).to_string();

    // Judge it on every case, under the judge's profile.
    let problem_url = Judge::url(
        problem.meta.url.as_deref().or(judge.problem_url.as_deref()),
        problem.meta.id.as_deref(),
    );
    let submit_url = Judge::url(judge.submit_url.as_deref(), problem.meta.id.as_deref());
    let ncases = cases.len();
    let builder = Builder::new(ws.cache_dir());
    let checker = if cases
        .iter()
        .any(|c| c.compare == crate::compare::CompareMode::Checker)
    {
        Some(crate::checker::build(&builder, judges, &problem)?)
    } else {
        None
    };
    let plan = vec![Planned {
        problem,
        cases,
        subjects: vec![Subject {
            source: file.clone(),
            role: Role::Solution,
            why: None,
            limits: None,
            profile: profile.clone(),
        }],
        checker,
        notes: Vec::new(),
    }];
    let sandbox = Sandbox::new(&ws.cache_dir(), opts.sandbox)?;
    if let Some(note) = sandbox.unavailable_note() {
        eprintln!("{note}");
    }
    let progress = Progress::new(opts.progress);
    let report = run::execute(
        plan,
        &builder,
        &sandbox,
        &ExecOptions {
            jobs: opts.jobs,
            diff: crate::diff::DiffOptions {
                color: opts.report.color,
                max_lines: opts.report.diff_lines,
            },
        },
        &|e| progress.on_event(&e),
    )?;
    drop(progress);
    for note in builder.take_notes() {
        eprintln!("note: {note}");
    }
    let text = report::render(&report, ws.root(), opts.report);
    let mut out: Box<dyn Write> = if opts.print {
        Box::new(std::io::stderr().lock())
    } else {
        Box::new(std::io::stdout().lock())
    };
    out.write_all(text.as_bytes())?;
    if report.interrupted || exec::interrupted() {
        writeln!(out, "submit {slug}: interrupted; nothing was written")?;
        return Ok(ExitCode::from(130));
    }
    let subject = &report.problems[0].subjects[0];
    let built_as = subject.build.built_as.clone();

    // The dialect lint.
    let rules = judges.lint_rules(&profile);
    let findings = lint::lint(&code, &rules);
    for finding in &findings {
        writeln!(
            out,
            "{}",
            Located {
                path: Path::new(&shown),
                finding
            }
        )?;
    }

    let mut reasons = Vec::new();
    if !subject.passed() {
        reasons.push(if subject.build.program.is_err() {
            format!("it does not compile under {built_as}")
        } else {
            format!(
                "{} of {ncases} cases are not accepted under {built_as}",
                ncases - subject.accepted()
            )
        });
    }
    // The judge gets this one file: a header or module beside it would be missing there.
    if !subject.build.deps.is_empty() {
        let names: Vec<String> = subject
            .build
            .deps
            .iter()
            .map(|d| ws.display(d).to_string())
            .collect();
        reasons.push(format!(
            "it reads other files when built ({}): the judge gets only this one (paste them in)",
            names.join(", ")
        ));
    }
    if !findings.is_empty() {
        reasons.push(format!(
            "the {} lint finds {} trap{} (listed above as file:line)",
            profile.name(),
            findings.len(),
            if findings.len() == 1 { "" } else { "s" }
        ));
    }
    if !reasons.is_empty() {
        writeln!(
            out,
            "submit {slug}: refused: {}; nothing was written",
            reasons.join(", and ")
        )?;
        return Ok(ExitCode::from(1));
    }

    // Accepted and clean: the packet.
    let dir = ws.root().join("target").join("submit");
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let target = dir.join(format!("{slug}.{}", extension(&file)));
    let mut tmp = tempfile::NamedTempFile::new_in(&dir)?;
    tmp.write_all(&code)?;
    tmp.persist(&target)
        .with_context(|| format!("cannot write {}", target.display()))?;
    let hash: String = Sha256::digest(&code)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    writeln!(
        out,
        "submit {slug}: {shown} is accepted on all {ncases} cases under {built_as}, and the \
         {} lint finds nothing",
        profile.name()
    )?;
    writeln!(
        out,
        "  problem    {}",
        problem_url
            .as_deref()
            .unwrap_or("(no url: add one to problem.toml)")
    )?;
    if let Some(url) = &submit_url {
        writeln!(out, "  submit at  {url}")?;
    }
    writeln!(
        out,
        "  language   {}: pick \"{}\" in its language list",
        judge.name, profile.label
    )?;
    writeln!(
        out,
        "  file       {} ({} bytes)",
        ws.display(&target),
        code.len()
    )?;
    writeln!(out, "  sha256     {hash}")?;
    if built_as != profile.name() {
        writeln!(
            out,
            "  caution    built here as {built_as}: what the fallback leaves out was not checked"
        )?;
    }
    out.flush()?;
    drop(out);
    if opts.print {
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(&code)?;
        stdout.flush()?;
    }
    Ok(ExitCode::SUCCESS)
}
