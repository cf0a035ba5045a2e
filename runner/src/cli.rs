//! The command line: raw arguments are parsed once by clap, turned into a plan, executed, and
//! reported. Exit codes: 0 all accepted, 1 a case failed, 2 a usage or fixture error,
//! 130 interrupted.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::compile::{Builder, Language};
use crate::diff::DiffOptions;
use crate::export::{Outputs, ReportArgs, Selected};
use crate::fixture::{self, Oracle};
use crate::judges::{Judges, Profile};
use crate::lint;
use crate::problem::{self, Problem};
use crate::report::{self, Progress, ReportOptions};
use crate::run::{self, ExecOptions, Planned, Role, Subject};
use crate::scaffold;
use crate::single;
use crate::stress::{self, StressOptions};
use crate::submit::{self, SubmitOptions};
use crate::validate;
use crate::workspace::Workspace;
use crate::{checker, holes};
use sandbox as exec;

/// A local judge: runs every solution on every fixture case, the way an online judge would.
#[derive(Debug, Parser)]
#[command(name = "runner", version, subcommand_precedence_over_arg = true)]
pub struct Cli {
    #[command(flatten)]
    global: GlobalArgs,

    #[command(flatten)]
    reports: ReportArgs,

    /// Judge only problems whose slug contains one of these.
    filters: Vec<String>,

    /// Judge only the case with this name (repeatable).
    #[arg(long = "case", value_name = "NAME")]
    cases: Vec<String>,

    /// Do not judge the wrong solutions in problems/<slug>/wrong/.
    #[arg(long)]
    skip_wrong: bool,

    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Args)]
struct GlobalArgs {
    /// The workspace root (default: found from the current directory upwards).
    #[arg(long, global = true, value_name = "DIR")]
    root: Option<PathBuf>,

    /// Programs run at once (default: the number of CPUs).
    #[arg(long, short = 'j', global = true, value_name = "N")]
    jobs: Option<usize>,

    /// Colour: auto (a terminal without NO_COLOR), always, never.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    color: ColorChoice,

    /// Diff lines shown per failing case at most.
    #[arg(long, global = true, default_value_t = 40, value_name = "N")]
    diff_lines: usize,

    /// Run programs without the sandbox (they then see the whole machine, as the user).
    #[arg(long, global = true)]
    no_sandbox: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Judge one file (.rs, .cpp, .c, .py, or an executable) on a problem's fixtures.
    Judge {
        /// The problem's slug.
        slug: String,
        /// The program to judge.
        file: PathBuf,
        /// Judge only the case with this name (repeatable).
        #[arg(long = "case", value_name = "NAME")]
        cases: Vec<String>,
        /// Judge again whenever the file changes, until Ctrl-C.
        #[arg(long)]
        watch: bool,
        /// Build it with this judge's profile instead of the problem's (e.g. `local`).
        #[arg(long, value_name = "JUDGE")]
        judge: Option<String>,
        /// Build it as this language of the judge (e.g. `C++` for POJ's MSVC).
        #[arg(long, value_name = "LANG")]
        lang: Option<String>,
    },
    /// Re-judge a problem's solution under its judge's profile, lint it, and make the packet to
    /// paste into the judge (target/submit/<slug>.<ext>, its language label, size and hash).
    Submit {
        /// The problem's slug.
        slug: String,
        /// The judge's language to submit (default: the first of the judge's languages, in
        /// judges.toml order, that has a solution file).
        #[arg(long, value_name = "LANG")]
        lang: Option<String>,
        /// Write the source to stdout (the report and the packet go to stderr), for a clipboard.
        #[arg(long)]
        print: bool,
    },
    /// Check every fixture case against the problem's brute force (problems/<slug>/brute.rs).
    Verify {
        /// Only problems whose slug contains one of these.
        filters: Vec<String>,
    },
    /// Random testing: generator -> brute force and solution -> compare, until they disagree.
    Stress(StressArgs),
    /// Create a new problem: its folder, an empty solution and a fixture file with a sample.
    New {
        /// The slug, e.g. `cf1234-a-game` (lowercase letters, digits and `-`).
        slug: String,
        /// Also scaffold a checker (problems/<slug>/checker.rs) and judge with it.
        #[arg(long)]
        checker: bool,
    },
    /// Run one program on a hand-written input and print its output (default: the solution).
    Run(RunArgs),
    /// List the problems: slug, judge, id, title and number of cases.
    List,
}

