//! Issue 37, part A: nothing through a link. Another local user who can write a folder the runner
//! writes into plants symbolic links there (dangling, to a root-only file, or a folder leading
//! out of the workspace); the runner, run by root, creates and overwrites nothing through them,
//! and an import reads no byte through a link swapped in while it runs. Each attack has a
//! control showing that it works where the protection is missing (the shell writing where the
//! runner would). They need a second user: they run as root (the attacker is `nobody`, through
//! `setpriv`) and skip otherwise.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::common::*;

fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// Runs the shell `script` as nobody (the other user), which must succeed.
fn as_nobody(script: &str) {
    let out = Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
        .args(["sh", "-c", script])
        .output()
        .unwrap();
    assert!(out.status.success(), "{script}: {out:?}");
}

/// Runs the shell `script` as root (the control: the write the runner must not make).
fn as_root(script: &str) {
    let out = Command::new("sh").args(["-c", script]).output().unwrap();
    assert!(out.status.success(), "{script}: {out:?}");
}

/// A root-only folder (0700), where the planted links point, and a folder anyone may write
/// (sticky, as /tmp), where the other user plants them.
struct Scene {
    _dir: tempfile::TempDir,
    vault: PathBuf,
    shared: PathBuf,
}

impl Scene {
    fn new() -> Scene {
        let dir = tempfile::tempdir().unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        let vault = dir.path().join("vault");
        let shared = dir.path().join("shared");
        std::fs::create_dir(&vault).unwrap();
        std::fs::create_dir(&shared).unwrap();
        std::fs::set_permissions(&vault, std::fs::Permissions::from_mode(0o700)).unwrap();
        std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o1777)).unwrap();
        Scene {
            _dir: dir,
            vault,
            shared,
        }
    }

    /// What the vault holds, by name.
    fn vault_names(&self) -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(&self.vault)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }
}

fn runner(args: &[&str]) -> std::process::Output {
    Command::new(assert_cmd::cargo::cargo_bin("runner"))
        .args(["--color", "never"])
        .args(args)
        .env_remove("CI")
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

#[test]
fn init_and_new_create_nothing_through_links_another_user_planted() {
    if !is_root() {
        eprintln!("skipped: needs root (another user plants the links)");
        return;
    }
    let s = Scene::new();
    let contest = s.shared.join("contest");
    let v = s.vault.display();
    // The other user makes the folder and plants dangling links where init writes.
    as_nobody(&format!(
        "mkdir {c} && ln -s {v}/judges {c}/judges.toml && ln -s {v}/gitignore {c}/.gitignore",
        c = contest.display()
    ));
    // Control: root writing there the plain way creates files in its own vault.
    as_root(&format!("echo x > {}/judges.toml", contest.display()));
    assert_eq!(s.vault_names(), ["judges"]);
    std::fs::remove_file(s.vault.join("judges")).unwrap();
    let out = runner(&["init", contest.to_str().unwrap(), "--judges"]);
    assert_code(&out, 0);
    assert!(
        s.vault_names().is_empty(),
        "init wrote through a link: {:?}",
        s.vault_names()
    );
    assert!(contest.join("judges.toml").is_symlink());
    assert!(contest.join("problems").is_dir());

    // `runner new` in a workspace whose folders the other user replaced by links: one out to
    // the vault, one dangling into it.
    as_nobody(&format!(
        "rmdir {c}/fixtures && ln -s {v} {c}/fixtures && rmdir {c}/solutions && ln -s {v}/sol {c}/solutions",
        c = contest.display()
    ));
    as_root(&format!(
        "echo x > {}/fixtures/control.toml",
        contest.display()
    ));
    assert_eq!(s.vault_names(), ["control.toml"]);
    std::fs::remove_file(s.vault.join("control.toml")).unwrap();
    let root = contest.to_str().unwrap();
    for lang in ["cpp", "rs"] {
        let out = runner(&["--root", root, "new", &format!("p{lang}"), "--lang", lang]);
        assert_ne!(out.status.code(), Some(0), "{}", text(&out));
        assert!(stderr(&out).contains("symbolic link"), "{}", text(&out));
        assert!(
            s.vault_names().is_empty(),
            "new wrote through a link: {:?}",
            s.vault_names()
        );
    }
}

#[test]
fn junit_and_html_replace_a_planted_link_and_never_write_through_one() {
    if !is_root() {
        eprintln!("skipped: needs root (another user plants the links)");
        return;
    }
    let s = Scene::new();
    let secret = s.vault.join("secret");
    std::fs::write(&secret, "root-only\n").unwrap();
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o600)).unwrap();
    let control = s.vault.join("control");
    std::fs::write(&control, "root-only\n").unwrap();
    let sh = s.shared.display();
    as_nobody(&format!(
        "ln -s {} {sh}/report.xml && ln -s {} {sh}/page.html && ln -s {} {sh}/control.xml && ln -s {} {sh}/out",
        secret.display(),
        secret.display(),
        control.display(),
        s.vault.display()
    ));
    // Control: a plain write through the link overwrites the root-only file.
    as_root(&format!("echo '<xml/>' > {sh}/control.xml"));
    assert_eq!(std::fs::read_to_string(&control).unwrap(), "<xml/>\n");

    let ws = Ws::twice();
    ws.write(
        "solutions/t.c",
        "#include <stdio.h>\nint main(void){long n; while(scanf(\"%ld\",&n)==1) printf(\"%ld\\n\", 2*n); return 0;}\n",
    );
    let report = s.shared.join("report.xml");
    let page = s.shared.join("page.html");
    let out = ws.runner(&[
        "--junit",
        report.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
    ]);
    assert_code(&out, 0);
    assert_eq!(std::fs::read_to_string(&secret).unwrap(), "root-only\n");
    for (file, start) in [(&report, "<?xml"), (&page, "<!DOCTYPE html>")] {
        assert!(!file.is_symlink(), "{}", file.display());
        let written = std::fs::read_to_string(file).unwrap();
        assert!(
            written.starts_with(start),
            "{}: {written:.80}",
            file.display()
        );
    }
    // A folder on the way that is the other user's link: refused, nothing in the vault.
    let inside = s.shared.join("out/report.xml");
    let out = ws.runner(&["--junit", inside.to_str().unwrap()]);
    assert_ne!(out.status.code(), Some(0), "{}", text(&out));
    assert!(
        stderr(&out).contains("a symbolic link of another user's"),
        "{}",
        text(&out)
    );
    assert!(!s.vault.join("report.xml").exists());
}

