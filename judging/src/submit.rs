//! `runner submit <slug>`, its decisions: which file to submit ([`prepare`]), whether its run,
//! its lint and its build allow it ([`decide`]), and the packet ([`write_packet`], `Packet`'s
//! text): where to paste it, the language to pick, its size and hash. Nothing is written when it
//! refuses. No network is used. `cli/submit.rs` runs the plan and prints.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use sha2::{Digest, Sha256};

use crate::fixture::Case;
use crate::judges::{Judge, Judges, Profile, LOCAL};
use crate::lint::{self, Located};
use crate::problem::Problem;
use crate::run::{Planned, Role, RunReport, Subject};
use crate::workspace::Workspace;

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

/// The file to submit and its profile: `file` when given (as `--lang`, or the judge's first
/// language taking its extension); else `--lang`'s solution file, or the first of the judge's
/// languages (in judges.toml order) that has a solution file (a scaffold left as it was is
/// none).
fn pick(
    ws: &Workspace,
    judges: &Judges,
    judge: &Judge,
    problem: &Problem,
    (file, lang): (Option<&Path>, Option<&str>),
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
    if let Some(file) = file {
        let ext = extension(file);
        let profile = match lang {
            Some(lang) => language(judges, &judge.name, lang)?,
            None => judge.language_for(ext).cloned().with_context(|| {
                format!(
                    "{} takes no `.{ext}` file: it accepts {} (the languages of judges.toml)",
                    judge.name,
                    judge.language_list()
                )
            })?,
        };
        if !profile.takes(ext) {
            bail!(
                "{} is not a {} file (.{})",
                file.display(),
                profile.name(),
                profile.extensions.join(", .")
            );
        }
        return Ok((profile, file.to_path_buf()));
    }
    let solutions = crate::holes::Solutions::of(problem);
    if solutions.not_written() {
        bail!(
            "`{}` is not written yet: {have} {} still the scaffold (write it, or give the file \
             to submit)",
            problem.slug,
            if solutions.untouched.len() == 1 {
                "is"
            } else {
                "are"
            }
        );
    }
    let written = solutions.written;
    if let Some(lang) = lang {
        let profile = language(judges, &judge.name, lang)?;
        let file = written
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
            let file = written.iter().find(|s| p.takes(extension(s)))?;
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

/// A file about to be submitted: what it is, where it goes, and the plan that judges it.
#[derive(Debug)]
pub struct Submission {
    /// The problem's slug.
    pub slug: String,
    /// The file submitted.
    pub file: PathBuf,
    /// The file as messages name it.
    pub shown: String,
    /// The file's bytes, as they go out.
    pub code: Vec<u8>,
    /// The judge's profile it is built and checked with.
    pub profile: Arc<Profile>,
    /// The judge it goes to.
    pub judge: String,
    /// The problem's page on that judge, when known.
    pub problem_url: Option<String>,
    /// The judge's submit page, when known.
    pub submit_url: Option<String>,
    /// The cases it was judged on here.
    pub cases: usize,
}

/// The largest file `submit` reads: no judge takes a source of more than a few hundred KiB.
pub const SUBMIT_MAX: u64 = 16 << 20;

/// Picks the file to submit (`file`, anywhere; else `lang`'s, or the first language of the judge
/// with a solution file) and plans its run on every case under the judge's profile.
pub fn prepare(
    ws: &Workspace,
    judges: &Judges,
    problem: Problem,
    cases: Vec<Case>,
    choice: (Option<&Path>, Option<&str>),
) -> Result<(Submission, Planned)> {
    let slug = problem.slug.clone();
    let judge = judges
        .get(&problem.meta.judge)
        .with_context(|| format!("no judge `{}`", problem.meta.judge))?;
    if judge.name == LOCAL {
        // The judges one submits to: those with a page for problems or submissions.
        let others: Vec<&str> = judges
            .all()
            .iter()
            .filter(|j| j.name != LOCAL && (j.submit_url.is_some() || j.problem_url.is_some()))
            .map(|j| j.name.as_str())
            .collect();
        bail!(
            "`{slug}` is a problem of our own (judge = \"{LOCAL}\"): there is no judge to submit \
             it to. To submit it, set in problems/{slug}/problem.toml: judge = \"…\" (one of {}), \
             and url = \"…\", the problem's page on that judge (or id = \"…\", its number there)",
            others.join(", ")
        );
    }
    if cases.is_empty() {
        bail!("`{slug}` has no fixture case to judge the file on");
    }
    let (profile, file) = pick(ws, judges, judge, &problem, choice)?;
    // What comes from outside is read only when it is a regular file, and only so much of it.
    let code = crate::bounded::read_regular(&file, SUBMIT_MAX)
        .with_context(|| format!("cannot read {}", file.display()))?;
    let submission = Submission {
        slug,
        shown: ws.display(&file).to_string(),
        code,
        profile: profile.clone(),
        judge: judge.name.clone(),
        problem_url: Judge::url(
            problem.meta.url.as_deref().or(judge.problem_url.as_deref()),
            problem.meta.id.as_deref(),
        ),
        submit_url: judge.submit_url_for(problem.meta.url.as_deref(), problem.meta.id.as_deref()),
        cases: cases.len(),
        file: file.clone(),
    };
    let subject = Subject {
        source: file,
        role: Role::Solution,
        why: None,
        limits: None,
        profile,
    };
    Ok((submission, Planned::new(problem, cases, vec![subject])))
}

/// What `submit` decides once the file was judged.
#[derive(Debug)]
pub struct Decision {
    /// The lint's findings, as `file:line: …` lines.
    pub findings: Vec<String>,
    /// Why it is refused; empty when it may be submitted.
    pub reasons: Vec<String>,
    /// The profile it was built under here (a fallback build names itself).
    pub built_as: String,
}

/// Whether `sub`, judged in `report`, may be submitted: every case accepted, a build that read
/// no other file, and nothing the judge's lint rules find.
pub fn decide(ws: &Workspace, judges: &Judges, sub: &Submission, report: &RunReport) -> Decision {
    let subject = &report.problems[0].subjects[0];
    let built_as = subject.build.built_as.clone();
    let findings: Vec<String> = lint::lint(&sub.code, &judges.lint_rules(&sub.profile))
        .iter()
        .map(|finding| {
            Located {
                path: Path::new(&sub.shown),
                finding,
            }
            .to_string()
        })
        .collect();
    let mut reasons = Vec::new();
    if !subject.passed() {
        reasons.push(if subject.build.program.is_err() {
            format!("it does not compile under {built_as}")
        } else {
            format!(
                "{} of {} cases are not accepted under {built_as}",
                sub.cases - subject.accepted(),
                sub.cases
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
            sub.profile.name(),
            findings.len(),
            if findings.len() == 1 { "" } else { "s" }
        ));
    }
    Decision {
        findings,
        reasons,
        built_as,
    }
}

/// Copies the accepted file to `target/submit/<slug>.<ext>` (atomically) and returns the
/// packet's text: where to paste it, the language to pick, the file, its size and hash.
pub fn write_packet(ws: &Workspace, sub: &Submission, decision: &Decision) -> Result<String> {
    let dir = ws.root().join("target").join("submit");
    let target = dir.join(format!("{}.{}", sub.slug, extension(&sub.file)));
    crate::write::replace_in(ws.root(), &target, &sub.code)
        .with_context(|| format!("cannot write {}", target.display()))?;
    let hash: String = Sha256::digest(&sub.code)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let built_as = &decision.built_as;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "submit {}: {} is accepted on all {} cases under {built_as}, and the {} lint finds nothing",
        sub.slug,
        sub.shown,
        sub.cases,
        sub.profile.name()
    );
    let _ = writeln!(
        out,
        "  problem    {}",
        sub.problem_url
            .as_deref()
            .unwrap_or("(no url: add one to problem.toml)")
    );
    if let Some(url) = &sub.submit_url {
        let _ = writeln!(out, "  submit at  {url}");
    }
    let _ = writeln!(
        out,
        "  language   {}: pick \"{}\" in its language list",
        sub.judge, sub.profile.label
    );
    let _ = writeln!(
        out,
        "  file       {} ({} bytes)",
        ws.display(&target),
        sub.code.len()
    );
    let _ = writeln!(out, "  sha256     {hash}");
    if *built_as != sub.profile.name() {
        let _ = writeln!(
            out,
            "  caution    built here as {built_as}: what the fallback leaves out was not checked"
        );
    }
    Ok(out)
}