#[derive(Debug, Args)]
struct RunArgs {
    /// The problem's slug.
    slug: String,
    /// Run the problem's brute force (problems/<slug>/brute.rs), under its own limits.
    #[arg(long, conflicts_with = "program")]
    brute: bool,
    /// Run this file (.rs, .cpp, .c, .py or an executable) under the problem's limits.
    #[arg(long, value_name = "FILE")]
    program: Option<PathBuf>,
    /// The input file (`-`: standard input).
    input: PathBuf,
}

#[derive(Debug, Args)]
struct StressArgs {
    /// The problem's slug.
    slug: String,
    /// Iterations (seeds) to try.
    #[arg(long, default_value_t = 1000)]
    count: u64,
    /// The first seed; iteration i uses seed S+i.
    #[arg(long, default_value_t = 1, value_name = "S")]
    seed: u64,
    /// The size argument passed to gen.rs (with --max-size: the size of the first seeds).
    #[arg(long, default_value_t = 1)]
    size: u64,
    /// Ramp the size from --size up to this over the run: the first counter-example found is
    /// then a small one.
    #[arg(long, value_name = "K")]
    max_size: Option<u64>,
    /// Stop after this many seconds even if --count is not reached.
    #[arg(long, value_name = "SECONDS")]
    time: Option<f64>,
    /// On a disagreement, append the input as a new fixture case with this name.
    #[arg(long, value_name = "NAME")]
    save: Option<String>,
    /// Stress this program instead of the problem's solution.
    #[arg(long, value_name = "FILE")]
    program: Option<PathBuf>,
}

/// Entry point of the binary.
pub fn main() -> ExitCode {
    exec::init();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let result = run(cli);
    exec::reap_orphans();
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Options shared by every command, validated.
struct Settings {
    ws: Workspace,
    jobs: usize,
    report: ReportOptions,
    progress: bool,
    sandbox: bool,
    judges: OnceLock<Arc<Judges>>,
    outputs: Outputs,
}

impl Settings {
    /// The judge profiles (`judges.toml`), read once.
    fn judges(&self) -> Result<Arc<Judges>> {
        if let Some(j) = self.judges.get() {
            return Ok(j.clone());
        }
        let judges =
            Judges::load(&self.ws).map_err(|e| ConfigErrors(vec![relative(&self.ws, e)]))?;
        crate::compile::register_extensions(&judges.extensions());
        Ok(self.judges.get_or_init(|| Arc::new(judges)).clone())
    }
}

fn context(g: &GlobalArgs, reports: &ReportArgs) -> Result<Settings> {
    let ws = match &g.root {
        Some(root) => Workspace::at(root)?,
        None => Workspace::find(&std::env::current_dir().context("no current directory")?)?,
    };
    let jobs = match g.jobs {
        Some(0) => bail!("--jobs must be at least 1"),
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(2, |n| n.get()),
    };
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let color = match g.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => !no_color && std::io::stdout().is_terminal(),
    };
    let outputs = Outputs::new(reports.clone(), ws.root(), &ws.cache_dir())?;
    Ok(Settings {
        ws,
        jobs,
        report: ReportOptions {
            color,
            diff_lines: g.diff_lines,
        },
        progress: std::io::stderr().is_terminal()
            && std::env::var_os("CI").is_none()
            && outputs.human(),
        sandbox: !g.no_sandbox,
        judges: OnceLock::new(),
        outputs,
    })
}