#[test]
fn a_target_folder_planted_as_a_link_takes_no_cache_out_of_the_workspace() {
    if !is_root() {
        eprintln!("skipped: needs root (another user plants the links)");
        return;
    }
    let s = Scene::new();
    let ws = s.shared.join("ws");
    as_nobody(&format!(
        "mkdir -p {w}/problems/t {w}/fixtures && ln -s {v} {w}/target",
        w = ws.display(),
        v = s.vault.display()
    ));
    std::fs::write(
        ws.join("problems/t/problem.toml"),
        "title = \"Twice\"\njudge = \"local\"\ntime_limit_ms = 500\n",
    )
    .unwrap();
    std::fs::write(
        ws.join("fixtures/t.toml"),
        "[[case]]\nname = \"a\"\nsource = \"hand\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n",
    )
    .unwrap();
    // Control: the link leads into the vault.
    as_root(&format!("echo x > {}/target/control", ws.display()));
    assert_eq!(s.vault_names(), ["control"]);
    std::fs::remove_file(s.vault.join("control")).unwrap();
    let out = runner(&["--root", ws.to_str().unwrap()]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("target: a symbolic link"),
        "{}",
        text(&out)
    );
    assert!(s.vault_names().is_empty(), "{:?}", s.vault_names());
}

/// Every file under `dir` (not following links), with its bytes.
fn files_under(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .map(|e| (e.path().to_path_buf(), std::fs::read(e.path()).unwrap()))
        .collect()
}

