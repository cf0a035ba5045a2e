//! The command line: raw arguments are parsed once by clap into [`Cli`]; one [`Context`] is
//! built from the global options; each command is a small file here that asks the context to
//! discover, plan and execute, and hands the result to the reporter. Only this folder and
//! `report.rs` print. Exit codes are `exit.rs`'s: 0 all passed, 1 a case failed, 2 a usage or
//! configuration error, 130 interrupted.

mod context;
mod export;
mod game;
mod game_program;
mod import;
mod init;
mod judge;
mod list;
mod listen;
mod merge;
mod mutants;
mod new;
mod rm;
mod run;
mod stress;
mod submit;
mod verify;
mod watch;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::machine::{Format, Options};
use crate::partition::Partition;
use context::Context;
use judging::exit;

/// A local judge: runs every solution on every fixture case, the way an online judge would.
///
/// The options before a command are the default command's (judging every problem); a command
/// takes its own after its name, and `runner COMMAND --help` lists them.
#[derive(Debug, Parser)]
#[command(name = "runner", version, subcommand_precedence_over_arg = true)]
pub struct Cli {
    #[command(flatten)]
    global: GlobalArgs,

    #[command(flatten)]
    reports: ReportArgs,

    #[command(flatten)]
    fail_fast: FailFast,

    /// Judge only problems whose slug contains one of these.
    filters: Vec<String>,

    /// Judge only the case with this name (repeatable).
    #[arg(long = "case", value_name = "NAME")]
    cases: Vec<String>,

    /// Do not judge the wrong solutions in problems/<slug>/wrong/.
    #[arg(long)]
    skip_wrong: bool,

    /// Judge each wrong solution on every case (by default it stops at the first case that
    /// catches it, as Kattis stops at the first rejection).
    #[arg(long, conflicts_with = "skip_wrong")]
    all_cases: bool,

    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Args)]
pub struct GlobalArgs {
    /// The workspace root (default: found from the current directory upwards).
    #[arg(long, global = true, value_name = "DIR")]
    pub root: Option<PathBuf>,

    /// Programs run at once (default: the number of CPUs).
    #[arg(long, short = 'j', global = true, value_name = "N")]
    pub jobs: Option<usize>,

    /// Colour: auto (a terminal without NO_COLOR), always, never.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,

    /// Diff lines shown per failing case at most.
    #[arg(long, global = true, default_value_t = 40, value_name = "N")]
    pub diff_lines: usize,

    /// Show the whole dialogue of a failing interactive case (default: its last 12 lines); it
    /// is in the JSON records either way.
    #[arg(long, global = true)]
    pub transcript: bool,

    /// Run programs without the sandbox (they then see the whole machine, as the user).
    #[arg(long, global = true)]
    pub no_sandbox: bool,

    /// Judge every case again: reuse no verdict from the verdict cache (target/judge/verdicts/).
    #[arg(long, global = true)]
    pub no_cache: bool,
}

/// `--fail-fast`, for the commands that judge solutions (no command, `judge`).
#[derive(Debug, Args)]
pub struct FailFast {
    /// Stop each solution at its first failing case (the cases it has not started are not
    /// run, and it fails).
    #[arg(long)]
    pub fail_fast: bool,
}

/// The outputs and the selection of a judging run (no command, `judge`, `verify`).
#[derive(Debug, Clone, Args)]
pub struct ReportArgs {
    /// The output: human (the report) or json (JSON Lines; no report, no progress bar).
    #[arg(long, value_enum, default_value_t = FormatArg::Human)]
    pub format: FormatArg,

    /// Also write a JUnit XML report to PATH.
    #[arg(long, value_name = "PATH")]
    pub junit: Option<PathBuf>,

    /// Also write the run as one self-contained HTML page to PATH: per problem, programs × cases
    /// with each verdict and CPU time against the limit; a click on a cell shows its diff.
    #[arg(long, value_name = "PATH")]
    pub html: Option<PathBuf>,

    /// Run only shard K of N: count:K/N (balanced by expected cost; K/N means the same) or
    /// hash:K/N. A wrong solution goes to one shard with all its cases.
    #[arg(long, value_name = "K/N")]
    pub partition: Option<Partition>,

    /// Past timings for --partition count: a last-run.json of an earlier run; give every shard
    /// the same file.
    #[arg(long, value_name = "FILE", requires = "partition")]
    pub timings: Option<PathBuf>,