fn run(cli: Cli) -> Result<ExitCode> {
    let cx = context(&cli.global, &cli.reports)?;
    if cli.reports.any()
        && matches!(
            cli.command,
            Some(
                Command::Stress(_)
                    | Command::New { .. }
                    | Command::Submit { .. }
                    | Command::Run(_)
                    | Command::List
            )
        )
    {
        bail!(
            "--format, --junit, --partition, --timings and --failed apply to judging \
             (no command, `judge`, `verify`)"
        );
    }
    match cli.command {
        None => judge_all(&cx, &cli.filters, &cli.cases, cli.skip_wrong),
        Some(Command::Judge {
            slug,
            file,
            cases,
            judge,
            lang,
            watch: true,
        }) => {
            if cli.reports.failed || cli.reports.partition.is_some() {
                bail!("--watch judges every case: it does not go with --failed or --partition");
            }
            crate::watch::watch(&file, || {
                judge_file(&cx, &slug, &file, &cases, judge.as_deref(), lang.as_deref())
            })
        }
        Some(Command::Judge {
            slug,
            file,
            cases,
            judge,
            lang,
            watch: false,
        }) => judge_file(&cx, &slug, &file, &cases, judge.as_deref(), lang.as_deref()),
        Some(Command::Submit { slug, lang, print }) => {
            let judges = cx.judges()?;
            let problems = discover(&cx)?;
            let problem = find_problem(&problems, &slug)?;
            let (problem, cases) = load_fixtures(&cx.ws, &[problem], &[])?
                .pop()
                .expect("one problem");
            submit::submit(
                &cx.ws,
                &judges,
                problem,
                cases,
                &SubmitOptions {
                    lang,
                    print,
                    jobs: cx.jobs,
                    report: cx.report,
                    progress: cx.progress,
                    sandbox: cx.sandbox,
                },
            )
        }
        Some(Command::Verify { filters }) => verify(&cx, &filters),
        Some(Command::Stress(a)) => stress_command(&cx, a),
        Some(Command::Run(a)) => run_one(&cx, &a),
        Some(Command::List) => list(&cx),
        Some(Command::New { slug, checker }) => {
            let created = scaffold::new_problem(&cx.ws, &slug, checker)?;
            let mut out = std::io::stdout().lock();
            writeln!(out, "created problem `{slug}`:")?;
            for path in created {
                writeln!(out, "  {}", cx.ws.display(&path))?;
            }
            writeln!(
                out,
                "next: fill in problem.toml and the README; put the official sample in \
                 fixtures/{slug}.toml; write validate.rs{}, brute.rs, gen.rs and the solution; then\n\
                 \x20 cargo run -p runner -- run {slug} --brute my.in   # the brute force's output for an input of yours\n\
                 \x20 cargo run -p runner -- verify {slug}             # validator and brute force on every case\n\
                 \x20 cargo run -p runner -- stress {slug}             # the solution against the brute force on random inputs\n\
                 \x20 cargo run -p runner -- {slug}                    # judge the solution and the wrong solutions in wrong/",
                if checker { ", checker.rs" } else { "" }
            )?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// A fixture or configuration error: printed, and the run ends with exit code 2.
#[derive(Debug)]
struct ConfigErrors(Vec<problem::ConfigError>);

impl std::fmt::Display for ConfigErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.0.len();
        writeln!(
            f,
            "{n} configuration error{}:",
            if n == 1 { "" } else { "s" }
        )?;
        for e in &self.0 {
            writeln!(f, "  {e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ConfigErrors {}

/// `e` with its path relative to the workspace root, as messages show it.
fn relative(ws: &Workspace, mut e: problem::ConfigError) -> problem::ConfigError {
    e.path = ws.display(&e.path).to_string().into();
    e
}

/// The problems of the workspace; every one must name a judge of `judges.toml`, and any hole in
/// the workspace (see [`holes::workspace`]) stops the run.
fn discover(cx: &Settings) -> Result<Vec<Problem>> {
    let ws = &cx.ws;
    let judges = cx.judges()?;
    let holes = holes::workspace(ws);
    let (problems, mut errors) = match problem::discover(ws) {
        Ok(p) => (p, Vec::new()),
        Err(e) => (Vec::new(), e),
    };
    errors.extend(holes);
    errors.extend(judges.check(&problems));
    if !errors.is_empty() {
        let errors = errors.into_iter().map(|e| relative(ws, e)).collect();
        return Err(ConfigErrors(errors).into());
    }
    Ok(problems)
}

/// The profile of `source` as a file of a problem of `judge`; a failure is a configuration error.
fn profile_for(cx: &Settings, judge: &str, source: &Path) -> Result<Arc<Profile>> {
    cx.judges()?.profile_for(judge, source).map_err(|message| {
        ConfigErrors(vec![problem::ConfigError {
            path: cx.ws.display(source).to_string().into(),
            line: None,
            message,
        }])
        .into()
    })
}

fn find_problem<'a>(problems: &'a [Problem], slug: &str) -> Result<&'a Problem> {
    problems.iter().find(|p| p.slug == slug).with_context(|| {
        let close: Vec<&str> = problems
            .iter()
            .filter(|p| p.slug.contains(slug))
            .map(|p| p.slug.as_str())
            .collect();
        if close.is_empty() {
            format!("no problem `{slug}` (`runner list` shows them all)")
        } else {
            format!("no problem `{slug}`; did you mean {}?", close.join(", "))
        }
    })
}

/// The problems whose slug contains one of `filters` (all when empty).
fn select<'a>(problems: &'a [Problem], filters: &[String]) -> Result<Vec<&'a Problem>> {
    if problems.is_empty() {
        bail!("the workspace has no problems yet: `cargo run -p runner -- new <slug>` creates one");
    }
    let chosen: Vec<&Problem> = problems
        .iter()
        .filter(|p| filters.is_empty() || filters.iter().any(|f| p.slug.contains(f.as_str())))
        .collect();
    if chosen.is_empty() {
        let all: Vec<&str> = problems.iter().map(|p| p.slug.as_str()).collect();
        bail!(
            "no problem matches {}; the problems are: {}",
            filters.join(", "),
            all.join(", ")
        );
    }
    Ok(chosen)
}

/// Loads the fixtures of `problems`, keeping only `cases` when given; every error is collected.
fn load_fixtures(
    ws: &Workspace,
    problems: &[&Problem],
    cases: &[String],
) -> Result<Vec<(Problem, Vec<fixture::Case>)>> {
    let mut loaded = Vec::new();
    let mut errors = Vec::new();
    let mut matched = vec![false; cases.len()];
    for p in problems {
        match fixture::load(ws, p) {
            Ok(f) => {
                errors.extend(
                    holes::problem(ws, p, &f)
                        .into_iter()
                        .map(|e| relative(ws, e)),
                );
                for (i, name) in cases.iter().enumerate() {
                    matched[i] |= f.cases.iter().any(|c| &c.name == name);
                }
                let kept: Vec<fixture::Case> = f
                    .cases
                    .into_iter()
                    .filter(|c| cases.is_empty() || cases.contains(&c.name))
                    .collect();
                loaded.push(((*p).clone(), kept));
            }
            Err(e) => errors.push(relative(ws, e)),
        }
    }
    if !errors.is_empty() {
        return Err(ConfigErrors(errors).into());
    }
    let unmatched: Vec<&str> = cases
        .iter()
        .zip(&matched)
        .filter(|(_, &m)| !m)
        .map(|(c, _)| c.as_str())
        .collect();
    if !unmatched.is_empty() {
        let slugs: Vec<&str> = problems.iter().map(|p| p.slug.as_str()).collect();
        let within = if slugs.len() <= 3 {
            slugs.join(", ")
        } else {
            format!("the {} problems judged", slugs.len())
        };
        bail!(
            "--case {}: no case of that name in {within} (every --case must match a case)",
            unmatched.join(", "),
        );
    }
    if !cases.is_empty() {
        loaded.retain(|(_, c)| !c.is_empty());
    }
    Ok(loaded)
}

/// The executor. When the sandbox cannot be made here, says so once, in one line.
fn sandbox(cx: &Settings) -> Result<exec::Sandbox> {
    let sandbox = exec::Sandbox::new(&cx.ws.cache_dir(), cx.sandbox)?;
    if let Some(note) = sandbox.unavailable_note() {
        eprintln!("{note}");
    }
    Ok(sandbox)
}

fn diff_options(cx: &Settings) -> DiffOptions {
    DiffOptions {
        color: cx.report.color,
        max_lines: cx.report.diff_lines,
    }
}

fn execute_and_report(cx: &Settings, plan: Vec<Planned>) -> Result<ExitCode> {
    let builder = Builder::new(cx.ws.cache_dir());
    let sandbox = sandbox(cx)?;
    execute_and_report_after(cx, plan, &builder, &sandbox, None)
}

/// Executes `plan` and prints its report, after `before` (a section already judged, e.g. the
/// validator's in `verify`: its text is printed first and its counts join the last line).
fn execute_and_report_after(
    cx: &Settings,
    plan: Vec<Planned>,
    builder: &Builder,
    sandbox: &exec::Sandbox,
    before: Option<(String, run::Tally)>,
) -> Result<ExitCode> {
    // --partition and --failed choose what runs.
    let mut plan = match cx.outputs.select(plan)? {
        Selected::Run(plan) => plan,
        Selected::Nothing(why) => return cx.outputs.nothing(&why),
    };
    let judges = cx.judges()?;
    for planned in &mut plan {
        let needs_checker = planned
            .cases
            .iter()
            .any(|c| c.compare == crate::compare::CompareMode::Checker);
        if needs_checker && planned.checker.is_none() {
            planned.checker = Some(checker::build(builder, &judges, &planned.problem)?);
        }
    }
    let lint_targets: Vec<(PathBuf, Arc<Profile>)> = plan
        .iter()
        .flat_map(|p| &p.subjects)
        .filter(|s| s.role == Role::Solution)
        .map(|s| (s.source.clone(), s.profile.clone()))
        .collect();
    let progress = Progress::new(cx.progress);
    let stream = cx.outputs.stream();
    let report = run::execute(
        plan,
        builder,
        sandbox,
        &ExecOptions {
            jobs: cx.jobs,
            diff: diff_options(cx),
        },
        &|e| {
            progress.on_event(&e);
            cx.outputs.on_event(stream.as_ref(), &e);
        },
    )?;
    drop(progress);
    for note in builder.take_notes() {
        eprintln!("note: {note}");
    }
    let mut tally = report.tally();
    let mut text = String::new();
    if report.compiled > 0 {
        text.push_str(&format!(
            "built {} program(s): {} compiled, {} from the cache\n",
            report.compiled + report.cached,
            report.compiled,
            report.cached
        ));
    }
    if let Some((first, t)) = before {
        text.push_str(&first);
        tally.add(t);
    }
    text.push_str(&report::render_body(&report, cx.ws.root(), cx.report));
    // The dialect lint: a solution that passes here but falls into a judge's known trap.
    for (source, profile) in &lint_targets {
        let rules = judges.lint_rules(profile);
        if rules.is_empty() {
            continue;
        }
        let Ok(code) = std::fs::read(source) else {
            continue;
        };
        for finding in lint::lint(&code, &rules) {
            let path = Path::new(source);
            let path = path.strip_prefix(cx.ws.root()).unwrap_or(path);
            text.push_str(&format!(
                "warning: {} (`runner submit` refuses this file for {})\n",
                lint::Located {
                    path,
                    finding: &finding
                },
                profile.name()
            ));
        }
    }
    text.push_str(&report::render_last_line(&tally, cx.report));
    if cx.outputs.human() {
        print(&text)?;
    }
    cx.outputs.finish(&report, stream, &tally)?;
    Ok(ExitCode::from(if report.interrupted {
        130
    } else {
        tally.exit_code()
    }))
}

/// Writes `text` to stdout. A closed stdout (`runner … | head`) is not an error.
fn print(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

fn stress_command(cx: &Settings, a: StressArgs) -> Result<ExitCode> {
    let problems = discover(cx)?;
    let problem = find_problem(&problems, &a.slug)?;
    let judges = cx.judges()?;
    if let Some(name) = &a.save {
        fixture::check_new_case_name(&cx.ws, problem, name)?;
    }
    if a.max_size.is_some_and(|m| m < a.size) {
        bail!("--max-size must be at least --size ({})", a.size);
    }
    let opts = StressOptions {
        count: a.count,
        seed: a.seed,
        size: a.size,
        max_size: a.max_size,
        time: a.time.map(Duration::from_secs_f64),
        program: a.program,
        jobs: cx.jobs,
        diff: diff_options(cx),
    };
    let builder = Builder::new(cx.ws.cache_dir());
    let sandbox = sandbox(cx)?;
    let bar = report::StressProgress::new(cx.progress, opts.count);
    let mut report = stress::stress(problem, &judges, &builder, &sandbox, &opts, &|n| bar.set(n))?;
    drop(bar);
    for note in builder.take_notes() {
        eprintln!("note: {note}");
    }
    if let (Some(name), Some((input, expected, note))) = (&a.save, stress::case_to_save(&report)) {
        let path = fixture::save_case(&cx.ws, problem, name, note, input, expected)?;
        report.saved = Some((name.clone(), path));
    }
    print(&report::render_stress(
        &report,
        cx.ws.root(),
        a.save.is_some(),
        cx.report,
    ))?;
    Ok(ExitCode::from(report.exit_code()))
}

/// A wrong solution as a subject: built as a solution of the same problem would be (its judge's
/// profile for the file's language, else `local`'s), with `limits` in place of the cases' own
/// when given.
fn wrong_subject(
    cx: &Settings,
    problem: &Problem,
    w: &problem::WrongProgram,
    limits: Option<sandbox::Limits>,
) -> Result<Subject> {
    Ok(Subject {
        source: w.source.clone(),
        role: Role::Wrong { expect: w.expect },
        why: Some(w.why.clone()),
        limits,
        profile: profile_for(cx, &problem.meta.judge, &w.source)?,
    })
}

fn judge_all(
    cx: &Settings,
    filters: &[String],
    cases: &[String],
    skip_wrong: bool,
) -> Result<ExitCode> {
    let problems = discover(cx)?;
    let chosen = select(&problems, filters)?;
    let mut plan = Vec::new();
    for (problem, cases) in load_fixtures(&cx.ws, &chosen, cases)? {
        // Solutions and wrong solutions are built with their judge's profile.
        let mut subjects = Vec::new();
        for s in &problem.solutions {
            subjects.push(Subject {
                source: s.clone(),
                role: Role::Solution,
                why: None,
                limits: None,
                profile: profile_for(cx, &problem.meta.judge, s)?,
            });
        }
        if !skip_wrong {
            for w in &problem.wrong {
                subjects.push(wrong_subject(cx, &problem, w, None)?);
            }
        }
        plan.push(Planned::new(problem, cases, subjects));
    }
    execute_and_report(cx, plan)
}

fn judge_file(
    cx: &Settings,
    slug: &str,
    file: &Path,
    cases: &[String],
    judge: Option<&str>,
    lang: Option<&str>,
) -> Result<ExitCode> {
    if !file.is_file() {
        bail!("{}: no such file", file.display());
    }
    cx.judges()?; // judges.toml may add languages
    if Language::from_path(file).is_none() {
        bail!(
            "{}: cannot tell how to run it (use .rs, .cpp, .c, .py, or an executable file)",
            file.display()
        );
    }
    let problems = discover(cx)?;
    let problem = find_problem(&problems, slug)?;
    let judge = judge.unwrap_or(&problem.meta.judge);
    let profile = match lang {
        None => profile_for(cx, judge, file)?,
        Some(lang) => {
            let judges = cx.judges()?;
            let profile = submit::language(&judges, judge, lang)?;
            let ext = file.extension().and_then(|e| e.to_str()).unwrap_or("");
            if !profile.takes(ext) {
                bail!(
                    "{}: {} takes .{} files, not .{ext}",
                    file.display(),
                    profile.name(),
                    profile.extensions.join(", .")
                );
            }
            profile
        }
    };
    let (problem, cases) = load_fixtures(&cx.ws, &[problem], cases)?
        .pop()
        .expect("one problem");
    let plan = vec![Planned::new(
        problem,
        cases,
        vec![Subject {
            source: file.to_path_buf(),
            role: Role::Solution,
            why: None,
            limits: None,
            profile,
        }],
    )];
    execute_and_report(cx, plan)
}

/// How much slower than the limit a wrong solution that must TLE has to be (`verify`).
const TLE_FACTOR: u32 = 2;

fn verify(cx: &Settings, filters: &[String]) -> Result<ExitCode> {
    let problems = discover(cx)?;
    let chosen = select(&problems, filters)?;
    let mut work = Vec::new();
    let mut errors = Vec::new();
    let err = |path: &Path, line: Option<(usize, usize)>, message: String| problem::ConfigError {
        path: cx.ws.display(path).to_string().into(),
        line,
        message,
    };
    for (problem, cases) in load_fixtures(&cx.ws, &chosen, &[])? {
        let fixture_path = problem.fixture_path(&cx.ws);
        for c in cases.iter().filter(|c| c.source.is_none()) {
            errors.push(err(
                &fixture_path,
                Some((c.line, 1)),
                format!(
                    "case `{}` does not say where its expected output comes from \
                     (source = \"sample\" | \"hand\" | \"brute\" | \"formula\" | \"reference\")",
                    c.name
                ),
            ));
        }
        // The brute force is needed only where a case is to be checked by it.
        if cases.iter().any(|c| c.oracle == Oracle::Brute) && !problem.brute_path().is_file() {
            errors.push(err(
                &problem.brute_path(),
                None,
                "missing: verify needs the problem's brute force (or mark the cases beyond \
                 its reach oracle = \"formula\")"
                    .into(),
            ));
        }
        let validator = problem.validator_path();
        if !validator.is_file() {
            errors.push(err(
                &validator,
                None,
                "missing validate.rs: verify runs the problem's input validator on every \
                 fixture input (`runner new` scaffolds one)"
                    .into(),
            ));
        } else if !cases.iter().any(|c| c.outside_statement.is_some())
            && validate::invalid_inputs(&problem).is_empty()
        {
            errors.push(err(
                &validator,
                None,
                format!(
                    "nothing shows that the validator rejects anything: mark a fixture case \
                     outside_statement = \"why\", or add problems/{}/invalid/<name>.in",
                    problem.slug
                ),
            ));
        }
        work.push((problem, cases));
    }
    if !errors.is_empty() {
        return Err(ConfigErrors(errors).into());
    }

    let builder = Builder::new(cx.ws.cache_dir());
    let sandbox = sandbox(cx)?;
    let pool = run::pool(cx.jobs)?;
    let judges = cx.judges()?;
    let mut checks = Vec::new();
    for (problem, cases) in &work {
        let validator = crate::compile::build_or_bail(
            &builder,
            &judges,
            crate::judges::LOCAL,
            &problem.validator_path(),
            "the validator",
        )?;
        checks.push(validate::check_problem(
            &sandbox,
            &pool,
            &validator,
            problem,
            cases,
            cx.ws.root(),
        )?);
        if exec::interrupted() {
            break;
        }
    }
    let validation = report::render_validation(&checks, cx.ws.root(), cx.report);

    let mut plan = Vec::new();
    for (problem, cases) in work {
        // A wrong solution that must TLE has to be slow by a clear factor: still a TLE at twice
        // the time limit, so that a machine twice as fast does not make the fixtures lie.
        let slow: Vec<Subject> = problem
            .wrong
            .iter()
            .filter(|w| w.expect == crate::verdict::Verdict::TimeLimitExceeded)
            .map(|w| {
                let mut limits = problem.meta.limits();
                limits.time *= TLE_FACTOR;
                wrong_subject(cx, &problem, w, Some(limits))
            })
            .collect::<Result<_>>()?;
        if !slow.is_empty() {
            plan.push(Planned {
                problem: problem.clone(),
                cases: cases.clone(),
                subjects: slow,
                checker: None,
                notes: vec![format!(
                    "wrong solutions that must TLE judged at {TLE_FACTOR} × the time limit"
                )],
            });
        }
        let (cases, skipped): (Vec<fixture::Case>, Vec<fixture::Case>) =
            cases.into_iter().partition(|c| c.oracle == Oracle::Brute);
        let mut notes = Vec::new();
        if !skipped.is_empty() {
            notes.push(format!(
                "skipped {} formula case{} (oracle = \"formula\")",
                skipped.len(),
                if skipped.len() == 1 { "" } else { "s" }
            ));
        }
        let reference = cases
            .iter()
            .chain(&skipped)
            .filter(|c| c.source == Some(fixture::Source::Reference))
            .count();
        if reference > 0 {
            notes.push(format!(
                "{reference} case{} rest{} on a reference solution's output (source = \"reference\"): \
                 weaker evidence than a brute force",
                if reference == 1 { "" } else { "s" },
                if reference == 1 { "s" } else { "" }
            ));
        }
        if cases.is_empty() {
            // Every case is beyond the brute force (the validator's line names the problem).
            continue;
        }
        let limits = problem.meta.brute_limits();
        let profile = profile_for(cx, crate::judges::LOCAL, &problem.brute_path())?;
        plan.push(Planned {
            subjects: vec![Subject {
                source: problem.brute_path(),
                role: Role::Oracle,
                why: None,
                limits: Some(limits),
                profile,
            }],
            problem,
            cases,
            checker: None,
            notes,
        });
    }
    execute_and_report_after(cx, plan, &builder, &sandbox, Some(validation))
}

/// `runner run`: one program on one hand-written input.
fn run_one(cx: &Settings, a: &RunArgs) -> Result<ExitCode> {
    let problems = discover(cx)?;
    let problem = find_problem(&problems, &a.slug)?;
    let (source, limits, what, judge) = if a.brute {
        (
            problem.brute_path(),
            problem.meta.brute_limits(),
            "the brute force".to_string(),
            crate::judges::LOCAL,
        )
    } else if let Some(p) = &a.program {
        (
            p.clone(),
            problem.meta.limits(),
            cx.ws.display(p).to_string(),
            problem.meta.judge.as_str(),
        )
    } else {
        let s = problem.solutions.first().with_context(|| {
            format!(
                "{} has no solution: give --brute or --program FILE",
                problem.slug
            )
        })?;
        (
            s.clone(),
            problem.meta.limits(),
            cx.ws.display(s).to_string(),
            problem.meta.judge.as_str(),
        )
    };
    let input = if a.input == Path::new("-") {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut v)?;
        v
    } else {
        std::fs::read(&a.input).with_context(|| format!("cannot read {}", a.input.display()))?
    };
    single::run_on_input(
        &cx.ws,
        &*cx.judges()?,
        problem,
        &single::Request {
            source,
            what,
            limits,
            input,
            judge: judge.to_string(),
        },
        cx.sandbox,
    )
}

/// `runner list`: the problems, one per line.
fn list(cx: &Settings) -> Result<ExitCode> {
    let problems = discover(cx)?;
    let mut out = std::io::stdout().lock();
    out.write_all(single::list(&cx.ws, &problems).as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