/// As nobody, the package's owner: each time `trigger` is opened (the import reads a case's
/// input, after it checked the package), swaps `a` (that case's answer) with `b` (a link to a
/// file outside the package: `renameat2` with `RENAME_EXCHANGE`), as the attacker did
/// with inotify; ends once `stop` exists (and `trigger` is opened once more).
fn swapper(trigger: &Path, a: &Path, b: &Path, stop: &Path) -> Swapper {
    let script = "import ctypes, os, struct, sys\n\
                  libc = ctypes.CDLL(None, use_errno=True)\n\
                  t, a, b, stop = (x.encode() for x in sys.argv[1:5])\n\
                  fd = libc.inotify_init1(0)\n\
                  assert fd >= 0 and libc.inotify_add_watch(fd, t, 0x20) >= 0\n\
                  print('watching', flush=True)\n\
                  while not os.path.exists(stop):\n    \
                      os.read(fd, 4096)\n    \
                      if not os.path.islink(a):\n        \
                          libc.renameat2(-100, a, -100, b, 2)\n";
    let mut child = Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
        .args(["/usr/bin/python3", "-c", script])
        .args([trigger, a, b, stop])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.as_mut().unwrap()),
        &mut line,
    )
    .unwrap();
    assert_eq!(line, "watching\n");
    Swapper(child)
}

/// The swapper, killed when the test ends (a failed assertion included: it would hold the
/// test's output open).
struct Swapper(std::process::Child);

impl Drop for Swapper {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn an_import_reads_no_byte_through_a_link_swapped_in_while_it_runs() {
    if !is_root() {
        eprintln!("skipped: needs root (another user owns the package)");
        return;
    }
    if !have(&["/usr/bin/python3"]) {
        return;
    }
    let s = Scene::new();
    const SECRET: &str = "ROOT-ONLY-7c41e2";
    let secret = s.vault.join("secret");
    std::fs::write(&secret, format!("{SECRET}\n")).unwrap();
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o600)).unwrap();
    // The other user's package, and beside it a link to the root-only file, which it swaps
    // with a case's answer once the import has checked the package and reads the case.
    let pkg = s.shared.join("race");
    as_nobody(&format!(
        "set -e; mkdir -p {p}/data/sample {p}/data/secret; cd {p}; echo 'name: Race' > problem.yaml; \
         echo 1 > .timelimit; echo '1 2' > data/sample/1.in; echo 3 > data/sample/1.ans; \
         echo '2 2' > data/secret/race.in; echo 4 > data/secret/race.ans; \
         mkdir {s}/aside; ln -s {} {s}/aside/evil",
        secret.display(),
        p = pkg.display(),
        s = s.shared.display()
    ));
    let ws = Ws::empty();
    let stop = s.shared.join("stop");
    let (a, b) = (
        pkg.join("data/secret/race.ans"),
        s.shared.join("aside/evil"),
    );
    let trigger = pkg.join("data/secret/race.in");
    let swapping = swapper(&trigger, &a, &b, &stop);
    let (mut imported, mut swapped) = (0, 0);
    for i in 0..20 {
        let slug = format!("race{i}");
        let out = ws.runner(&["import", pkg.to_str().unwrap(), "--slug", &slug]);
        if out.status.code() == Some(0) {
            imported += 1;
        } else {
            assert!(stderr(&out).contains("refused"), "{}", text(&out));
        }
        for (path, bytes) in files_under(ws.dir.path()) {
            assert!(
                !String::from_utf8_lossy(&bytes).contains(SECRET),
                "import {i}: {} holds the root-only file's bytes",
                path.display()
            );
        }
        // The case back in place for the next import.
        if a.is_symlink() {
            swapped += 1;
            // SAFETY: two NUL-terminated paths; renameat2 only renames.
            let r = unsafe {
                let (a, b) = (cstr(&a), cstr(&b));
                libc::renameat2(libc::AT_FDCWD, a.as_ptr(), libc::AT_FDCWD, b.as_ptr(), 2)
            };
            assert_eq!(r, 0, "{}", std::io::Error::last_os_error());
        }
    }
    std::fs::write(&stop, "").unwrap();
    drop(swapping);
    // Control: the swap happened while the imports ran (a plain read after the check would
    // have met the secret), and imports went through all the same.
    assert!(swapped > 0, "the link was never swapped in");
    assert!(imported > 0, "no import went through");
    eprintln!("{imported} of 20 imports went through, the link swapped in {swapped} times");
}

fn cstr(p: &Path) -> std::ffi::CString {
    std::ffi::CString::new(p.as_os_str().as_encoded_bytes()).unwrap()
}