    /// Re-run only what failed in the last run (target/judge/last-run.json).
    #[arg(long)]
    pub failed: bool,
}

impl ReportArgs {
    fn options(&self) -> Options {
        Options {
            format: self.format.into(),
            junit: self.junit.clone(),
            html: self.html.clone(),
            watching: false,
            partition: self.partition,
            timings: self.timings.clone(),
            failed: self.failed,
        }
    }
}

/// The outputs of `merge`: the merged run's report, JUnit file and page.
#[derive(Debug, Clone, Args)]
pub struct MergeOutputs {
    /// The output: human (the report) or json (the merged JSON Lines).
    #[arg(long, value_enum, default_value_t = FormatArg::Human)]
    pub format: FormatArg,

    /// Also write a JUnit XML report to PATH.
    #[arg(long, value_name = "PATH")]
    pub junit: Option<PathBuf>,

    /// Also write the merged run as one self-contained HTML page to PATH.
    #[arg(long, value_name = "PATH")]
    pub html: Option<PathBuf>,
}

/// The format of stdout, as `--format` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// The report, for a person.
    Human,
    /// JSON Lines: a line per (program, case) as it finishes, a line per wrong solution, and a
    /// summary last.
    Json,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Human => Format::Human,
            FormatArg::Json => Format::Json,
        }
    }
}

/// The language of a new problem's solution, as `new --lang` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    Rs,
    Cpp,
    C,
    Py,
}

