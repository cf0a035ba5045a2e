//! Interactive problems (problem.toml `interactive = true`): the solution plays against the
//! problem's interactor, which judges the game. Both run in the sandbox, each under its own
//! limits, connected through the runner ([`sandbox::Executor::run_interactive`]), which keeps
//! the transcript and sees when both sides wait for each other (ILE).
//!
//! Two conventions ([`Convention`]), chosen in problem.toml:
//! - testlib: `interactor INPUT OUTPUT [ANSWER]`; exit 0 OK, 1 WA, 2 PE, 3 FAIL (JE), anything
//!   else JE; its stderr is the message. What it wrote to OUTPUT is then judged by the
//!   problem's checker, when it has one (`checker INPUT OUTPUT ANSWER`, as testlib does).
//! - Kattis: `validator INPUT ANSWER FEEDBACK_DIR`; exit 42 accepted, 43 wrong answer, anything
//!   else JE; `judgemessage.txt` in FEEDBACK_DIR is the message. A validator that accepts and
//!   leaves `nextpass.in` there starts another pass (multi-pass problems), at most
//!   [`MAX_PASSES`].
//!
//! The verdict follows [`decide`]'s table (the README's "Interactive problems" has it).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use sandbox::{Executor, Exit, Interaction, Kill, Limits, Party, Program, RunOutput, Side};

use crate::diff::{self, DiffOptions};
use crate::fixture::{Case, CHECKER_OUTPUT_LIMIT};
use crate::judgement::{limit_failure, Failure, Outcome};
use crate::problem::{Convention, TOOL_LIMITS};
use crate::verdict::Verdict;

/// A problem's interactor, built.
#[derive(Debug, Clone)]
pub struct Interactor {
    pub program: Program,
    pub convention: Convention,
}

/// The interactor's limits: generous, it is ours and its time is not the solution's.
pub const LIMITS: Limits = TOOL_LIMITS;

/// Bytes of the dialogue kept (its start, and the last quarter as much of the rest).
const TRANSCRIPT_CAP: usize = 1 << 20;

/// Passes of a multi-pass (Kattis) problem at most.
pub const MAX_PASSES: usize = 16;

/// What the interactor said of the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    Accepted,
    Wrong,
    Format,
    /// Its own failure (FAIL, an unknown exit code, a crash, a limit): JE.
    Failed(String),
}

/// The interactor's verdict from how it ended.
pub fn said(convention: Convention, run: &RunOutput) -> Said {
    if run.killed.is_some() || run.output_overflow {
        let why = limit_failure(run, &LIMITS).map_or_else(
            || "killed".to_string(),
            |(v, detail)| format!("{v}, {detail}"),
        );
        return Said::Failed(format!("the interactor was stopped ({why})"));
    }
    said_of_exit(convention, run.exit)
}

/// The interactor's verdict from its exit alone.
pub fn said_of_exit(convention: Convention, exit: Exit) -> Said {
    match (convention, exit) {
        (Convention::Testlib, Exit::Code(0)) | (Convention::Kattis, Exit::Code(42)) => {
            Said::Accepted
        }
        (Convention::Testlib, Exit::Code(1)) | (Convention::Kattis, Exit::Code(43)) => Said::Wrong,
        (Convention::Testlib, Exit::Code(2)) => Said::Format,
        (Convention::Testlib, Exit::Code(3)) => Said::Failed("the interactor failed (FAIL)".into()),
        (_, exit) => Said::Failed(format!("the interactor failed ({})", exit.describe())),
    }
}

/// The verdict of a game, the table of the README's "Interactive problems":
///
/// | # | what happened | verdict |
/// |---|---|---|
/// | 0 | both sides waited for each other (or slept) for 250 ms; the pair's backstop | ILE; TLE |
/// | 1 | the interactor ended first and said WA / PE | WA / PE (the solution is stopped) |
/// | 2 | the interactor ended first and failed (FAIL, crash, its limits) | JE |
/// | 3 | the solution went over its time, memory or output limit | TLE / MLE / OLE |
/// | 4 | the solution waited alone after the interactor accepted and ended | ILE |
/// | 5 | the solution ended first with a non-zero exit or a signal | RE |
/// | 6 | the interactor then said WA / PE, or failed | WA / PE / JE |
/// | 7 | the interactor accepted, and the solution ended with exit 0 | AC |
/// | 8 | the interactor accepted first, then the solution failed | its failure (rows 3–5) |
///
/// Row 0 first: when the runner stopped both, neither ended on its own. Rows 1–2 next: an interactor that ended first has decided, whatever the solution does
/// after (Codeforces and Kattis agree). Then the solution's own limits and exit (Codeforces:
/// "if the solution ends first, its limit gives TLE/MLE/ILE and a non-zero exit RE"; Kattis:
/// TLE before RE), and the interactor's verdict last.
pub fn decide(
    game: &Interaction,
    limits: &Limits,
    convention: Convention,
) -> (Verdict, Option<String>) {
    // The runner stopped both (idle, or the pair's wall-clock backstop): who was reaped first
    // says nothing then.
    if matches!(game.solution.killed, Some(Kill::Idle | Kill::WallClock)) {
        if let Some((v, detail)) = limit_failure(&game.solution, limits) {
            return (v, Some(detail));
        }
    }
    let judge = said(convention, &game.interactor);
    if game.first == Side::Interactor {
        match &judge {
            Said::Wrong => return (Verdict::WrongAnswer, None),
            Said::Format => return (Verdict::PresentationError, None),
            Said::Failed(why) => return (Verdict::CheckerFailed, Some(why.clone())),
            Said::Accepted => {}
        }
    }
    if let Some((v, detail)) = limit_failure(&game.solution, limits) {
        return (v, Some(detail));
    }
    if game.interactor.killed == Some(Kill::Idle) {
        // The solution ended and the interactor then waited on its own: its failure.
        return (
            Verdict::CheckerFailed,
            Some("the interactor waited after the solution ended".into()),
        );
    }
    match judge {
        Said::Accepted => (Verdict::Accepted, None),
        Said::Wrong => (Verdict::WrongAnswer, None),
        Said::Format => (Verdict::PresentationError, None),
        Said::Failed(why) => (Verdict::CheckerFailed, Some(why)),
    }
}

