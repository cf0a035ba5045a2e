//! Issue 37, part A: nothing the runner runs is outside the box (the version and toolchain
//! probes included, whatever a workspace's rust-toolchain.toml or judges.toml says, wherever the
//! runner is started), a compile sees neither the fixtures nor a folder above them, and Debian's
//! rustc works in the compile box. Each hostile case has a control showing that the attack
//! works where the protection is missing (`--no-sandbox`, or outside the runner).

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::common::*;

/// Problem `t` (input 3, output 6), its one case's expected output in a file under
/// `fixtures/t/`, with a marker a cheat would print.
fn with_file_case() -> Ws {
    let ws = Ws::twice();
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"small\"\nsource = \"hand\"\ninput_file = \"t/small.in\"\noutput_file = \"t/small.out\"\n",
    );
    ws.write("fixtures/t/small.in", "3\n");
    ws.write("fixtures/t/small.out", "6\n");
    ws
}

/// A C solution that includes the fixtures' answer file (`6`, as an expression) and prints it:
/// AC wherever that file is shown to its compile.
const CHEAT: &str = "#include <stdio.h>\nint main(void) { printf(\"%d\\n\",\n#include \"../fixtures/t/small.out\"\n); return 0; }\n";

#[test]
fn an_include_above_the_fixtures_is_refused_and_the_embedding_cheat_never_passes() {
    let ws = with_file_case();
    let toml = std::fs::read_to_string(ws.path("problems/t/problem.toml")).unwrap();
    ws.write("solutions/t.c", CHEAT);
    // The workspace itself, by `..`, by a longer way round, and by a symlink in the problem's
    // folder: each holds the fixtures, each is refused naming the file, the line and the key.
    std::os::unix::fs::symlink("../..", ws.path("problems/t/up")).unwrap();
    for entry in ["../..", "../../problems/..", "up", "../../solutions/.."] {
        ws.write(
            "problems/t/problem.toml",
            &format!("{toml}solution_include = [\"{entry}\"]\n"),
        );
        let out = ws.runner(&[]);
        assert_code(&out, 2);
        let err = stderr(&out);
        assert!(err.contains("problem.toml:5"), "{entry}: {err}");
        assert!(
            err.contains(&format!("solution_include: `{entry}` holds the fixtures")),
            "{entry}: {err}"
        );
        assert!(!stdout(&out).contains("AC"), "{entry}: {}", text(&out));
        // The same for the problem's own programs (`include`).
        ws.write(
            "problems/t/problem.toml",
            &format!("{toml}include = [\"{entry}\"]\n"),
        );
        let out = ws.runner(&[]);
        assert_code(&out, 2);
        assert!(
            stderr(&out).contains(&format!("include: `{entry}` holds the fixtures")),
            "{entry}: {}",
            text(&out)
        );
    }
    // Without the entry the cheat does not compile: the answer file is not there.
    std::fs::remove_file(ws.path("problems/t/up")).unwrap();
    ws.write("problems/t/problem.toml", &toml);
    let out = ws.runner(&[]);
    assert_code(&out, 1);
    let s = stdout(&out);
    assert!(s.contains("CE on all 1 cases"), "{}", text(&out));
    assert!(!s.contains("1/1 AC"), "{}", text(&out));
    // Control: a folder beside the fixtures that is not above them is still shown (the rule
    // refuses what holds the fixtures, not every folder of the workspace).
    ws.write("lib/answer.h", "#define ANSWER \"6\\n\"\n");
    ws.write(
        "problems/t/problem.toml",
        &format!("{toml}solution_include = [\"../../lib\"]\n"),
    );
    ws.write(
        "solutions/t.c",
        "#include <stdio.h>\n#include \"../lib/answer.h\"\nint main(void) { fputs(ANSWER, stdout); return 0; }\n",
    );
    let out = ws.runner(&[]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains("1/1 AC"), "{}", text(&out));
}