impl From<LangArg> for judging::scaffold::Lang {
    fn from(l: LangArg) -> judging::scaffold::Lang {
        use judging::scaffold::Lang;
        match l {
            LangArg::Rs => Lang::Rust,
            LangArg::Cpp => Lang::Cpp,
            LangArg::C => Lang::C,
            LangArg::Py => Lang::Python,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Judge one file (a source in a language of judges.toml, or an executable) on a problem's fixtures.
    Judge {
        /// The problem's slug.
        slug: String,
        /// The program to judge.
        file: PathBuf,
        /// Judge only the case with this name (repeatable).
        #[arg(long = "case", value_name = "NAME")]
        cases: Vec<String>,
        /// Judge again whenever the file changes, until Ctrl-C (every case: not with
        /// --failed or --partition).
        #[arg(long, conflicts_with_all = ["failed", "partition"])]
        watch: bool,
        /// Build it with this judge's profile instead of the problem's (e.g. `local`).
        #[arg(long, value_name = "JUDGE")]
        judge: Option<String>,
        /// Build it as this language of the judge (e.g. `C++` for POJ's MSVC).
        #[arg(long, value_name = "LANG")]
        lang: Option<String>,
        #[command(flatten)]
        reports: ReportArgs,
        #[command(flatten)]
        fail_fast: FailFast,
    },
    /// Re-judge a problem's solution under its judge's profile, lint it, and make the packet to
    /// paste into the judge (target/submit/<slug>.<ext>, its language label, size and hash).
    Submit {
        /// The problem's slug.
        slug: String,
        /// The file to submit, anywhere (default: the problem's solution file in the judge's
        /// first language that has one).
        file: Option<PathBuf>,
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
        #[command(flatten)]
        reports: ReportArgs,
    },
    /// Random testing: generator -> brute force and solution -> compare, until they disagree.
    Stress(StressArgs),
    /// How strong the fixtures are: mutants of the solutions (an operator swapped, a constant
    /// nudged), each judged on the fixtures; the score, and every survivor as a diff.
    Mutants(MutantsArgs),
    /// Make a workspace (problems/, fixtures/, solutions/) in DIR, so the judge works in any
    /// folder; the built-in judge profiles serve, changed by its judges.toml when it has one.
    Init {
        /// The folder (default: the current one; made if missing).
        #[arg(default_value = ".")]
        dir: PathBuf,
        /// Also write a judges.toml there that changes the built-in profiles (nothing yet: it
        /// says how, by judge name).
        #[arg(long)]
        judges: bool,
        /// The language of the solutions `new` and `listen` write in this workspace (kept in
        /// its workspace.toml; default rs).
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
    },
    /// A heap game's nim-values G(0), G(1), … and its period: proven by the octal periodicity
    /// theorem for a finite code (the computation stops when the proof closes), else only what
    /// the values show. Needs no workspace but for a problem's slug.
    Game(game::GameArgs),
    /// Create a new problem: problem.toml, a README, a fixture file with a sample case and a
    /// solution to start from. The programs that test the tests come with their flags; given
    /// for a problem that exists, only they are written.
    New(NewArgs),
    /// Remove a problem's files: its folder, its fixture file and folder, every solution named
    /// after it. Asks nothing and prints what it removed; never follows a link.
    Rm {
        /// The problem's slug.
        slug: String,
    },
    /// Run one program on a hand-written input and print its output (default: the solution).
    Run(RunArgs),
    /// List the problems: slug, judge, id, title and number of cases.
    List,
    /// Import a problem package: Kattis / ICPC (problem.yaml; legacy or 2023-07/2025-09, with
    /// submissions/submissions.yaml, constants, interactive and multi-pass problems, and each
    /// test group's testdata.yaml /
    /// test_group.yaml at any depth; a validator folder with its own build / run scripts is
    /// built by its script in the sandbox), Polygon (problem.xml; each solution under the profile its
    /// language id names, 32-bit where Codeforces' compiler is), a folder or a zip; or
    /// a Library Checker problem's folder (info.toml; its [[solutions]] with `expect` and
    /// `allow_tle`/`allow_re`/`allow_wa` become wrong solutions with those verdict sets,
    /// `function = true` ones come with grader/grader.cpp in one file, the problem's own headers
    /// are written into the programs; in/ and out/ are used only where hash.json shows them
    /// current, else made again). Never overwrites a problem; one that fails after writing
    /// removes what it wrote.
    Import {
        /// The package: its folder, or a zip of it.
        package: PathBuf,
        /// The problem's slug (default: the package's name).
        #[arg(long)]
        slug: Option<String>,
        /// The time limit, when the package's is not wanted (a Kattis package without one is
        /// otherwise measured on its accepted submissions).
        #[arg(long, value_name = "MS")]
        time_limit_ms: Option<u64>,
        /// The most a package may hold, unpacked (its files' total size, symlinks followed):
        /// a number of bytes with an optional unit (K, M, G, T).
        #[arg(long, value_name = "SIZE", default_value = "2G", value_parser = package_formats::confine::parse_size)]
        max_size: u64,
        /// The most files and folders a package may hold (symlinks followed).
        #[arg(long, value_name = "N", default_value_t = 100_000)]
        max_entries: u64,
        /// A Library Checker problem: the library-checker-problems checkout its `common/`
        /// headers are taken from (by default: found above the problem's folder, only where
        /// it is safe; see the README).
        #[arg(long, value_name = "DIR")]
        checkout: Option<PathBuf>,
        /// The CPU time limit of the package's generators and main solution while the tests
        /// are made (default 10s), for a package whose generator is slow on purpose: `30s`,
        /// `1m`, `1500ms`.
        #[arg(long, value_name = "TIME", value_parser = humantime::parse_duration)]
        tool_time_limit: Option<std::time::Duration>,
    },
    /// Write a problem out as a Kattis problem package (legacy format, as problemtools'
    /// verifyproblem reads it): problem.yaml, data/, submissions/ (each wrong solution where
    /// the verdict it gets first puts it), validators, runner.toml.
    Export {
        /// The problem's slug.
        slug: String,
        /// The package's folder (new or empty; its name is the package's short name).
        #[arg(long, value_name = "DIR")]
        kattis: PathBuf,
    },
    /// Receive problems from the Competitive Companion browser extension: listens on 127.0.0.1
    /// and writes each problem it is sent (problem.toml, the samples, a solution to start from).
    Listen {
        /// The port (27121: the one cpH uses, which the extension sends to; 0: any free port,
        /// printed).
        #[arg(long, default_value_t = 27121)]
        port: u16,
        /// Stop after one problem, or after every problem of the first batch (a contest).
        #[arg(long)]
        once: bool,
        /// The language of the solutions written (default: workspace.toml's `lang`, else rs);
        /// a judge that does not take it gets its first language that a solution can be
        /// written in.
        #[arg(long, value_enum)]
        lang: Option<LangArg>,
    },
    /// Merge the JSON reports of the shards of one run (`--partition K/N --format json`) into
    /// the report of the whole run; with --junit, one JUnit file. Exits as the whole run would.
    Merge {
        /// Every shard's JSON Lines report.
        #[arg(required = true, value_name = "SHARD.jsonl")]
        reports: Vec<PathBuf>,
        /// Also write the merged results as a run history, for the next run's --timings.
        #[arg(long, value_name = "PATH")]
        history: Option<PathBuf>,
        #[command(flatten)]
        outputs: MergeOutputs,
    },
}

#[derive(Debug, Args)]
pub struct NewArgs {
    /// The slug, e.g. `cf1234-a-game` (lowercase letters, digits and `-`).
    pub slug: String,
    /// The solution's language (default: workspace.toml's `lang`, else rs).
    #[arg(long, value_enum)]
    pub lang: Option<LangArg>,
    /// Also scaffold an input validator (problems/<slug>/validate.rs), for verify and stress.
    #[arg(long)]
    pub validator: bool,
    /// Also scaffold a brute force (problems/<slug>/brute.rs), for verify and stress.
    #[arg(long)]
    pub brute: bool,
    /// Also scaffold a random input generator (problems/<slug>/gen.rs), for stress.
    #[arg(long)]
    pub gen: bool,
    /// Also scaffold a checker (problems/<slug>/checker.rs) and judge with it.
    #[arg(long)]
    pub checker: bool,
    /// A problem on the heap game of this game.toml: its game.toml, a brute force generated
    /// from the game's rules, a validator and a generator of a default format, a README holding
    /// what `runner game` found, and the fixture cases a test set must hit.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["validator", "brute", "gen"])]
    pub game: Option<PathBuf>,
}

impl NewArgs {
    /// The programs to write besides what any problem needs.
    fn extras(&self) -> Vec<judging::scaffold::Extra> {
        use judging::scaffold::Extra;
        [
            (self.validator, Extra::Validator),
            (self.brute, Extra::Brute),
            (self.gen, Extra::Generator),
            (self.checker, Extra::Checker),
        ]
        .into_iter()
        .filter_map(|(asked, extra)| asked.then_some(extra))
        .collect()
    }
}

#[derive(Debug, Args)]
pub struct RunArgs {
    /// The problem's slug.
    pub slug: String,
    /// Run the problem's brute force (problems/<slug>/brute.rs), under its own limits.
    #[arg(long, conflicts_with = "program")]
    pub brute: bool,
    /// Run this file (a source in a language of judges.toml, or an executable) under the problem's limits.
    #[arg(long, value_name = "FILE")]
    pub program: Option<PathBuf>,
    /// The input file (`-`: standard input).
    pub input: PathBuf,
    /// An interactive problem: play the game against the interactor and show the whole
    /// dialogue (the default for an interactive problem; the flag only says so).
    #[arg(long)]
    pub interactive: bool,
    /// An interactive problem: you play, at the terminal, against the interactor (your lines
    /// go to it, its lines come to you).
    #[arg(long, conflicts_with_all = ["brute", "program"])]
    pub human: bool,
}

#[derive(Debug, Args)]
pub struct MutantsArgs {
    /// The problem's slug.
    pub slug: String,
    /// At most this many mutants per solution file, spread over it (0: all).
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub max: usize,
    /// Start no new mutant after this many seconds.
    #[arg(long, value_name = "SECONDS")]
    pub time: Option<f64>,
    /// Hunt each survivor with this many seeds of stress (generator and brute force); 0: no
    /// hunt. A survivor no seed tells apart is reported as probably equivalent.
    #[arg(long, default_value_t = 200, value_name = "SEEDS")]
    pub hunt: u64,
    /// Keep each input that kills a survivor as a fixture case (`mutant-<id>`, its expected
    /// output from the brute force, `source = "brute"`).
    #[arg(long)]
    pub save: bool,
    /// Also write the mutants as one self-contained HTML page to PATH (each mutant's fate and
    /// diff).
    #[arg(long, value_name = "PATH")]
    pub html: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct StressArgs {
    /// The problem's slug.
    pub slug: String,
    /// Iterations (seeds) to try.
    #[arg(long, default_value_t = 1000)]
    pub count: u64,
    /// The first seed; iteration i uses seed S+i.
    #[arg(long, default_value_t = 1, value_name = "S")]
    pub seed: u64,
    /// The size argument passed to gen.rs (with --max-size: the size of the first seeds).
    #[arg(long, default_value_t = 1)]
    pub size: u64,
    /// Ramp the size from --size up to this over the run: the first counter-example found is
    /// then a small one.
    #[arg(long, value_name = "K")]
    pub max_size: Option<u64>,
    /// Stop after this many seconds even if --count is not reached.
    #[arg(long, value_name = "SECONDS")]
    pub time: Option<f64>,
    /// On a disagreement, append the input as a new fixture case with this name.
    #[arg(long, value_name = "NAME")]
    pub save: Option<String>,
    /// Stress this program instead of the problem's solution.
    #[arg(long, value_name = "FILE")]
    pub program: Option<PathBuf>,
}

/// Entry point of the binary.
pub fn main() -> ExitCode {
    sandbox::become_subreaper();
    // Ctrl-C, SIGTERM and SIGHUP cancel the run: the one value handed to everything that runs.
    let cancel = match sandbox::Cancel::on_signals() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: cannot install the Ctrl-C handler: {e}");
            return ExitCode::from(exit::ERROR);
        }
    };
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() {
                exit::ERROR
            } else {
                exit::PASSED
            });
        }
    };
    let result = dispatch(cli, cancel);
    sandbox::reap_orphans();
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("error: {}", judging::diff::terminal_safe(&format!("{e:#}")));
            ExitCode::from(exit::ERROR)
        }
    }
}

