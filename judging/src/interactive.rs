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
//!   leaves `nextpass.in` there starts another pass of a multi-pass problem (`multi_pass` in
//!   problem.toml), at most `max_passes`. A multi-pass problem that is not interactive is
//!   played the same way, its checker behind [`feeding`]'s adapter in the interactor's place.
//!
//! The verdict follows [`decide`]'s table (the manual's "Interactive problems", docs/src/checkers-and-interactors.md, has it).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use sandbox::{Executor, Exit, Interaction, Kill, Limits, Party, Program, Rules, RunOutput, Side};

use crate::diff;
use crate::fixture::{Case, CHECKER_OUTPUT_LIMIT};
use crate::judgement::{limit_failure, Failure, Outcome};
use crate::problem::{Convention, ProblemMeta, TOOL_LIMITS};
use crate::verdict::Verdict;

/// A problem's interactor, built.
#[derive(Debug, Clone)]
pub struct Interactor {
    /// The interactor, built.
    pub program: Program,
    /// How it is called and how its exit is read (Kattis' or testlib's).
    pub convention: Convention,
    /// It is the checker of a multi-pass problem that is not interactive, behind the adapter
    /// that feeds the solution each pass's input ([`feeding`]).
    pub feeds: bool,
    /// A multi-pass problem's most passes (a Kattis validator's `nextpass.in` starts the next
    /// one, and one past the most is a judge error); `None`: not multi-pass (a `nextpass.in`
    /// is ignored, as BAPCtools does).
    pub passes: Option<usize>,
    /// Given after its own arguments (a Kattis validator's `output_validator_args`; a feeding
    /// adapter's are in its script).
    pub args: Vec<String>,
}

impl Interactor {
    /// The built `program` that plays `meta`'s games (already behind [`feeding`]'s adapter
    /// where the problem needs it), with its convention.
    pub fn of(program: Program, meta: &ProblemMeta) -> Interactor {
        Interactor {
            program,
            convention: meta.game_convention(),
            feeds: meta.passes_fed(),
            passes: meta.multi_pass.then_some(meta.max_passes),
            args: match meta.passes_fed() {
                true => Vec::new(),
                false => meta.output_validator_args.clone(),
            },
        }
    }

    /// What decides its games, for the caches' keys: its program (the command line and files,
    /// see `crate::compile::program_digest`; `builds` is the build cache's folder), its
    /// convention, its passes.
    pub fn digest(&self, builds: &Path) -> Option<[u8; 32]> {
        use sha2::{Digest, Sha256};
        let mut h = Sha256::new();
        h.update(crate::compile::program_digest(&self.program, builds)?);
        h.update(format!(
            "{:?} passes {:?} feeds {} args {:?}",
            self.convention, self.passes, self.feeds, self.args
        ));
        Some(h.finalize().into())
    }
}

/// The adapter that plays one pass of a multi-pass problem that is not interactive, in the
/// interactor's place: `sh -c FEED_ADAPTER kattis-multi-pass VALIDATOR… INPUT ANSWER
/// FEEDBACK_DIR/`. It writes the pass's INPUT to the solution's standard input and closes it,
/// keeps the solution's whole output, and once the solution has closed it (ended) runs the
/// Kattis output validator on it (`VALIDATOR… INPUT ANSWER FEEDBACK_DIR/ < OUTPUT`). So the
/// solution runs as in any problem (its input written while it reads, its output read while it
/// writes: no deadlock on a large case), and the validator judges it after it ended, as Kattis
/// and BAPCtools do; its verdict and its `nextpass.in` are taken as in an interactive multi-pass
/// game. POSIX sh only: it runs in the sandbox.
const FEED_ADAPTER: &str = r#"n=$#
eval "in=\${$((n - 2))}"
t=$(mktemp -d) || exit 3
cat "$in" &
exec >/dev/null
cat >"$t/output"
"$@" @ARGS@ <"$t/output"
c=$?
rm -rf "$t"
exit "$c"
"#;

