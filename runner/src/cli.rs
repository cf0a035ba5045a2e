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
use crate::fixture::{self, Oracle};
use crate::problem::{self, Problem};
use crate::report::{self, Progress, ReportOptions};
use crate::run::{self, ExecOptions, Planned, Role, Subject};
use crate::scaffold;
use crate::single;
use crate::stress::{self, StressOptions};
use crate::validate;
use crate::workspace::Workspace;
use crate::{checker, holes};

/// A local judge: runs every solution on every fixture case, the way an online judge would.
#[derive(Debug, Parser)]
#[command(name = "runner", version, subcommand_precedence_over_arg = true)]
pub struct Cli {
    #[command(flatten)]
    global: GlobalArgs,

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
}

fn context(g: &GlobalArgs) -> Result<Settings> {
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
    Ok(Settings {
        ws,
        jobs,
        report: ReportOptions {
            color,
            diff_lines: g.diff_lines,
        },
        progress: std::io::stderr().is_terminal() && std::env::var_os("CI").is_none(),
    })
}

fn run(cli: Cli) -> Result<ExitCode> {
    let cx = context(&cli.global)?;
    match cli.command {
        None => judge_all(&cx, &cli.filters, &cli.cases, cli.skip_wrong),
        Some(Command::Judge { slug, file, cases }) => judge_file(&cx, &slug, &file, &cases),
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

/// The problems of the workspace; any error in them, or any hole in the workspace (see
/// [`holes::workspace`]), stops the run.
fn discover(ws: &Workspace) -> Result<Vec<Problem>> {
    let holes = holes::workspace(ws);
    let (problems, mut errors) = match problem::discover(ws) {
        Ok(p) => (p, Vec::new()),
        Err(e) => (Vec::new(), e),
    };
    errors.extend(holes);
    if errors.is_empty() {
        Ok(problems)
    } else {
        let errors = errors.into_iter().map(|e| relative(ws, e)).collect();
        Err(ConfigErrors(errors).into())
    }
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

fn execute_and_report(cx: &Settings, plan: Vec<Planned>) -> Result<ExitCode> {
    let builder = Builder::new(cx.ws.cache_dir());
    let sandbox = exec::Sandbox::new(&cx.ws.cache_dir())?;
    execute_and_report_after(cx, plan, &builder, &sandbox, None)
}

/// Executes `plan` and prints its report, after `before` (a section already judged, e.g. the
/// validator's in `verify`: its text is printed first and its counts join the last line).
fn execute_and_report_after(
    cx: &Settings,
    mut plan: Vec<Planned>,
    builder: &Builder,
    sandbox: &exec::Sandbox,
    before: Option<(String, report::Tally)>,
) -> Result<ExitCode> {
    for planned in &mut plan {
        let needs_checker = planned
            .cases
            .iter()
            .any(|c| c.compare == crate::compare::CompareMode::Checker);
        if needs_checker && planned.checker.is_none() {
            planned.checker = Some(checker::build(builder, &planned.problem)?);
        }
    }
    let progress = Progress::new(cx.progress);
    let report = run::execute(
        plan,
        builder,
        sandbox,
        &ExecOptions {
            jobs: cx.jobs,
            rerun_tle: true,
        },
        &|e| progress.on_event(&e),
    )?;
    drop(progress);
    let (body, mut tally) = report::render_body(&report, cx.ws.root(), cx.report);
    let mut text = String::new();
    if let Some((first, t)) = before {
        text.push_str(&first);
        tally.add(t);
    }
    text.push_str(&body);
    text.push_str(&report::render_last_line(&tally, cx.report));
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
    Ok(if report.interrupted {
        ExitCode::from(130)
    } else if tally.checker_failures > 0 {
        ExitCode::from(2)
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
                checker: None,
                notes: Vec::new(),
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
        checker: None,
        notes: Vec::new(),
    }];
    execute_and_report(cx, plan)
}

fn verify(cx: &Settings, filters: &[String]) -> Result<ExitCode> {
    let problems = discover(&cx.ws)?;
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
                     (source = \"sample\" | \"hand\" | \"brute\" | \"formula\")",
                    c.name
                ),
            ));
        }
        if !problem.brute_path().is_file() {
            errors.push(err(
                &problem.brute_path(),
                None,
                "missing: verify needs the problem's brute force".into(),
            ));
        }
        let validator = validate::validator_path(&problem);
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
    let sandbox = exec::Sandbox::new(&cx.ws.cache_dir())?;
    let pool = run::pool(cx.jobs)?;
    let mut checks = Vec::new();
    for (problem, cases) in &work {
        let path = validate::validator_path(problem);
        let validator = match builder.build(&path)?.program {
            Ok(v) => v,
            Err(msg) => bail!(
                "{}: the validator does not compile:\n{}",
                cx.ws.display(&path),
                msg.trim_end()
            ),
        };
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
            checker: None,
            notes,
        });
    }
    execute_and_report_after(cx, plan, &builder, &sandbox, Some(validation))
}

/// `runner run`: one program on one hand-written input.
fn run_one(cx: &Settings, a: &RunArgs) -> Result<ExitCode> {
    let problems = discover(&cx.ws)?;
    let problem = find_problem(&problems, &a.slug)?;
    let (source, limits, what) = if a.brute {
        (
            problem.brute_path(),
            problem.meta.brute_limits(),
            "the brute force".to_string(),
        )
    } else if let Some(p) = &a.program {
        (
            p.clone(),
            problem.meta.limits(),
            cx.ws.display(p).to_string(),
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
        problem,
        &single::Request {
            source,
            what,
            limits,
            input,
        },
    )
}

/// `runner list`: the problems, one per line.
fn list(cx: &Settings) -> Result<ExitCode> {
    let problems = discover(&cx.ws)?;
    let mut out = std::io::stdout().lock();
    out.write_all(single::list(&cx.ws, &problems).as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
