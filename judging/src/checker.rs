//! Checkers (`compare = "checker"`): `problems/<slug>/checker.rs`, for problems where many
//! outputs are right. It is called as testlib calls one (`registerTestlibCmd`), `checker INPUT
//! OUTPUT ANSWER`: three files, the case's input, the program's output (testlib's `ouf`) and the
//! expected output, the jury's answer (`ans`). It answers with its exit code: 0 AC, 1 WA, 2 PE. Anything else, a crash or a limit is
//! a checker failure ([`Verdict::CheckerFailed`]): the program is not judged, and the run ends
//! with exit 2. The checker's stderr is the reason shown in the report, in place of a diff.
//!
//! A Kattis output validator (`checker_convention = "kattis"` in problem.toml) is called through
//! [`kattis`]: a small shell adapter, part of the checker's command line, turns the testlib call
//! into the Kattis one (`validator INPUT ANSWER FEEDBACK_DIR/ < OUTPUT`) and its answer back (42
//! AC, 43 WA, anything else a checker failure; `judgemessage.txt` becomes the stderr shown).

use sandbox::{Limits, Program};
use std::path::{Path, PathBuf};

use crate::diff;
use crate::fixture::{Case, Content};
use crate::judgement::{limit_failure, Failure, Outcome};
use crate::problem::{Convention, ProblemMeta, TOOL_LIMITS};
use crate::verdict::Verdict;
use sandbox::{Executor, Exit, RunOutput, Stdin};

/// The checker's limits.
const LIMITS: Limits = TOOL_LIMITS;

/// What the checker said of one output.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CheckerResult {
    /// AC, WA, PE, or [`Verdict::CheckerFailed`].
    pub verdict: Verdict,
    /// The checker's stderr (escaped, trimmed), or why it failed.
    pub message: String,
}

/// The adapter: `sh -c KATTIS_ADAPTER kattis-output-validator VALIDATOR… INPUT OUTPUT ANSWER`
/// runs `VALIDATOR… INPUT ANSWER FEEDBACK_DIR/ ARGS… < OUTPUT` in a fresh feedback directory and
/// answers as a testlib checker (`ARGS`: the problem's `output_validator_args`, written into the
/// script by [`adapter`]). POSIX sh only: it runs in the sandbox, which has `/bin/sh`.
const KATTIS_ADAPTER: &str = r#"n=$#
eval "in=\${$((n - 2))} out=\${$((n - 1))} ans=\${$n}"
i=0
for a do
  i=$((i + 1))
  if [ "$i" -le $((n - 3)) ]; then set -- "$@" "$a"; fi
done
shift "$n"
d=$(mktemp -d) || exit 3
"$@" "$in" "$ans" "$d/" @ARGS@ < "$out"
c=$?
cat "$d/judgemessage.txt" >&2 2>/dev/null
rm -rf "$d"
case $c in
  42) exit 0 ;;
  43) exit 1 ;;
esac
echo "the Kattis output validator exited $c (42 accepts, 43 rejects)" >&2
exit 3
"#;

/// `script` with its `@ARGS@` replaced by `args`, each quoted for sh.
pub(crate) fn with_args(script: &str, args: &[String]) -> String {
    let quoted: Vec<String> = args
        .iter()
        .map(|a| format!("'{}'", a.replace('\'', "'\\''")))
        .collect();
    script.replace("@ARGS@", &quoted.join(" "))
}

/// The words put before a Kattis output validator's own command line, its arguments `args`.
fn adapter(args: &[String]) -> [String; 4] {
    [
        "/bin/sh".into(),
        "-c".into(),
        with_args(KATTIS_ADAPTER, args),
        "kattis-output-validator".into(),
    ]
}

/// `meta`'s built checker `program`, as [`check`] calls it: a Kattis output validator behind
/// the adapter, with the problem's `output_validator_args` (the verdict cache's key holds the
/// command line, so a changed argument judges again). Put on once, by
/// [`crate::tools::Toolbox::put`].
pub(crate) fn adapt(program: Program, meta: &ProblemMeta) -> Program {
    if meta.checker_convention == Convention::Testlib {
        return program;
    }
    let words = adapter(&meta.output_validator_args);
    program.behind(&words.each_ref().map(String::as_str))
}