/// The words put before the validator's command line by [`feeding`], with the problem's
/// `output_validator_args`.
fn feed_prefix(meta: &ProblemMeta) -> [String; 4] {
    [
        "/bin/sh".into(),
        "-c".into(),
        crate::checker::with_args(FEED_ADAPTER, &meta.output_validator_args),
        "kattis-multi-pass".into(),
    ]
}

/// The built checker of a multi-pass problem that is not interactive, as it plays the passes;
/// any other program as it is.
pub fn feeding(program: Program, meta: &ProblemMeta) -> Program {
    if meta.passes_fed() {
        let words = feed_prefix(meta);
        program.behind(&words.each_ref().map(String::as_str))
    } else {
        program
    }
}

/// The interactor's limits: generous, it is ours and its time is not the solution's.
pub(crate) const LIMITS: Limits = TOOL_LIMITS;

/// Bytes of the dialogue kept (its start, and the last quarter as much of the rest).
const TRANSCRIPT_CAP: usize = 1 << 20;

/// What the interactor said of the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// It accepted the solution's play.
    Accepted,
    /// It found the solution's play wrong: WA.
    Wrong,
    /// It could not read the solution's output: PE.
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
pub(crate) fn said_of_exit(convention: Convention, exit: Exit) -> Said {
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

/// The verdict of a game, the table of the manual's "Interactive problems":
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
/// | 9 | the interactor's rejection or failure made the runner stop the solution (which may have closed its output first), and the runner's kill ended it (a solution that had exited or crashed on its own is rows 3–6) | the solution's TLE / MLE / OLE if it was over a limit, else the interactor's WA / PE / JE; never RE for the runner's own kill |
///
/// Row 0 first: when the runner stopped both, neither ended on its own. Row 9 and rows 1–2 next:
/// an interactor that ended first has decided, whatever the solution does after (Codeforces and
/// Kattis agree); a solution that closed its output and waits has not ended, and the kill that
/// ends it is the runner's (Kattis gives the validator's verdict, BAPCtools TLE when the
/// solution was over its time limit). Then the solution's own limits and exit (Codeforces:
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
    // Row 9 only when the runner's kill ended the solution: its report of the interactor's end
    // may come before the solution's own, which had already exited or crashed (a panic's exit
    // 101 once it saw its input closed or the judge's reply missing). That exit is the
    // solution's own, judged by rows 3-6 as problemtools does (RTE unless the validator
    // ended first with WA), whichever report the runner read first.
    let stopped = game.solution_stopped && game.solution.exit == Exit::Signal(libc::SIGKILL);
    if stopped {
        let over =
            limit_failure(&game.solution, limits).filter(|(v, _)| *v != Verdict::RuntimeError);
        if let Some((v, detail)) = over {
            return (v, Some(detail));
        }
    }
    if game.first == Side::Interactor || stopped {
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
/// Each worker thread has one directory of [`GameDirs`] for its games and rewrites the files in
/// place (same paths, same inodes): the sandbox then keeps them bound from one game to the next
/// instead of making its /box again, which would cost more than a short game.
///
/// The directory is only the runner's user's (mode 0700): no other local user can read the
/// jury's answer or leave a file in it. The interactor's writable file or directory is never
/// written here in the sandbox: the launcher gives it a capped tmpfs of its own instead, read
/// back and emptied after every game ([`sandbox::Left`]); without the sandbox the interactor
/// (then the runner's user) writes here, and the same cap is checked after the game.
struct Files {
    input: PathBuf,
    answer: PathBuf,
    /// testlib's OUTPUT file, or Kattis' FEEDBACK_DIR.
    out: PathBuf,
    /// A multi-pass game's folder of the feedback files of the pass before (`nextpass.in`
    /// aside), put back into FEEDBACK_DIR before the validator starts: the format keeps them
    /// between passes. `None`: not a multi-pass game.
    kept: Option<PathBuf>,
}

/// Puts the feedback files of the pass before back: `sh -c KEEP_ADAPTER kattis-pass KEPT N
/// VALIDATOR… INPUT ANSWER FEEDBACK_DIR ARGS…` (N: how many ARGS) copies KEPT's files into
/// FEEDBACK_DIR (in the sandbox a fresh tmpfs every game), then runs the validator. POSIX sh
/// only: it runs in the sandbox.
const KEEP_ADAPTER: &str = r#"kept=$1 n=$2
shift 2
eval "fb=\${$(($# - n))}"
for f in "$kept"/* "$kept"/.[!.]* "$kept"/..?*; do
  if [ -f "$f" ]; then cp "$f" "$fb/" || exit 3; fi
done
exec "$@"
"#;

/// The directories of game files, one per worker thread that plays a game, made at its first
/// game and removed with this value. Whoever plays games owns one (the engine for a run, stress
/// for its seeds) and hands it to every [`Game`]; a thread's games are played one at a time, so
/// its directory is never shared by two games.
#[derive(Debug, Default)]
pub struct GameDirs {
    by_thread: std::sync::Mutex<HashMap<std::thread::ThreadId, tempfile::TempDir>>,
}

impl GameDirs {
    /// The calling thread's directory (made, mode 0700, at its first game).
    fn dir(&self) -> std::io::Result<PathBuf> {
        use std::os::unix::fs::PermissionsExt;
        let mut dirs = self.by_thread.lock().unwrap_or_else(|e| e.into_inner());
        let dir = match dirs.entry(std::thread::current().id()) {
            std::collections::hash_map::Entry::Occupied(d) => d.into_mut(),
            std::collections::hash_map::Entry::Vacant(v) => {
                let made = tempfile::Builder::new()
                    .prefix("runner-interactor-")
                    .permissions(std::fs::Permissions::from_mode(0o700))
                    .tempdir()?;
                std::fs::set_permissions(made.path(), std::fs::Permissions::from_mode(0o700))?;
                v.insert(made)
            }
        };
        Ok(dir.path().to_path_buf())
    }
}

/// Writes `bytes` over the file at `path` in place (created if missing), with `mode`.
fn rewrite(path: &Path, bytes: &[u8], mode: u32) -> std::io::Result<()> {
    use std::io::Write as _;
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(mode)
        .custom_flags(libc::O_NOFOLLOW)
        .open(path)?;
    f.write_all(bytes)?;
    f.set_permissions(std::fs::Permissions::from_mode(mode))
}

/// Empties the folder at `path` (made, with `mode`, when missing).
fn empty_dir(path: &Path, mode: u32) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    if path.symlink_metadata().is_ok_and(|m| m.is_dir()) {
        for e in std::fs::read_dir(path)? {
            let p = e?.path();
            if p.symlink_metadata()?.is_dir() {
                std::fs::remove_dir_all(&p)?;
            } else {
                std::fs::remove_file(&p)?;
            }
        }
    } else {
        std::fs::create_dir(path)?;
    }
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
}

impl Files {
    /// The files of one pass; `kept`: a multi-pass game's feedback files from the pass before
    /// (`None` for any other game, which writes no such folder).
    fn new(
        dirs: &GameDirs,
        input: &[u8],
        answer: &[u8],
        convention: Convention,
        kept: Option<&[(String, Vec<u8>)]>,
    ) -> std::io::Result<Files> {
        let dir = dirs.dir()?;
        let (input_path, answer_path) = (dir.join("input"), dir.join("answer"));
        let kept = match kept {
            Some(files) => {
                let path = dir.join("kept");
                empty_dir(&path, 0o755)?;
                for (name, bytes) in files {
                    rewrite(&path.join(name), bytes, 0o644)?;
                }
                Some(path)
            }
            None => None,
        };
        // Readable by the programs (another user in the sandbox, which shows them these files
        // alone); no one else can open the directory.
        rewrite(&input_path, input, 0o644)?;
        rewrite(&answer_path, answer, 0o644)?;
        let out = match convention {
            Convention::Testlib => {
                let out = dir.join("output");
                rewrite(&out, b"", 0o600)?;
                out
            }
            Convention::Kattis => {
                let out = dir.join("feedback");
                empty_dir(&out, 0o700)?;
                out
            }
        };
        Ok(Files {
            input: input_path,
            answer: answer_path,
            out,
            kept,
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
        p.argv.extend(interactor.args.iter().map(Into::into));
        let Some(kept) = &self.kept else {
            return p;
        };
        // A multi-pass game: the feedback files of the pass before are put back first.
        let n = interactor.args.len().to_string();
        let mut p = p.behind(&["/bin/sh", "-c", KEEP_ADAPTER, "kattis-pass", "", &n]);
        p.argv[4] = kept.as_os_str().to_os_string();
        p.files.push(4);
        p
    }
}

/// What the interactor said in words: Kattis' `judgemessage.txt`, else its stderr.
fn message(convention: Convention, interactor: &RunOutput, left: &sandbox::Left) -> String {
    let text = match convention {
        Convention::Kattis => left.file("judgemessage.txt").unwrap_or_default(),
        Convention::Testlib => &[],
    };
    let text = if text.is_empty() {
        &interactor.stderr
    } else {
        text
    };
    diff::message(text)
}

/// Why what the interactor left in its files is a judge error: it filled them to the cap, or
/// they could not be read back.
fn left_failure(left: &sandbox::Left, convention: Convention) -> Option<String> {
    let what = match convention {
        Convention::Testlib => "its output file",
        Convention::Kattis => "its feedback directory",
    };
    if left.full {
        return Some(format!(
            "the interactor wrote more than {what} may hold ({} MiB, {} files): judge error",
            sandbox::WRITABLE_CAP >> 20,
            sandbox::WRITABLE_ENTRIES
        ));
    }
    left.error
        .as_ref()
        .map(|e| format!("cannot read back {what}: {e}"))
}

/// Plays a game against `interactor` on `input` with the person at the terminal as the
/// solution (`runner run --human`): the interactor runs in the sandbox like in a judged game,
/// its files as there. What it said, and its message.
pub fn by_hand(
    sandbox: &sandbox::Sandbox,
    interactor: &Interactor,
    input: &[u8],
) -> std::io::Result<(Said, String)> {
    let dirs = GameDirs::default();
    let files = Files::new(&dirs, input, b"", interactor.convention, None)?;
    let program = files.program(interactor);
    let (exit, left) = sandbox.run_attached(&program, &LIMITS)?;
    let left = left.first().cloned().unwrap_or_default();
    if let Some(why) = left_failure(&left, interactor.convention) {
        return Ok((Said::Failed(why), String::new()));
    }
    let message = match interactor.convention {
        Convention::Kattis => left.file("judgemessage.txt").unwrap_or_default(),
        Convention::Testlib => &[],
    };
    let message = diff::escape(message, false).trim().to_string();
    Ok((said_of_exit(interactor.convention, exit), message))
}

/// Plays `case` as `game` (the solution against the problem's interactor), and judges it (then,
/// under testlib's convention with a checker, the interactor's output is judged by the checker).
pub(crate) fn run_case(
    exec: &dyn Executor,
    case: &Case,
    game: &Game,
    transcript_lines: usize,
) -> Outcome {
    let (input, answer) = match (case.input.read(), case.expected.read()) {
        (Ok(i), Ok(a)) => (i.into_owned(), a.into_owned()),
        (Err(e), _) | (_, Err(e)) => return Outcome::cannot_start(&e),
    };
    play(exec, game, input, &answer, transcript_lines, false).0
}

/// One game to play: the solution, its limits, and the problem's programs that judge it.
#[derive(Debug, Clone, Copy)]
pub struct Game<'a> {
    /// The solution, built.
    pub solution: &'a Program,
    /// The solution's time and memory limits.
    pub limits: &'a Limits,
    /// The most bytes of the solution's output kept.
    pub output_cap: usize,
    /// The interactor that plays against it.
    pub interactor: &'a Interactor,
    /// The checker run on the game's transcript afterwards, when the problem has one.
    pub checker: Option<&'a Program>,
    /// Where its files are written.
    pub dirs: &'a GameDirs,
}

/// Plays `game` on `input` (every pass of it) and judges it: the outcome, and the last pass's
/// whole transcript.
///
/// A game is first played with the two programs wired to each other (as fast as a bare pipe);
/// one that is not accepted (but for one that ran to a limit, unless `--transcript`), or whose
/// whole dialogue is asked for (`watch`), is played again relayed through the runner, which
/// records the dialogue. The games are deterministic when
/// both programs are (the interactors of this repository seed their choices from the input);
/// when the replay ends otherwise, the first verdict stands and the report says so.
pub fn play(
    exec: &dyn Executor,
    g: &Game,
    input: Vec<u8>,
    answer: &[u8],
    transcript_lines: usize,
    watch: bool,
) -> (Outcome, Option<sandbox::Transcript>) {
    let (outcome, transcript) =
        play_passes(exec, g, input.clone(), answer, transcript_lines, !watch);
    if transcript.is_some() || outcome.verdict.is_accepted() && !watch {
        return (outcome, transcript);
    }
    // A game that ran to a limit would cost that limit again: replayed only when the whole
    // dialogue is asked for (`--transcript`).
    let costly = matches!(
        outcome.verdict,
        Verdict::TimeLimitExceeded | Verdict::MemoryLimitExceeded | Verdict::OutputLimitExceeded
    );
    if costly && transcript_lines != usize::MAX {
        let mut outcome = outcome;
        if let Some(f) = outcome.failure.as_mut() {
            f.transcript = Some(
                "(not recorded: the game ran to a limit; --transcript plays it again to record it)\n"
                    .into(),
            );
        }
        return (outcome, None);
    }
    let (replay, transcript) = play_passes(exec, g, input, answer, transcript_lines, false);
    if replay.verdict == outcome.verdict {
        // The replay carries the dialogue in its failure.
        return (replay, transcript);
    }
    let mut outcome = outcome;
    let note = format!(
        "(the dialogue below is from a replay, which ended otherwise: {}{})",
        replay.verdict,
        replay
            .detail
            .as_deref()
            .map(|d| format!(", {}", d.lines().next().unwrap_or_default()))
            .unwrap_or_default()
    );
    if let Some(f) = outcome.failure.as_mut() {
        f.transcript = replay
            .failure
            .and_then(|r| r.transcript)
            .map(|t| format!("{note}\n{t}"));
    }
    (outcome, transcript)
}

/// Every pass of one game, wired directly (`direct`: no transcript) or relayed.
fn play_passes(
    exec: &dyn Executor,
    g: &Game,
    mut input: Vec<u8>,
    answer: &[u8],
    transcript_lines: usize,
    direct: bool,
) -> (Outcome, Option<sandbox::Transcript>) {
    let (limits, checker) = (g.limits, g.checker);
    let convention = g.interactor.convention;
    // The adapter of a multi-pass problem that is not interactive keeps the solution's output:
    // relayed, the runner counts it against the output limit (OLE, as without multi-pass)
    // before the adapter has to hold more than that.
    let direct = direct && !g.interactor.feeds;
    let mut pass = 1;
    let mut kept: Vec<(String, Vec<u8>)> = Vec::new();
    loop {
        let multi_pass = g.interactor.passes.map(|_| kept.as_slice());
        let files = match Files::new(g.dirs, &input, answer, convention, multi_pass) {
            Ok(f) => f,
            Err(e) => {
                return (
                    judge_error(format!("cannot write the interactor's files: {e}")),
                    None,
                )
            }
        };
        let mut game = match one_game(exec, g, &files, direct) {
            Ok(game) => game,
            Err(e) => return (Outcome::cannot_start(&e), None),
        };
        if g.interactor.feeds {
            // The adapter closes the solution's input once written, which the sandbox takes
            // for its end; its validator runs only after the solution closed its output.
            game.first = Side::Solution;
        }
        // Taken, not copied: what the interactor left may be 64 MiB.
        let left = std::mem::take(&mut game.left)
            .into_iter()
            .next()
            .unwrap_or_default();
        if let Some(why) = left_failure(&left, convention) {
            return (judge_error(why), game.transcript);
        }
        let (mut verdict, detail) = decide(&game, limits, convention);
        let mut detail = join(detail, message(convention, &game.interactor, &left));
        if verdict == Verdict::Accepted && convention == Convention::Testlib {
            if let Some(checker) = checker {
                let (input, answer) = (input.clone().into(), answer.to_vec().into());
                let r = crate::checker::check(exec, checker, &input, &answer, &left.bytes);
                verdict = r.verdict;
                detail = join(detail, r.message);
            }
        }
        // A problem that is not multi-pass ignores a `nextpass.in`, as BAPCtools does.
        let next = left.file("nextpass.in");
        let another = verdict == Verdict::Accepted && convention == Convention::Kattis;
        if let (true, Some(next), Some(most)) = (another, next, g.interactor.passes) {
            if pass == most {
                let why = format!(
                    "the validator asked for pass {}: the problem has at most {pass} \
                     (max_passes in problem.toml)",
                    pass + 1
                );
                return (judge_error(why), game.transcript);
            }
            input = next.to_vec();
            // Every other feedback file stays for the next pass (the format's rule).
            kept = left
                .files
                .iter()
                .filter(|(name, _)| name != "nextpass.in")
                .cloned()
                .collect();
            pass += 1;
            continue;
        }
        let failure = (!verdict.is_accepted()).then(|| {
            Box::new(Failure {
                stderr: game.solution.stderr.clone(),
                transcript: game
                    .transcript
                    .as_ref()
                    .map(|t| render(t, transcript_lines)),
                ..Failure::default()
            })
        });
        if pass > 1 && !verdict.is_accepted() {
            // Which pass failed: the dialogue below is that pass's.
            detail = join(detail, format!("(in pass {pass})"));
        }
        let outcome = Outcome::of_run(&game.solution, verdict, detail, failure);
        return (outcome, game.transcript);
    }
}

/// One pass of a game on `files`, wired directly or relayed.
fn one_game(
    exec: &dyn Executor,
    g: &Game,
    files: &Files,
    direct: bool,
) -> std::io::Result<Interaction> {
    let program = files.program(g.interactor);
    let convention = g.interactor.convention;
    let settle = |exit: Exit| match convention {
        Convention::Testlib => exit != Exit::Code(0),
        Convention::Kattis => exit != Exit::Code(42),
    };
    exec.run_interactive(
        Party {
            program: g.solution,
            limits: *g.limits,
            output_cap: g.output_cap,
        },
        Party {
            program: &program,
            limits: LIMITS,
            output_cap: CHECKER_OUTPUT_LIMIT as usize,
        },
        &settle,
        (!direct).then_some(TRANSCRIPT_CAP),
        match convention {
            // A Kattis output validator is refereed as Kattis and BAPCtools do.
            Convention::Kattis => Rules::ExitAndWall,
            Convention::Testlib => Rules::CloseAndIdle,
        },
    )
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A Kattis game: the solution closed its output (so it counts as ended first) and went
    /// on; the validator then rejected with `validator` and the runner stopped the solution if
    /// `stopped`. The solution used `cpu_ms`.
    fn game(validator: i32, stopped: bool, cpu_ms: u64) -> Interaction {
        game_ending(validator, stopped, cpu_ms, Exit::Signal(libc::SIGKILL))
    }

    /// [`game`] where the solution's end was `exit`.
    fn game_ending(validator: i32, stopped: bool, cpu_ms: u64, exit: Exit) -> Interaction {
        use crate::judgement::tests::out;
        Interaction {
            solution: out(b"", exit, cpu_ms, 1 << 20),
            interactor: out(b"", Exit::Code(validator), 1, 1 << 20),
            first: Side::Solution,
            solution_stopped: stopped,
            left: Vec::new(),
            transcript: None,
        }
    }

    #[test]
    fn the_runner_s_own_kill_after_the_validator_s_verdict_is_never_re() {
        use crate::judgement::tests::LIMITS;
        let k = Convention::Kattis;
        // Row 9: the validator's verdict (Kattis), not RE for the SIGKILL the runner sent.
        assert_eq!(
            decide(&game(43, true, 5), &LIMITS, k).0,
            Verdict::WrongAnswer
        );
        // A validator that failed after: JE.
        assert_eq!(
            decide(&game(1, true, 5), &LIMITS, k).0,
            Verdict::CheckerFailed
        );
        // Over its time limit when stopped: TLE (BAPCtools).
        let over = LIMITS.time.as_millis() as u64 + 10;
        assert_eq!(
            decide(&game(43, true, over), &LIMITS, k).0,
            Verdict::TimeLimitExceeded
        );
        // Row 5 stands: a solution killed by a signal the runner did not send is RE.
        assert_eq!(
            decide(&game(43, false, 5), &LIMITS, k).0,
            Verdict::RuntimeError
        );
    }

    #[test]
    fn a_solution_that_crashed_before_the_runner_s_kill_is_re_whichever_report_came_first() {
        use crate::judgement::tests::LIMITS;
        let k = Convention::Kattis;
        // It panicked (exit 101), then the validator saw its input end and said WA. The
        // validator's end was read first, so the runner sent a kill that ended nothing: the
        // crash is the solution's own, RE (problemtools: RTE unless the validator ended first
        // with WA), the same as when the solution's end was read first.
        for stopped in [true, false] {
            for exit in [Exit::Code(101), Exit::Signal(libc::SIGABRT)] {
                assert_eq!(
                    decide(&game_ending(43, stopped, 5, exit), &LIMITS, k).0,
                    Verdict::RuntimeError,
                    "stopped {stopped}, {exit:?}"
                );
            }
        }
        // One that exited 0 first is judged by the validator either way.
        for stopped in [true, false] {
            assert_eq!(
                decide(&game_ending(43, stopped, 5, Exit::Code(0)), &LIMITS, k).0,
                Verdict::WrongAnswer
            );
        }
    }

    #[test]
    fn the_dialogue_is_lines_marked_by_side_with_a_cut_line_joined_and_a_missing_newline_marked() {
        let mut t = sandbox::Transcript::new(1 << 10);
        t.push(Side::Interactor, b"3\n3 4");
        t.push(Side::Solution, b"fir");
        t.push(Side::Interactor, b" 5\n");
        t.push(Side::Solution, b"st\n1 2");
        assert_eq!(
            render(&t, usize::MAX),
            "> 3\n> 3 4 5\n< first\n< 1 2 ⏎ (no newline)\n"
        );
        assert_eq!(
            render(&t, 2),
            "… 2 earlier lines (--transcript shows all)\n< first\n< 1 2 ⏎ (no newline)\n"
        );
    }

    #[test]
    fn a_long_dialogue_keeps_its_start_and_its_end_and_says_what_it_dropped() {
        let mut t = sandbox::Transcript::new(40);
        for i in 0..100 {
            let side = if i % 2 == 0 {
                Side::Interactor
            } else {
                Side::Solution
            };
            t.push(side, format!("{i:03}\n").as_bytes());
        }
        let text = render(&t, usize::MAX);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "> 000");
        assert_eq!(lines[9], "< 009");
        assert!(
            lines[10].starts_with("… ") && lines[10].ends_with("bytes of the dialogue not kept")
        );
        assert_eq!(*lines.last().unwrap(), "< 099");
        // 400 bytes written: 40 kept at the start, at most 10 at the end.
        let kept: usize = t.parts().map(|e| e.bytes.len()).sum();
        assert_eq!(kept as u64 + t.dropped, 400);
        assert!(kept <= 50, "{kept}");
    }
}
