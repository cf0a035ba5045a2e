//! The command line: raw arguments are parsed once by clap, turned into a plan, executed, and
//! reported. Exit codes: 0 all accepted, 1 a case failed, 2 a usage or fixture error,
//! 130 interrupted.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::compile::{Builder, Language};
use crate::exec;
use crate::export::{Outputs, ReportArgs, Selected};
use crate::fixture::{self, Oracle};
use crate::problem::{self, Problem};
use crate::report::{self, Progress, ReportOptions};
use crate::run::{self, ExecOptions, Planned, Role, Subject};
use crate::scaffold;
use crate::stress::{self, StressOptions};
use crate::workspace::Workspace;

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
    },
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
    /// The size argument passed to gen.rs.
    #[arg(long, default_value_t = 1)]
    size: u64,
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
    outputs: Outputs,
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
    let outputs = Outputs::new(reports.clone(), ws.root(), &ws.cache_dir(), g.diff_lines)?;
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
        outputs,
    })
}

fn run(cli: Cli) -> Result<ExitCode> {
    let cx = context(&cli.global, &cli.reports)?;
    if cli.reports.any() && matches!(cli.command, Some(Command::Stress(_) | Command::New { .. })) {
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
            watch: true,
        }) => {
            if cli.reports.failed || cli.reports.partition.is_some() {
                bail!("--watch judges every case: it does not go with --failed or --partition");
            }
            crate::watch::watch(&file, || judge_file(&cx, &slug, &file, &cases))
        }
        Some(Command::Judge {
            slug, file, cases, ..
        }) => judge_file(&cx, &slug, &file, &cases),
        Some(Command::Verify { filters }) => verify(&cx, &filters),
        Some(Command::Stress(a)) => {
            let problems = discover(&cx.ws)?;
            let problem = find_problem(&problems, &a.slug)?;
            let opts = StressOptions {
                count: a.count,
                seed: a.seed,
                size: a.size,
                time: a.time.map(Duration::from_secs_f64),
                save: a.save,
                program: a.program,
                jobs: cx.jobs,
            };
            stress::stress(&cx.ws, problem, &opts, cx.report.color, cx.progress)
        }
        Some(Command::New { slug }) => {
            let created = scaffold::new_problem(&cx.ws, &slug)?;
            let mut out = std::io::stdout().lock();
            writeln!(out, "created problem `{slug}`:")?;
            for path in created {
                writeln!(out, "  {}", cx.ws.display(&path))?;
            }
            writeln!(
                out,
                "next: fill in problem.toml and the README, write the solution, brute.rs and \
                 gen.rs, put the official sample in the fixture, then run \
                 `cargo run -p runner -- {slug}`"
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

fn discover(ws: &Workspace) -> Result<Vec<Problem>> {
    problem::discover(ws).map_err(|errors| {
        let errors = errors.into_iter().map(|e| relative(ws, e)).collect();
        ConfigErrors(errors).into()
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
            format!("no problem `{slug}` (run with no arguments to see them all)")
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
    for p in problems {
        match fixture::load(ws, p) {
            Ok(f) => {
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
    if !cases.is_empty() {
        loaded.retain(|(_, c)| !c.is_empty());
        if loaded.is_empty() {
            bail!("no case is named {}", cases.join(", "));
        }
    }
    Ok(loaded)
}

fn execute_and_report(cx: &Settings, plan: Vec<Planned>) -> Result<ExitCode> {
    let plan = match cx.outputs.select(plan)? {
        Selected::Run(plan) => plan,
        Selected::Nothing(why) => return cx.outputs.nothing(&why),
    };
    let builder = Builder::new(cx.ws.cache_dir());
    let sandbox = exec::Sandbox::new(&cx.ws.cache_dir())?;
    let progress = Progress::new(cx.progress);
    let opts = ExecOptions {
        jobs: cx.jobs,
        rerun_tle: true,
    };
    let stream = cx.outputs.stream(opts.rerun_tle);
    let report = run::execute(plan, &builder, &sandbox, &opts, &|e| {
        progress.on_event(&e);
        cx.outputs.on_event(stream.as_ref(), &e);
    })?;
    drop(progress);
    let (text, tally) = report::render(&report, cx.ws.root(), cx.report);
    if cx.outputs.human() {
        let mut out = std::io::stdout().lock();
        if report.compiled > 0 {
            writeln!(
                out,
                "built {} program(s): {} compiled, {} from the cache",
                report.compiled + report.cached,
                report.compiled,
                report.cached
            )?;
        }
        out.write_all(text.as_bytes())?;
        out.flush()?;
    }
    cx.outputs.finish(&report, stream)?;
    Ok(if report.interrupted {
        ExitCode::from(130)
    } else if tally.failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn judge_all(
    cx: &Settings,
    filters: &[String],
    cases: &[String],
    skip_wrong: bool,
) -> Result<ExitCode> {
    let problems = discover(&cx.ws)?;
    let chosen = select(&problems, filters)?;
    let plan = load_fixtures(&cx.ws, &chosen, cases)?
        .into_iter()
        .map(|(problem, cases)| {
            let mut subjects: Vec<Subject> = problem
                .solutions
                .iter()
                .map(|s| Subject {
                    source: s.clone(),
                    role: Role::Solution,
                    why: None,
                    limits: None,
                })
                .collect();
            if !skip_wrong {
                subjects.extend(problem.wrong.iter().map(|w| Subject {
                    source: w.source.clone(),
                    role: Role::Wrong { expect: w.expect },
                    why: Some(w.why.clone()),
                    limits: None,
                }));
            }
            Planned {
                problem,
                cases,
                subjects,
            }
        })
        .collect();
    execute_and_report(cx, plan)
}

fn judge_file(cx: &Settings, slug: &str, file: &Path, cases: &[String]) -> Result<ExitCode> {
    if !file.is_file() {
        bail!("{}: no such file", file.display());
    }
    if Language::from_path(file).is_none() {
        bail!(
            "{}: cannot tell how to run it (use .rs, .cpp, .c, .py, or an executable file)",
            file.display()
        );
    }
    let problems = discover(&cx.ws)?;
    let problem = find_problem(&problems, slug)?;
    let (problem, cases) = load_fixtures(&cx.ws, &[problem], cases)?
        .pop()
        .expect("one problem");
    let plan = vec![Planned {
        problem,
        cases,
        subjects: vec![Subject {
            source: file.to_path_buf(),
            role: Role::Solution,
            why: None,
            limits: None,
        }],
    }];
    execute_and_report(cx, plan)
}

fn verify(cx: &Settings, filters: &[String]) -> Result<ExitCode> {
    let problems = discover(&cx.ws)?;
    let chosen = select(&problems, filters)?;
    let mut plan = Vec::new();
    let mut errors = Vec::new();
    for (problem, cases) in load_fixtures(&cx.ws, &chosen, &[])? {
        let fixture_path = cx.ws.display(&problem.fixture_path(&cx.ws)).to_string();
        for c in cases.iter().filter(|c| c.source.is_none()) {
            errors.push(problem::ConfigError {
                path: fixture_path.clone().into(),
                line: Some((c.line, 1)),
                message: format!(
                    "case `{}` does not say where its expected output comes from \
                     (source = \"sample\" | \"hand\" | \"brute\" | \"formula\")",
                    c.name
                ),
            });
        }
        if !problem.brute_path().is_file() {
            errors.push(problem::ConfigError {
                path: cx.ws.display(&problem.brute_path()).to_string().into(),
                line: None,
                message: "missing: verify needs the problem's brute force".into(),
            });
            continue;
        }
        let cases: Vec<fixture::Case> = cases
            .into_iter()
            .filter(|c| c.oracle == Oracle::Brute)
            .collect();
        let limits = problem.meta.brute_limits();
        plan.push(Planned {
            subjects: vec![Subject {
                source: problem.brute_path(),
                role: Role::Oracle,
                why: None,
                limits: Some(limits),
            }],
            problem,
            cases,
        });
    }
    if !errors.is_empty() {
        return Err(ConfigErrors(errors).into());
    }
    execute_and_report(cx, plan)
}