/// The checker's stderr as text ([`diff::message`]).
fn message(stderr: &[u8]) -> String {
    diff::message(stderr)
}

/// Writes `part` at `path`: inline bytes, or a file copied in pieces (never held whole).
fn write_part(path: &Path, part: &Content) -> std::io::Result<()> {
    match part {
        Content::Inline(b) => std::fs::write(path, b),
        Content::File { path: from, .. } => {
            let mut from = crate::bounded::open_regular(from)?;
            std::io::copy(&mut from, &mut std::fs::File::create(path)?).map(|_| ())
        }
    }
}

/// Judges `actual` (a program's output) on the case with `input` and `expected` by running
/// `checker INPUT OUTPUT ANSWER` (testlib's order) on temporary files.
pub(crate) fn check(
    exec: &dyn Executor,
    checker: &Program,
    input: &Content,
    expected: &Content,
    actual: &[u8],
) -> CheckerResult {
    let failed = |message: String| CheckerResult {
        verdict: Verdict::CheckerFailed,
        message,
    };
    let files = (|| -> std::io::Result<(tempfile::TempDir, Vec<PathBuf>)> {
        let dir = tempfile::Builder::new()
            .prefix("runner-checker-")
            .tempdir()?;
        let mut paths = Vec::new();
        // testlib's order: input, the contestant's output (`ouf`), the jury's answer (`ans`).
        for (name, part) in [("input", input), ("answer", expected)] {
            write_part(&dir.path().join(name), part)?;
        }
        std::fs::write(dir.path().join("output"), actual)?;
        for name in ["input", "output", "answer"] {
            paths.push(dir.path().join(name));
        }
        Ok((dir, paths))
    })();
    let (_dir, paths) = match files {
        Ok(f) => f,
        Err(e) => return failed(format!("cannot write the checker's files: {e}")),
    };
    // The three files are the checker's arguments, and shown to it in the sandbox.
    let mut program = checker.clone();
    for p in &paths {
        program.files.push(program.argv.len());
        program.argv.push(p.as_os_str().to_os_string());
    }
    let out = match exec.run(&program, Stdin::Bytes(b""), &LIMITS, 1 << 20) {
        Ok(out) => out,
        Err(e) => return failed(format!("cannot start the checker: {e}")),
    };
    let said = message(&out.stderr);
    let verdict = match (out.killed, out.exit) {
        (None, Exit::Code(0)) => Verdict::Accepted,
        (None, Exit::Code(1)) => Verdict::WrongAnswer,
        (None, Exit::Code(2)) => Verdict::PresentationError,
        _ => {
            let how = match limit_failure(&out, &LIMITS) {
                Some((v, detail)) if v != Verdict::RuntimeError => format!("{v}, {detail}"),
                _ => out.exit.describe(),
            };
            return failed(if said.is_empty() {
                format!("checker failed ({how})")
            } else {
                format!("checker failed ({how})\n{said}")
            });
        }
    };
    CheckerResult {
        verdict,
        message: said,
    }
}