#[test]
fn a_build_script_saved_in_the_fixtures_does_not_see_their_folder() {
    let ws = with_file_case();
    // A Kattis build script whose program prints the fixture's answer file, copied in with "the
    // rest of its program folder" when `fixtures/t.build` is judged: `fixtures/t/`.
    let script = "#!/bin/sh\nprintf '#!/bin/sh\\nd=${0%%/*}\\nif [ -f \"$d/small.out\" ]; then cat \"$d/small.out\"; else echo blind; fi\\n' > run\nchmod +x run\n";
    ws.write("fixtures/t.build", script);
    let file = ws.path("fixtures/t.build");
    let out = ws.runner(&["judge", "t", file.to_str().unwrap()]);
    let s = stdout(&out);
    assert!(!s.contains("1/1 AC"), "{}", text(&out));
    assert!(s.contains("WA"), "{}", text(&out));
    assert!(s.contains("blind"), "{}", text(&out));
    // Control: the same script beside the fixtures, with a folder of its own holding the same
    // file, sees it (the rule that shows `X/` to `X.build` still holds elsewhere).
    ws.write("mine/t.build", script);
    ws.write("mine/t/small.out", "6\n");
    let mine = ws.path("mine/t.build");
    let out = ws.runner(&["judge", "t", mine.to_str().unwrap()]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains("1/1 AC"), "{}", text(&out));
}

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// Who runs the runner: the test's user, and nobody when the test is root.
fn users(test: &str) -> Vec<bool> {
    if is_root() {
        vec![false, true]
    } else {
        eprintln!("{test}: not root: runs as this ordinary user only");
        vec![false]
    }
}

/// The runner (as nobody with `nobody`, the workspace then made nobody's), started in `cwd`
/// with `args` (no `--root` unless `args` says so).
fn runner_in(ws: &Ws, cwd: &Path, nobody: bool, args: &[&str]) -> std::process::Output {
    let bin = assert_cmd::cargo::cargo_bin("runner");
    let mut cmd = if nobody {
        Command::new("chown")
            .args(["-R", "65534:65534"])
            .arg(ws.dir.path())
            .status()
            .unwrap();
        let mut cmd = Command::new("setpriv");
        cmd.args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
            .arg(bin)
            .env("HOME", ws.dir.path());
        cmd
    } else {
        Command::new(bin)
    };
    cmd.current_dir(cwd)
        .args(["--color", "never"])
        .args(args)
        .env_remove("CI")
        // Set by cargo under rustup: it would hide a workspace's rust-toolchain.toml.
        .env_remove("RUSTUP_TOOLCHAIN")
        .env("RUNNER_TEST_SECRET", "env-secret-5150")
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// A folder anyone may write, outside every workspace, where an escape leaves its mark.
fn mark_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    dir
}

const TWICE_RS: &str = "use std::io::Read;\nfn main() { let mut s = String::new(); std::io::stdin().read_to_string(&mut s).unwrap(); for t in s.split_whitespace() { println!(\"{}\", 2 * t.parse::<i64>().unwrap()); } }\n";

#[test]
fn a_workspace_rust_toolchain_runs_nothing_outside_the_box_wherever_the_runner_starts() {
    // rustup's proxy is what reads rust-toolchain.toml; without rustup there is nothing to
    // attack here.
    let rustup = Command::new("rustup").arg("--version").output();
    if !rustup.is_ok_and(|o| o.status.success()) {
        eprintln!("skipped: rustc is not rustup's proxy here");
        return;
    }
    let sysroot = Command::new("rustc")
        .args(["--print", "sysroot"])
        .current_dir("/")
        .output()
        .unwrap();
    let sysroot = String::from_utf8_lossy(&sysroot.stdout).trim().to_string();
    let marks = mark_folder();
    let mark = marks.path().join("ran-outside");
    let ws = Ws::twice();
    ws.write("solutions/src/bin/t.rs", TWICE_RS);
    // The workspace's own toolchain: a rustc that leaves a mark, then is the real one.
    ws.write(
        ".tc/bin/rustc",
        &format!(
            "#!/bin/sh\necho \"$(id -u)\" >> {}\nexec {sysroot}/bin/rustc \"$@\"\n",
            mark.display()
        ),
    );
    std::fs::set_permissions(
        ws.path(".tc/bin/rustc"),
        std::fs::Permissions::from_mode(0o755),
    )
    .unwrap();
    ws.write(
        "rust-toolchain.toml",
        "[toolchain]\npath = \"/proc/self/cwd/.tc\"\n",
    );
    // Control: rustup in the workspace runs it.
    let control = Command::new("rustc")
        .arg("-vV")
        .env_remove("RUSTUP_TOOLCHAIN")
        .current_dir(ws.dir.path())
        .output()
        .unwrap();
    assert!(control.status.success(), "{control:?}");
    assert!(
        mark.exists(),
        "the control did not run the workspace's rustc"
    );
    std::fs::remove_file(&mark).unwrap();
    // The runner started in the workspace, then from elsewhere with --root: the same
    // toolchain (the second run takes the first's build from the cache), and the workspace's
    // rustc never runs.
    let out = runner_in(&ws, ws.dir.path(), false, &[]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains("1/1 AC"), "{}", text(&out));
    assert!(stdout(&out).contains("1 compiled"), "{}", text(&out));
    let root = ws.dir.path().to_str().unwrap();
    let out = runner_in(&ws, Path::new("/"), false, &["--root", root, "--no-cache"]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains("1/1 AC"), "{}", text(&out));
    assert!(!stdout(&out).contains("compiled"), "{}", text(&out));
    assert!(
        !mark.exists(),
        "the workspace's rustc ran outside the box: {:?}",
        std::fs::read_to_string(&mark)
    );
}