/// The files of one game: the input, the answer, the interactor's output or feedback directory.
struct Files {
    _dir: tempfile::TempDir,
    input: PathBuf,
    answer: PathBuf,
    /// testlib's OUTPUT file, or Kattis' FEEDBACK_DIR.
    out: PathBuf,
}

impl Files {
    fn new(input: &[u8], answer: &[u8], convention: Convention) -> std::io::Result<Files> {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::Builder::new()
            .prefix("runner-interactor-")
            .tempdir()?;
        let at = |name: &str| dir.path().join(name);
        let (input_path, answer_path) = (at("input"), at("answer"));
        std::fs::write(&input_path, input)?;
        std::fs::write(&answer_path, answer)?;
        // Written by the interactor, which runs as another user in the sandbox.
        let out = match convention {
            Convention::Testlib => {
                let out = at("output");
                std::fs::write(&out, b"")?;
                std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o666))?;
                out
            }
            Convention::Kattis => {
                let out = at("feedback");
                std::fs::create_dir(&out)?;
                std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o777))?;
                out
            }
        };
        // The directory itself must be reachable by that user.
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755))?;
        Ok(Files {
            _dir: dir,
            input: input_path,
            answer: answer_path,
            out,
        })
    }

    /// The interactor's command line for this game.
    fn program(&self, interactor: &Interactor) -> Program {
        let mut p = interactor.program.clone();
        let push = |path: &Path, writable: bool, p: &mut Program| {
            if writable {
                p.writable.push(p.argv.len());
            } else {
                p.files.push(p.argv.len());
            }
            p.argv.push(path.as_os_str().to_os_string());
        };
        match interactor.convention {
            Convention::Testlib => {
                push(&self.input, false, &mut p);
                push(&self.out, true, &mut p);
                push(&self.answer, false, &mut p);
            }
            Convention::Kattis => {
                push(&self.input, false, &mut p);
                push(&self.answer, false, &mut p);
                push(&self.out, true, &mut p);
            }
        }
        p
    }

    /// What the interactor said in words: Kattis' `judgemessage.txt`, else its stderr.
    fn message(&self, convention: Convention, interactor: &RunOutput) -> String {
        let text = match convention {
            Convention::Kattis => {
                std::fs::read(self.out.join("judgemessage.txt")).unwrap_or_default()
            }
            Convention::Testlib => Vec::new(),
        };
        let text = if text.is_empty() {
            &interactor.stderr
        } else {
            &text
        };
        let s = diff::escape(text, false);
        let lines: Vec<&str> = s.trim().lines().collect();
        lines[..lines.len().min(20)].join("\n")
    }
}

/// Plays `case` between `solution` and the problem's `interactor`, and judges it (then, under
/// testlib's convention with a `checker`, the interactor's output is judged by the checker).
pub fn run_case(
    exec: &dyn Executor,
    solution: &Program,
    case: &Case,
    limits: &Limits,
    interactor: &Interactor,
    checker: Option<&Program>,
    opts: DiffOptions,
) -> Outcome {
    let (input, answer) = match (case.input.read(), case.expected.read()) {
        (Ok(i), Ok(a)) => (i.into_owned(), a.into_owned()),
        (Err(e), _) | (_, Err(e)) => return Outcome::cannot_start(&e),
    };
    let game = Game {
        solution,
        limits,
        output_cap: case.output_cap(),
        interactor,
        checker,
    };
    play(exec, &game, input, &answer, opts).0
}

/// One game to play: the solution, its limits, and the problem's programs that judge it.
#[derive(Debug, Clone, Copy)]
pub struct Game<'a> {
    pub solution: &'a Program,
    pub limits: &'a Limits,
    pub output_cap: usize,
    pub interactor: &'a Interactor,
    pub checker: Option<&'a Program>,
}

