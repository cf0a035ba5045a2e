//! `runner game`: a heap game's nim-values and period, or a move program's values. Thin: the
//! argument names the game (a game.toml, a problem's `problems/<slug>/game.toml`, a code,
//! `grundy`, `--subtract`, `--all-but`), the `games` crate computes (`game_program` runs a move
//! program for it), `game_report` draws the report and `game_page` the `--html` page.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context as _, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::{ColorChoice, FormatArg, GlobalArgs};
use crate::machine::{Format, Options};
use crate::{game_page, game_report};
use games::file::{Described, GameFile};
use games::solve::{self, Observer, Request};
use games::Game;
use judging::exit;
use judging::workspace::{is_valid_slug, Workspace};

/// The options of `runner game`.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// The game: a game.toml (or a folder holding one), a problem's slug (its
    /// problems/<slug>/game.toml), a take-and-break code (0.07, 4.[3]: a repeated group in
    /// brackets), or `grundy` (also 4!.0).
    #[arg(required_unless_present_any = ["subtract", "all_but"])]
    pub game: Option<String>,
    /// A subtraction game: a set (2,3,7) or a rule (powers-of-2, fibonacci: 1, 2, 3, 5, 8, …,
    /// squares, all).
    #[arg(long, value_name = "SET", conflicts_with_all = ["game", "all_but"])]
    pub subtract: Option<String>,
    /// Subtract any number but these (1,3).
    #[arg(long, value_name = "SET", conflicts_with = "game")]
    pub all_but: Option<String>,
    /// The code is hexadecimal (digits 0-f; bit 8: leave three heaps).
    #[arg(long)]
    pub hex: bool,
    /// Values to compute at most (default: the game file's `max`, else 1000000 for a finite
    /// code, whose proof usually stops it long before; 10000 for the games no theorem covers;
    /// 1000 for an infinite code whose repeated group splits).
    #[arg(long, value_name = "N")]
    pub max: Option<usize>,
    /// Compute all --max values even when the period's proof closes sooner.
    #[arg(long)]
    pub no_stop: bool,
    /// The output: human (the verdict, the table, the P-positions) or json (one object).
    #[arg(long, value_enum, default_value_t = FormatArg::Human)]
    pub format: FormatArg,
    /// With --format json: the first N values only in `values` (a move program: the first N
    /// positions in `positions`; default: all).
    #[arg(long, value_name = "N")]
    pub values: Option<usize>,
    /// Also write one self-contained HTML page to PATH: the values against heap size (a move
    /// program on two numbers: a heat-map of its table), the period marked, the verdict.
    #[arg(long, value_name = "PATH")]
    pub html: Option<std::path::PathBuf>,
}

/// Cancellation from Ctrl-C, and the progress bar.
struct Watch<'a> {
    cancel: &'a sandbox::Cancel,
    bar: Option<ProgressBar>,
}

impl Observer for Watch<'_> {
    fn cancelled(&self) -> bool {
        self.cancel.is_cancelled()
    }
    fn progress(&self, done: usize, max: usize) {
        if let Some(bar) = &self.bar {
            bar.set_length(max as u64);
            bar.set_position(done as u64);
        }
    }
}

/// Runs `runner game`; the exit code: 0, 2 for a usage error, a bad file or a move program
/// that fails, 130 when interrupted (what was computed is reported all the same).
pub fn game(
    a: &GameArgs,
    g: &GlobalArgs,
    outputs: &Options,
    cancel: &sandbox::Cancel,
) -> Result<u8> {
    match resolve(a, g)? {
        Resolved::Heap(game, file_max) => heap(a, g, outputs, cancel, &game, file_max),
        Resolved::Program(file, f) => program(a, g, outputs, cancel, &file, f),
    }
}

fn heap(
    a: &GameArgs,
    g: &GlobalArgs,
    outputs: &Options,
    cancel: &sandbox::Cancel,
    game: &Game,
    file_max: Option<usize>,
) -> Result<u8> {
    let max = a
        .max
        .or(file_max)
        .unwrap_or_else(|| solve::default_max(game));
    if max == 0 || max > solve::MAX_VALUES {
        bail!("--max must be from 1 to {}", solve::MAX_VALUES);
    }
    let human = outputs.format == Format::Human;
    let show_bar = human && std::io::stderr().is_terminal() && std::env::var_os("CI").is_none();
    let watch = Watch {
        cancel,
        bar: show_bar.then(|| {
            let bar = ProgressBar::with_draw_target(Some(max as u64), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("game [{bar:30}] {pos}/{len} values {elapsed}")
                    .expect("valid template")
                    .progress_chars("=> "),
            );
            bar
        }),
    };
    let request = Request {
        max,
        stop_when_proven: !a.no_stop,
    };
    let report = solve::solve_with(game, &request, &watch);
    if let Some(bar) = &watch.bar {
        bar.finish_and_clear();
    }
    if let Some(path) = &outputs.html {
        write_page(path, &game_page::heap(&report))?;
    }
    let text = if human {
        game_report::render(&report, color(g.color))
    } else {
        game_report::json(&report, a.values)? + "\n"
    };
    super::context::print(&text)?;
    Ok(if report.stopped == games::report::Stopped::Cancelled {
        exit::INTERRUPTED
    } else {
        exit::PASSED
    })
}