/// The outcome of a program's run `out` on `case`, judged by `checker`; the run must be within
/// its limits (see [`limit_failure`]). `detail` carries the checker's message.
pub(crate) fn judge(
    exec: &dyn Executor,
    checker: &Program,
    case: &Case,
    out: &RunOutput,
) -> Outcome {
    // The case's files are copied for the checker in pieces: a large answer is never held.
    let r = check(exec, checker, &case.input, &case.expected, &out.stdout);
    let failure = (!r.verdict.is_accepted()).then(|| {
        Box::new(Failure {
            stderr: out.stderr.clone(),
            ..Failure::default()
        })
    });
    let detail = (!r.message.is_empty()).then_some(r.message);
    Outcome::of_run(out, r.verdict, detail, failure)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sandbox::{Limits as L, RunOutput as Out, Stdin as In};
    use std::os::unix::fs::PermissionsExt;

    /// Runs programs directly, as the sandbox would without isolation.
    struct Direct;

    impl Executor for Direct {
        fn run(
            &self,
            program: &Program,
            stdin: In<'_>,
            _limits: &L,
            _cap: usize,
        ) -> std::io::Result<Out> {
            assert!(matches!(stdin, In::Bytes(b"")));
            let out = std::process::Command::new(&program.argv[0])
                .args(&program.argv[1..])
                .output()?;
            Ok(Out {
                stdout: out.stdout,
                stderr: out.stderr,
                exit: match out.status.code() {
                    Some(c) => Exit::Code(c),
                    None => Exit::Signal(9),
                },
                cpu: std::time::Duration::ZERO,
                wall: std::time::Duration::ZERO,
                waited: std::time::Duration::ZERO,
                peak_memory: 0,
                refused_allocation: None,
                killed: None,
                output_overflow: false,
                stack_bytes: 0,
            })
        }
    }

    /// A Kattis-style output validator written as a shell script: AC when the output's first
    /// token equals the answer's, with its arguments checked.
    fn validator(dir: &std::path::Path) -> Program {
        let path = dir.join("validate.sh");
        std::fs::write(
            &path,
            "#!/bin/sh\n\
             [ -d \"$3\" ] || { echo 'no feedback dir' >&2; exit 1; }\n\
             [ \"$(cat \"$1\")\" = 'question' ] || exit 1\n\
             [ \"$4\" = \"it's\" ] && [ \"$5\" = 'float_tolerance 1e-6' ] || exit 1\n\
             read got\n\
             [ \"$got\" = \"$(cat \"$2\")\" ] && exit 42\n\
             echo \"expected $(cat \"$2\"), got $got\" > \"$3/judgemessage.txt\"\n\
             exit 43\n",
        )
        .unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        adapt(
            Program::file(&path),
            &meta("kattis", &["it's", "float_tolerance 1e-6"]),
        )
    }

    /// A problem.toml whose checker has `convention` and these `output_validator_args`.
    fn meta(convention: &str, args: &[&str]) -> ProblemMeta {
        let args: Vec<String> = args.iter().map(|a| format!("{a:?}")).collect();
        toml::from_str(&format!(
            "title = \"t\"\njudge = \"local\"\ntime_limit_ms = 1000\n\
             checker_convention = \"{convention}\"\noutput_validator_args = [{}]\n",
            args.join(", ")
        ))
        .unwrap()
    }

    #[test]
    fn a_kattis_output_validator_is_called_its_way_and_answers_as_a_checker() {
        let dir = tempfile::tempdir().unwrap();
        let v = validator(dir.path());
        assert_eq!(v.files, vec![4]);
        let ac = check(
            &Direct,
            &v,
            &b"question".to_vec().into(),
            &b"42".to_vec().into(),
            b"42\n",
        );
        assert_eq!(ac.verdict, Verdict::Accepted, "{}", ac.message);
        let wa = check(
            &Direct,
            &v,
            &b"question".to_vec().into(),
            &b"42".to_vec().into(),
            b"41\n",
        );
        assert_eq!(wa.verdict, Verdict::WrongAnswer);
        assert_eq!(wa.message, "expected 42, got 41");
        let failed = check(
            &Direct,
            &v,
            &b"not the input".to_vec().into(),
            &b"42".to_vec().into(),
            b"42\n",
        );
        assert_eq!(failed.verdict, Verdict::CheckerFailed);
        assert!(
            failed.message.contains("exited 1 (42 accepts"),
            "{}",
            failed.message
        );
    }

    #[test]
    fn testlib_checkers_are_left_as_they_are() {
        let p = Program::file("/bin/true");
        let testlib = meta("testlib", &[]);
        assert_eq!(adapt(p.clone(), &testlib).argv, p.argv);
        let k = adapt(p.clone(), &meta("kattis", &[]));
        assert_eq!(k.argv.len(), p.argv.len() + 4);
        assert_eq!(k.argv.last(), p.argv.last());
        assert_eq!(k.files, [4]);
    }
}