/// Plays `game` on `input` (every pass of it) and judges it: the outcome, and the last pass's
/// whole transcript.
pub fn play(
    exec: &dyn Executor,
    g: &Game,
    mut input: Vec<u8>,
    answer: &[u8],
    opts: DiffOptions,
) -> (Outcome, Option<sandbox::Transcript>) {
    let (solution, limits, interactor, checker) = (g.solution, g.limits, g.interactor, g.checker);
    let convention = interactor.convention;
    let mut pass = 1;
    loop {
        let files = match Files::new(&input, answer, convention) {
            Ok(f) => f,
            Err(e) => {
                return (
                    judge_error(format!("cannot write the interactor's files: {e}")),
                    None,
                )
            }
        };
        let program = files.program(interactor);
        let settle = |exit: Exit| match convention {
            Convention::Testlib => exit != Exit::Code(0),
            Convention::Kattis => exit != Exit::Code(42),
        };
        let game = match exec.run_interactive(
            Party {
                program: solution,
                limits: *limits,
                output_cap: g.output_cap,
            },
            Party {
                program: &program,
                limits: LIMITS,
                output_cap: CHECKER_OUTPUT_LIMIT as usize,
            },
            &settle,
            TRANSCRIPT_CAP,
        ) {
            Ok(game) => game,
            Err(e) => return (Outcome::cannot_start(&e), None),
        };
        let (mut verdict, detail) = decide(&game, limits, convention);
        let message = files.message(convention, &game.interactor);
        let mut detail = join(detail, message);
        if verdict == Verdict::Accepted && convention == Convention::Testlib {
            if let Some(checker) = checker {
                let output = std::fs::read(&files.out).unwrap_or_default();
                let r = crate::checker::check(exec, checker, &input, answer, &output);
                verdict = r.verdict;
                detail = join(detail, r.message);
            }
        }
        let next = files.out.join("nextpass.in");
        if verdict == Verdict::Accepted && convention == Convention::Kattis && next.is_file() {
            if pass == MAX_PASSES {
                let why = format!("the validator asked for pass {}", pass + 1);
                return (judge_error(why), Some(game.transcript));
            }
            match std::fs::read(&next) {
                Ok(bytes) => input = bytes,
                Err(e) => {
                    let why = format!("cannot read nextpass.in: {e}");
                    return (judge_error(why), Some(game.transcript));
                }
            }
            pass += 1;
            continue;
        }
        let failure = (!verdict.is_accepted()).then(|| {
            Box::new(Failure {
                stderr: game.solution.stderr.clone(),
                transcript: Some(render(&game.transcript, opts.transcript_lines)),
                ..Failure::default()
            })
        });
        let outcome = Outcome::of_run(&game.solution, verdict, detail, failure);
        return (outcome, Some(game.transcript));
    }
}

fn join(detail: Option<String>, message: String) -> Option<String> {
    match (detail, message.is_empty()) {
        (Some(d), false) => Some(format!("{d}\n{message}")),
        (Some(d), true) => Some(d),
        (None, false) => Some(message),
        (None, true) => None,
    }
}

fn judge_error(why: String) -> Outcome {
    let mut o = Outcome::cannot_start(&std::io::Error::other(why.clone()));
    o.verdict = Verdict::CheckerFailed;
    o.detail = Some(why);
    o
}

/// The dialogue as lines marked by side (`> ` the interactor, `< ` the solution), its last
/// `last` lines (all of them with `usize::MAX`); a line cut between two writes is shown whole
/// where it ends, and one left without its `\n` is marked.
pub fn render(t: &sandbox::Transcript, last: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    // The line of each side still open (written without its `\n` yet).
    let mut open: [Option<usize>; 2] = [None, None];
    for (i, e) in t.parts().enumerate() {
        if i == t.head.len() && t.dropped > 0 {
            lines.push(format!("… {} bytes of the dialogue not kept", t.dropped));
            open = [None, None];
        }
        let k = e.from as usize;
        let mark = if e.from == Side::Interactor { '>' } else { '<' };
        for piece in e.bytes.split_inclusive(|&b| b == b'\n') {
            let text = diff::escape(piece.strip_suffix(b"\n").unwrap_or(piece), false);
            match open[k] {
                Some(i) => lines[i].push_str(&text),
                None => {
                    lines.push(format!("{mark} {text}"));
                    open[k] = Some(lines.len() - 1);
                }
            }
            if piece.ends_with(b"\n") {
                open[k] = None;
            }
        }
    }
    for i in open.into_iter().flatten() {
        lines[i].push_str(" ⏎ (no newline)");
    }
    let skip = lines.len().saturating_sub(last);
    let mut out = String::new();
    if skip > 0 {
        let _ = writeln!(out, "… {skip} earlier lines (--transcript shows all)");
    }
    for l in &lines[skip..] {
        let _ = writeln!(out, "{l}");
    }
    out
}