fn program(
    a: &GameArgs,
    g: &GlobalArgs,
    outputs: &Options,
    cancel: &sandbox::Cancel,
    file: &Path,
    f: GameFile,
) -> Result<u8> {
    let Described::Program { title, spec } = f.game else {
        unreachable!("a program");
    };
    if a.hex || a.no_stop {
        bail!(
            "{}: --hex and --no-stop are for heap games; this one is a move program",
            file.display()
        );
    }
    let mut limits = spec.limits.clone();
    if let Some(max) = a.max {
        if max == 0 {
            bail!("--max must be at least 1");
        }
        limits.max_positions = max;
    }
    let report =
        match super::game_program::explore(file, title, &spec, &limits, (g, outputs, cancel)) {
            Ok(r) => r,
            Err(e) if cancel.is_cancelled() => {
                eprintln!("error: {e:#}");
                return Ok(exit::INTERRUPTED);
            }
            Err(e) => return Err(e),
        };
    if let Some(path) = &outputs.html {
        write_page(path, &game_page::program(&report))?;
    }
    let text = if outputs.format == Format::Human {
        game_report::render_program(&report, color(g.color))
    } else {
        game_report::program_json(&report, a.values)? + "\n"
    };
    super::context::print(&text)?;
    Ok(exit::PASSED)
}

/// `--html PATH`: written beside and renamed over, never through another user's link.
fn write_page(path: &Path, page: &str) -> Result<()> {
    judging::write::replace(path, page.as_bytes())
        .with_context(|| format!("cannot write --html {}", path.display()))
}

fn color(choice: ColorChoice) -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => !no_color && std::io::stdout().is_terminal(),
    }
}

/// What the arguments name: a heap game (and its file's `max`), or a game file's move program.
enum Resolved {
    Heap(Game, Option<usize>),
    Program(PathBuf, GameFile),
}

/// A game file read: its heap game, or its program.
fn from_file(file: PathBuf) -> Result<Resolved> {
    let f = games::file::read_file(&file)?;
    Ok(match f.game {
        Described::Heap(game) => Resolved::Heap(game, f.max),
        Described::Program { .. } => Resolved::Program(file, f),
    })
}

/// The game the arguments name.
fn resolve(a: &GameArgs, g: &GlobalArgs) -> Result<Resolved> {
    if let Some(set) = &a.subtract {
        let game =
            games::file::parse_subtract(set).map_err(|e| anyhow::anyhow!("--subtract: {e}"))?;
        return Ok(Resolved::Heap(game, None));
    }
    if let Some(set) = &a.all_but {
        let game =
            games::file::parse_all_but(set).map_err(|e| anyhow::anyhow!("--all-but: {e}"))?;
        return Ok(Resolved::Heap(game, None));
    }
    let arg = a.game.as_deref().expect("clap requires one");
    let path = Path::new(arg);
    if path.is_file() || path.join("game.toml").is_file() {
        let file = if path.is_file() {
            path.to_path_buf()
        } else {
            path.join("game.toml")
        };
        return from_file(file);
    }
    if arg.contains('.') || arg == "grundy" {
        let game = games::file::parse_spec(arg, a.hex).map_err(|e| anyhow::anyhow!("{e}"))?;
        return Ok(Resolved::Heap(game, None));
    }
    if is_valid_slug(arg) {
        return from_file(problem_game(arg, g)?);
    }
    bail!(
        "{arg:?} names no game: give a game.toml, a problem's slug, a code such as 0.07, \
         `grundy`, --subtract or --all-but"
    )
}

/// `problems/<slug>/game.toml` of the workspace.
fn problem_game(slug: &str, g: &GlobalArgs) -> Result<PathBuf> {
    let ws = match &g.root {
        Some(root) => Workspace::at(root)?,
        None => Workspace::find(
            &std::env::current_dir().context("no current directory")?,
            crate::invoked::command(),
        )?,
    };
    let dir = ws.problems_dir().join(slug);
    if !dir.is_dir() {
        bail!(
            "no problem {slug} in {} (and it is not a file nor a code such as 0.07)",
            ws.problems_dir().display()
        );
    }
    let file = dir.join("game.toml");
    if !file.is_file() {
        bail!(
            "problem {slug} has no game.toml ({}): write one to describe its game (see the \
             manual, Heap games)",
            file.display()
        );
    }
    Ok(file)
}