/// The options of the default command (judging every problem) given, as (flag, given).
fn default_command_options(cli: &Cli) -> [(&'static str, bool); 10] {
    let r = &cli.reports;
    [
        ("--format", r.format != FormatArg::Human),
        ("--junit", r.junit.is_some()),
        ("--html", r.html.is_some()),
        ("--partition", r.partition.is_some()),
        ("--timings", r.timings.is_some()),
        ("--failed", r.failed),
        ("--fail-fast", cli.fail_fast.fail_fast),
        ("--case", !cli.cases.is_empty()),
        ("--skip-wrong", cli.skip_wrong),
        ("--all-cases", cli.all_cases),
    ]
}

/// The name of `command` on the command line (`Judge { .. }`: `judge`).
fn command_name(command: &Command) -> String {
    format!("{command:?}")
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect::<String>()
        .to_lowercase()
}

/// `own` (a command's outputs), with what `top` (the options given before the command) sets
/// and `own` does not.
fn joined(own: Options, top: Options) -> Options {
    Options {
        format: if own.format == Format::Human {
            top.format
        } else {
            own.format
        },
        junit: own.junit.or(top.junit),
        html: own.html.or(top.html),
        watching: own.watching,
        partition: own.partition.or(top.partition),
        timings: own.timings.or(top.timings),
        failed: own.failed || top.failed,
    }
}

/// The outputs a command asked for and whether it stops a solution at its first failure. Each
/// command takes only the options it uses (its `--help` lists them; clap refuses the others
/// after its name); given before its name, an option of the default command is the command's
/// when it takes it too, as `runner --html PAGE judge …` always was, and else an error.
fn outputs_of(cli: &Cli) -> Result<(Options, bool)> {
    let top = cli.reports.options();
    let top_fail_fast = cli.fail_fast.fail_fast;
    // (the options it takes of those, its own outputs, its own --fail-fast)
    let (takes, own, fail_fast): (&[&str], Options, bool) = match &cli.command {
        None => return Ok((top, top_fail_fast)),
        Some(Command::Judge {
            reports,
            fail_fast,
            watch,
            ..
        }) => {
            let mut o = reports.options();
            o.watching = *watch;
            let takes = &REPORT_OPTIONS[..];
            (takes, o, fail_fast.fail_fast || top_fail_fast)
        }
        Some(Command::Verify { reports, .. }) => (&REPORT_OPTIONS[..6], reports.options(), false),
        Some(Command::Mutants(a)) => {
            let o = Options {
                html: a.html.clone(),
                ..Options::default()
            };
            (&["--html"], o, false)
        }
        Some(Command::Game(a)) => {
            let o = Options {
                format: a.format.into(),
                html: a.html.clone(),
                ..Options::default()
            };
            (&["--format", "--html"], o, false)
        }
        Some(Command::Merge { outputs, .. }) => {
            let o = Options {
                format: outputs.format.into(),
                junit: outputs.junit.clone(),
                html: outputs.html.clone(),
                ..Options::default()
            };
            (&["--format", "--junit", "--html"], o, false)
        }
        Some(_) => (&[], Options::default(), false),
    };
    let command = cli.command.as_ref().expect("a command");
    let stray = default_command_options(cli)
        .into_iter()
        .find(|(flag, given)| *given && !takes.contains(flag));
    if let Some((flag, _)) = stray {
        let name = command_name(command);
        anyhow::bail!(
            "{flag} applies to judging every problem (no command): {name} does not take it \
             (`runner {name} --help` lists what it takes)"
        );
    }
    let joined = joined(own, top);
    if joined.watching && (joined.failed || joined.partition.is_some()) {
        anyhow::bail!("--watch judges every case: it does not go with --failed or --partition");
    }
    Ok((joined, fail_fast))
}

/// The report options, and `--fail-fast`: what `judge` takes of the default command's (and
/// `verify` the first six).
const REPORT_OPTIONS: [&str; 7] = [
    "--format",
    "--junit",
    "--html",
    "--partition",
    "--timings",
    "--failed",
    "--fail-fast",
];

/// The commands that need no workspace (`merge`, `init`), run; `None` for the others.
fn without_workspace(cli: &Cli, outputs: &Options) -> Option<Result<u8>> {
    match &cli.command {
        Some(Command::Merge {
            reports, history, ..
        }) => Some(merge::merge(reports, history.as_deref(), outputs)),
        Some(Command::Init { dir, judges, lang }) => {
            Some(init::init(dir, *judges, lang.map(Into::into)))
        }
        _ => None,
    }
}

/// Runs the command `cli` names, with one context built for it; returns the exit code.
fn dispatch(cli: Cli, cancel: sandbox::Cancel) -> Result<u8> {
    let (outputs, fail_fast) = outputs_of(&cli)?;
    if let Some(Command::Game(a)) = &cli.command {
        return game::game(a, &cli.global, &outputs, &cancel);
    }
    if let Some(code) = without_workspace(&cli, &outputs) {
        return code;
    }
    let mut cx = Context::new(&cli.global, &outputs, cancel)?;
    cx.execution.all_cases = cli.all_cases;
    cx.execution.fail_fast = fail_fast;
    match cli.command {
        None => judge::all(&cx, &cli.filters, &cli.cases, cli.skip_wrong),
        Some(Command::Judge {
            slug,
            file,
            cases,
            judge,
            lang,
            watch,
            ..
        }) => {
            let one = judge::File {
                slug: &slug,
                file: &file,
                cases: &cases,
                judge: judge.as_deref(),
                lang: lang.as_deref(),
            };
            if watch {
                watch::watch(&file, &cx.cancel, || judge::file(&cx, &one))
            } else {
                judge::file(&cx, &one)
            }
        }
        Some(Command::Submit {
            slug,
            file,
            lang,
            print,
        }) => submit::submit(&cx, &slug, (file.as_deref(), lang.as_deref()), print),
        Some(Command::Verify { filters, .. }) => verify::verify(&cx, &filters),
        Some(Command::Stress(a)) => stress::stress(&cx, a),
        Some(Command::Mutants(a)) => mutants::mutants(&cx, &a),
        Some(Command::Run(a)) => run::run(&cx, &a),
        Some(Command::List) => list::list(&cx),
        Some(Command::Listen { port, once, lang }) => {
            listen::listen(&cx, port, once, lang.map(Into::into))
        }
        Some(Command::Rm { slug }) => rm::rm(&cx, &slug),
        Some(Command::Export { slug, kattis }) => export::export(&cx, &slug, &kattis),
        Some(Command::Import {
            package,
            slug,
            time_limit_ms,
            max_size,
            max_entries,
            checkout,
            tool_time_limit,
        }) => {
            let bounds = package_formats::confine::Bounds {
                max_bytes: max_size,
                max_entries,
                ..Default::default()
            };
            let how = import::How {
                slug: slug.as_deref(),
                time_limit_ms,
                bounds,
                lc_root: checkout.as_deref(),
                tool_time: tool_time_limit,
            };
            import::import(&cx, &package, &how)
        }
        Some(Command::New(a)) => new::new(&cx, &a),
        Some(Command::Init { .. }) => unreachable!("made before a context is"),
        Some(Command::Game(_)) => unreachable!("computed before a context is made"),
        Some(Command::Merge { .. }) => unreachable!("merged before a context is made"),
    }
}