#[test]
fn a_workspace_version_command_runs_in_the_box() {
    for nobody in users("version command") {
        let marks = mark_folder();
        let mark = marks.path().join("ran-outside");
        let ws = Ws::twice();
        ws.write(
            "solutions/t.c",
            "#include <stdio.h>\nint main(void){long n; while(scanf(\"%ld\",&n)==1) printf(\"%ld\\n\", 2*n); return 0;}\n",
        );
        let script = format!("echo ran >> {}; gcc --version", mark.display());
        let judges = std::fs::read_to_string(ws.path("judges.toml")).unwrap();
        let c = "[[judge.language]]\nname = \"C\"\n";
        assert!(judges.contains(c));
        ws.write(
            "judges.toml",
            &judges.replacen(
                c,
                &format!("{c}version = [\"sh\", \"-c\", \"{script}\"]\n"),
                1,
            ),
        );
        // Control: the same command outside the runner leaves its mark.
        let control = Command::new("sh").args(["-c", &script]).output().unwrap();
        assert!(control.status.success() && mark.exists(), "{control:?}");
        std::fs::remove_file(&mark).unwrap();
        let out = runner_in(&ws, ws.dir.path(), nobody, &[]);
        assert_code(&out, 0);
        assert!(
            stdout(&out).contains("1/1 AC"),
            "nobody={nobody}: {}",
            text(&out)
        );
        assert!(
            !mark.exists(),
            "nobody={nobody}: the version command ran outside the box"
        );
    }
}

#[test]
fn debian_rustc_compiles_in_the_box_and_sees_only_its_own_processes() {
    if !have(&["/usr/bin/rustc"]) {
        return;
    }
    for nobody in users("Debian's rustc") {
        let ws = Ws::twice();
        let judges = std::fs::read_to_string(ws.path("judges.toml")).unwrap();
        let own = "compile = [\"rustc\", \"--edition\", \"2021\", \"-O\", \"-C\", \"target-feature=+crt-static\", \"{src}\", \"-o\", \"{out}\"]";
        let fallback = "fallback = [\"rustc\",";
        let version = "version = [\"rustc\", \"-vV\"]";
        for line in [own, fallback, version] {
            assert!(judges.contains(line), "{line}");
        }
        let judges = judges
            .replacen(own, &own.replacen("\"rustc\"", "\"/usr/bin/rustc\"", 1), 1)
            .replacen(fallback, "fallback = [\"/usr/bin/rustc\",", 1)
            .replacen(version, "version = [\"/usr/bin/rustc\", \"-vV\"]", 1);
        ws.write("judges.toml", &judges);
        ws.write("solutions/src/bin/t.rs", TWICE_RS);
        let out = runner_in(&ws, ws.dir.path(), nobody, &[]);
        assert_code(&out, 0);
        let s = stdout(&out);
        assert!(s.contains("1/1 AC"), "nobody={nobody}: {}", text(&out));
        assert!(
            !s.contains("current_exe"),
            "nobody={nobody}: {}",
            text(&out)
        );
        // Its /proc shows its own processes and nothing of the machine or the launcher: a
        // source embedding the compile's own environment compiles (and holds none of the
        // runner's variables); one embedding a machine-wide file or PID 1's does not.
        for (target, compiles) in [
            ("/proc/self/environ", true),
            ("/proc/meminfo", false),
            ("/proc/1/environ", false),
            ("/proc/sys/kernel/hostname", false),
        ] {
            ws.write(
                "embed.rs",
                &format!("const D: &[u8] = include_bytes!(\"{target}\");\nfn main() {{ std::io::Write::write_all(&mut std::io::stdout(), D).unwrap(); }}\n"),
            );
            let file = ws.path("embed.rs");
            let out = runner_in(
                &ws,
                ws.dir.path(),
                nobody,
                &["judge", "t", file.to_str().unwrap()],
            );
            let s = text(&out);
            assert_eq!(
                !s.contains("CE on all"),
                compiles,
                "{target}, nobody={nobody}: {s}"
            );
            assert!(!s.contains("env-secret-5150"), "{target}: {s}");
        }
    }
}
