//! Hostile packages, made here: each is refused with the path or field named, nothing is
//! written into the workspace or beside it, no file of the machine outside the package is read
//! into it, and the import leaves no temporary folder behind.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Output;

use assert_cmd::Command;

use crate::common::{assert_code, marker, processes_named, repo_root, stderr, stdout, text, Ws};

/// A file outside every package and workspace, which no import may take in.
const SECRET: &str = "SECRET-4f1c9e-not-for-the-workspace";

/// A test's folders: the package's parent, a secret file beside it, a private TMPDIR.
struct Scene {
    tmp: tempfile::TempDir,
    ws: Ws,
}

impl Scene {
    fn new() -> Scene {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("secret.c"), SECRET).unwrap();
        std::fs::create_dir(tmp.path().join("tmpdir")).unwrap();
        // The workspace in a folder of its own, so that nothing else is beside it.
        let beside = tmp.path().join("beside");
        std::fs::create_dir(&beside).unwrap();
        let ws = Ws {
            dir: tempfile::tempdir_in(&beside).unwrap(),
        };
        std::fs::create_dir_all(ws.path("problems")).unwrap();
        std::fs::copy(repo_root().join("judges.toml"), ws.path("judges.toml")).unwrap();
        Scene { tmp, ws }
    }

    fn secret(&self) -> PathBuf {
        self.tmp.path().join("secret.c")
    }

    /// Writes `files` under `name/` (a package folder) and returns its path.
    fn package(&self, name: &str, files: &[(&str, &str)]) -> PathBuf {
        let root = self.tmp.path().join(name);
        for (rel, text) in files {
            let p = root.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        root
    }

    /// `runner import ARGS` in the workspace, with the scene's own TMPDIR.
    fn import(&self, args: &[&str]) -> Output {
        let mut cmd = Command::cargo_bin("runner").unwrap();
        cmd.arg("--root")
            .arg(self.ws.dir.path())
            .args(["--color", "never", "import"])
            .args(args)
            .env("TMPDIR", self.tmp.path().join("tmpdir"))
            .env_remove("CI")
            .timeout(std::time::Duration::from_secs(120));
        cmd.output().unwrap()
    }

    /// Imports `args`, which must be refused naming each of `named`: the workspace is as it
    /// was, holds no byte of the secret, nothing appeared beside it, and TMPDIR is empty.
    fn refused(&self, args: &[&str], named: &[&str]) -> String {
        // The runner's build cache (target/) aside: a package's programs may have been built.
        let problem_files = || -> Vec<PathBuf> {
            let cache = self.ws.path("target");
            files(self.ws.dir.path())
                .into_iter()
                .filter(|p| !p.starts_with(&cache))
                .collect()
        };
        let before = problem_files();
        let parent = self.ws.dir.path().parent().unwrap();
        let listing = || -> Vec<PathBuf> {
            let mut v: Vec<PathBuf> = std::fs::read_dir(parent)
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .collect();
            v.sort();
            v
        };
        let beside = listing();
        let out = self.import(args);
        assert_code(&out, 2);
        let err = stderr(&out);
        for n in named {
            assert!(err.contains(n), "`{n}` not named:\n{}", text(&out));
        }
        assert!(!err.contains("panicked"), "{}", text(&out));
        assert_eq!(problem_files(), before, "the workspace changed");
        assert_eq!(
            listing(),
            beside,
            "something was written beside the workspace"
        );
        self.nothing_left();
        err
    }

    /// No byte of the secret in the workspace, no temporary folder left.
    fn nothing_left(&self) {
        for (p, bytes) in snapshot(self.ws.dir.path()) {
            assert!(
                !String::from_utf8_lossy(&bytes).contains(SECRET),
                "{} holds the secret",
                p.display()
            );
        }
        let left: Vec<_> = std::fs::read_dir(self.tmp.path().join("tmpdir"))
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .collect();
        assert!(left.is_empty(), "left behind in TMPDIR: {left:?}");
    }
}

/// The paths under `dir` (symlinks not followed), sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .map(|e| e.path().to_path_buf())
        .collect();
    v.sort();
    v
}

fn snapshot(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    files(dir)
        .into_iter()
        .filter(|p| p.symlink_metadata().is_ok_and(|m| m.is_file()))
        .map(|p| {
            let b = std::fs::read(&p).unwrap();
            (p, b)
        })
        .collect()
}

/// A legacy Kattis package judged by its own output validator, as `runner export` writes one.
fn kattis_files(runner_toml: &str) -> Vec<(&'static str, String)> {
    vec![
        ("problem.yaml", "name: Evil\nvalidation: custom\n".into()),
        (".timelimit", "1\n".into()),
        ("data/sample/1.in", "1 2\n".into()),
        ("data/sample/1.ans", "3\n".into()),
        (
            "output_validators/checker/checker.rs",
            "fn main() {}\n".into(),
        ),
        (
            ".cargo/config.toml",
            "[target.x86_64-unknown-linux-gnu]\nrunner = [\"sh\", \"-c\", \"touch PWNED\"]\n"
                .into(),
        ),
        ("runner.toml", runner_toml.into()),
    ]
}

fn kattis(s: &Scene, name: &str, runner_toml: &str) -> PathBuf {
    let files = kattis_files(runner_toml);
    let refs: Vec<(&str, &str)> = files.iter().map(|(a, b)| (*a, b.as_str())).collect();
    s.package(name, &refs)
}

#[test]
fn paths_in_runner_toml_that_leave_the_package_are_refused() {
    let s = Scene::new();
    let program = |source: &str, shared: &str| {
        format!(
            "[program.\"output_validators/checker\"]\nsource = \"{source}\"\nconvention = \
             \"testlib\"\nshared = [{shared}]\n"
        )
    };
    // The measured attack: shared modules written through `..` into the workspace's .cargo/ and
    // beside the workspace.
    let p = kattis(
        &s,
        "plant",
        &program("checker.rs", "\"../../.cargo/config.toml\""),
    );
    s.refused(
        &[p.to_str().unwrap()],
        &[
            "shared: `../../.cargo/config.toml` is not a file name",
            "nothing was written",
        ],
    );
    assert!(!s.ws.path(".cargo").exists());
    let p = kattis(
        &s,
        "beside",
        &program("checker.rs", "\"../../../beside.txt\""),
    );
    s.refused(&[p.to_str().unwrap()], &["`../../../beside.txt`"]);
    // The program's source: a host file by its absolute path, or climbing out.
    let abs = s.secret();
    let p = kattis(&s, "abs", &program(abs.to_str().unwrap(), ""));
    s.refused(
        &[p.to_str().unwrap()],
        &[abs.to_str().unwrap(), "absolute path, outside the package"],
    );
    let p = kattis(&s, "climb", &program("../../../secret.c", ""));
    s.refused(
        &[p.to_str().unwrap()],
        &["`../../../secret.c` leaves the package"],
    );
}

#[test]
fn a_symlink_out_of_a_folder_package_or_a_loop_is_refused_at_once() {
    let s = Scene::new();
    let files = [
        ("problem.yaml", "name: Links\n"),
        (".timelimit", "1\n"),
        ("data/sample/1.in", "1 2\n"),
        ("data/sample/1.ans", "3\n"),
        ("data/secret/1.ans", "3\n"),
    ];
    let p = s.package("outlink", &files);
    std::os::unix::fs::symlink(s.secret(), p.join("data/secret/1.in")).unwrap();
    s.refused(
        &[p.to_str().unwrap()],
        &["data/secret/1.in resolves to", "outside", "refused"],
    );
    // Two symlinks to `.`: the walk never ended, and ignored SIGTERM.
    let p = s.package("loop", &files);
    std::os::unix::fs::symlink(".", p.join("data/secret/a")).unwrap();
    std::os::unix::fs::symlink(".", p.join("data/secret/b")).unwrap();
    let started = std::time::Instant::now();
    s.refused(&[p.to_str().unwrap()], &["data/secret/a", "a symlink loop"]);
    assert!(started.elapsed().as_secs() < 60);
    // A symlink that stays inside still comes in, as problemtools' examples have them.
    let p = s.package("inlink", &files);
    std::os::unix::fs::symlink("../sample/1.in", p.join("data/secret/1.in")).unwrap();
    let out = s.import(&[p.to_str().unwrap(), "--slug", "inlink"]);
    assert_code(&out, 0);
    assert!(stdout(&out).contains("2 cases"), "{}", text(&out));
    s.nothing_left();
}

/// A zip of `entries` (name, bytes, deflated) with `symlinks` (name, target).
fn zip(path: &Path, entries: &[(&str, &[u8])], symlinks: &[(&str, &str)]) {
    let mut z = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in entries {
        z.start_file(*name, opts).unwrap();
        z.write_all(bytes).unwrap();
    }
    for (name, target) in symlinks {
        z.add_symlink(*name, *target, opts).unwrap();
    }
    z.finish().unwrap();
}

const PROBLEM: &[(&str, &[u8])] = &[
    (
        "p/problem.yaml",
        b"name: Zipped\nlimits:\n  time_limit: 1\n",
    ),
    ("p/data/sample/1.in", b"1 2\n"),
    ("p/data/sample/1.ans", b"3\n"),
];

#[test]
fn zips_with_escaping_entries_or_more_than_the_bounds_are_refused() {
    let s = Scene::new();
    let z = s.tmp.path().join("dotdot.zip");
    let mut entries = PROBLEM.to_vec();
    entries.push(("p/../../escaped.txt", b"x"));
    zip(&z, &entries, &[]);
    s.refused(
        &[z.to_str().unwrap()],
        &["`p/../../escaped.txt` would be written outside the package"],
    );
    let z = s.tmp.path().join("absolute.zip");
    let abs = s.tmp.path().join("planted.txt");
    let mut entries = PROBLEM.to_vec();
    let name = abs.to_str().unwrap().to_string();
    entries.push((&name, b"x"));
    zip(&z, &entries, &[]);
    s.refused(
        &[z.to_str().unwrap()],
        &[&format!("the entry `{name}` is an absolute path: refused")],
    );
    assert!(!abs.exists());
    // A bomb: 16 MiB of zeros in a zip of some KiB, under a bound of 1 MiB.
    let zeros = vec![0u8; 16 << 20];
    let mut entries = PROBLEM.to_vec();
    entries.push(("p/data/secret/huge.in", &zeros));
    let z = s.tmp.path().join("bomb.zip");
    zip(&z, &entries, &[]);
    assert!(std::fs::metadata(&z).unwrap().len() < 1 << 20);
    s.refused(
        &[z.to_str().unwrap(), "--max-size", "1M"],
        &[
            "`p/data/secret/huge.in`: declares 16777216 bytes",
            "--max-size",
        ],
    );
    // Its header lies: it declares 10 bytes, and the bytes keep coming.
    let z = s.tmp.path().join("liar.zip");
    zip(&z, &entries, &[]);
    lie_about_sizes(&z, 16 << 20, 10);
    let err = s.refused(&[z.to_str().unwrap()], &["p/data/secret/huge.in"]);
    assert!(
        // The zip crate sees it first; the import's own bound (10 bytes read, and one more)
        // would stop it too.
        err.contains("more than the 10 bytes its header declares")
            || err.contains("cannot unpack: File is larger than its declared"),
        "{err}"
    );
    // More entries than allowed.
    let z = s.tmp.path().join("many.zip");
    zip(&z, PROBLEM, &[]);
    s.refused(
        &[z.to_str().unwrap(), "--max-entries", "2"],
        &["3 entries, more than 2", "--max-entries"],
    );
}

/// Rewrites the uncompressed size `real` as `told` in the zip's local and central headers.
fn lie_about_sizes(path: &Path, real: u32, told: u32) {
    let mut b = std::fs::read(path).unwrap();
    let mut patched = 0;
    for (sig, at) in [
        ([0x50, 0x4b, 0x03, 0x04], 22),
        ([0x50, 0x4b, 0x01, 0x02], 24),
    ] {
        let mut i = 0;
        while i + at + 4 <= b.len() {
            if b[i..i + 4] == sig && b[i + at..i + at + 4] == real.to_le_bytes() {
                b[i + at..i + at + 4].copy_from_slice(&told.to_le_bytes());
                patched += 1;
            }
            i += 1;
        }
    }
    assert_eq!(patched, 2, "the zip's headers were not found");
    std::fs::write(path, b).unwrap();
}

#[test]
fn a_zips_symlink_entry_comes_in_as_text_never_as_its_target() {
    let s = Scene::new();
    let z = s.tmp.path().join("link.zip");
    let secret = s.secret();
    zip(
        &z,
        &[
            (
                "p/problem.yaml",
                b"name: Zipped\nlimits:\n  time_limit: 1\n",
            ),
            ("p/data/sample/1.ans", b"3\n"),
        ],
        &[("p/data/sample/1.in", secret.to_str().unwrap())],
    );
    let out = s.import(&[z.to_str().unwrap(), "--slug", "link"]);
    assert_code(&out, 0);
    let fixture = std::fs::read_to_string(s.ws.path("fixtures/link.toml")).unwrap();
    assert!(
        fixture.contains(&format!("input = \"{}\"", secret.display())),
        "{fixture}"
    );
    s.nothing_left();
}

#[test]
fn paths_in_problem_xml_that_leave_the_package_are_refused() {
    let s = Scene::new();
    let xml = |pattern: &str, checker: &str| {
        format!(
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<problem short-name=\"evil\">\n\
             <judging input-file=\"\" output-file=\"\"><testset name=\"tests\">\
             <time-limit>1000</time-limit><memory-limit>268435456</memory-limit>\
             <input-path-pattern>{pattern}</input-path-pattern>\
             <answer-path-pattern>tests/%02d.a</answer-path-pattern>\
             <tests><test method=\"manual\"/></tests></testset></judging>\n<assets>{checker}</assets>\n</problem>\n"
        )
    };
    let files = |xml: String| {
        vec![
            ("problem.xml", xml),
            ("tests/01", "1 2\n".to_string()),
            ("tests/01.a", "3\n".to_string()),
            ("files/testlib.h", "\n".to_string()),
        ]
    };
    let make = |name: &str, xml: String| {
        let f: Vec<(&str, String)> = files(xml);
        let refs: Vec<(&str, &str)> = f.iter().map(|(a, b)| (*a, b.as_str())).collect();
        s.package(name, &refs)
    };
    let secret = s.secret();
    let abs_pattern = format!("{}%.0d", secret.display());
    let p = make("pattern", xml(&abs_pattern, ""));
    s.refused(
        &[p.to_str().unwrap()],
        &[
            "problem.xml <input-path-pattern>",
            "absolute path, outside the package",
        ],
    );
    let p = make("climb", xml("../secret.c%.0d", ""));
    s.refused(
        &[p.to_str().unwrap()],
        &["problem.xml <input-path-pattern>", "leaves the package"],
    );
    let checker = format!(
        "<checker type=\"testlib\"><source path=\"{}\"/></checker>",
        secret.display()
    );
    let p = make("checker", xml("tests/%02d", &checker));
    s.refused(
        &[p.to_str().unwrap()],
        &[
            "problem.xml <checker source path>",
            &secret.display().to_string(),
        ],
    );
}

/// A Library Checker problem with its tests made already (in/, out/) and a testlib checker.
fn library_checker(s: &Scene, at: &str, info_extra: &str) -> PathBuf {
    let info = format!(
        "title = \"A + B\"\ntimelimit = 2.0\n{info_extra}\n[[tests]]\nname = \"example.in\"\nnumber = 1\n"
    );
    s.package(
        at,
        &[
            ("info.toml", &info),
            ("checker.cpp", "#include \"testlib.h\"\nint main() {}\n"),
            ("gen/example_00.in", "1 2\n"),
            ("in/example_00.in", "1 2\n"),
            ("out/example_00.out", "3\n"),
            ("sol/correct.cpp", "int main() {}\n"),
        ],
    )
}

#[test]
fn paths_in_info_toml_that_leave_the_problem_are_refused() {
    let s = Scene::new();
    let secret = s.secret();
    let p = library_checker(
        &s,
        "repo/cat/abs",
        &format!("checker = \"{}\"", secret.display()),
    );
    s.refused(
        &[p.to_str().unwrap()],
        &["info.toml checker", "absolute path, outside the package"],
    );
    let p = library_checker(&s, "repo/cat/climb", "verifier = \"../../../secret.c\"");
    s.refused(
        &[p.to_str().unwrap()],
        &["info.toml verifier", "leaves the package"],
    );
    let p = s.package(
        "repo/cat/gen",
        &[(
            "info.toml",
            "title = \"x\"\ntimelimit = 1.0\n[[tests]]\nname = \"../../../secret.c\"\nnumber = 1\n",
        )],
    );
    s.refused(
        &[p.to_str().unwrap()],
        &["info.toml [[tests]] name `../../../secret.c`"],
    );
}

#[test]
fn common_is_taken_from_a_checkout_only_the_user_can_write_never_from_a_shared_tmp() {
    use std::os::unix::fs::PermissionsExt;
    let s = Scene::new();
    // A shared TMPDIR (mode 1777) where someone planted common/testlib.h and a marker.
    let shared = s.tmp.path().join("shared-tmp");
    std::fs::create_dir(&shared).unwrap();
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o1777)).unwrap();
    let planted = "// PLANTED testlib.h\n";
    s.package("shared-tmp/common", &[("testlib.h", planted)]);
    s.package("shared-tmp", &[("problems.toml", "")]);
    let p = library_checker(&s, "shared-tmp/x/aplusb", "");
    // Its checker includes testlib.h, which only a checkout gives: refused, saying what to do,
    // never written as a problem whose checker cannot build.
    s.refused(
        &[p.to_str().unwrap()],
        &[
            "checker.cpp includes \"testlib.h\"",
            "the common/ in",
            "is not taken",
            "--checkout DIR",
        ],
    );
    assert!(!s.ws.path("problems/aplusb").exists());
    for (f, bytes) in snapshot(s.ws.dir.path()) {
        assert!(
            !String::from_utf8_lossy(&bytes).contains("PLANTED"),
            "{} holds the planted header",
            f.display()
        );
    }
    // The real layout, <checkout>/<category>/<problem> with <checkout>/common/, in folders only
    // the user writes: common/ comes along.
    let mine = "// the checkout's testlib.h\n";
    s.package(
        "checkout",
        &[("problems.toml", ""), ("common/testlib.h", mine)],
    );
    let p = library_checker(&s, "checkout/sample/aplusb", "");
    let out = s.import(&[p.to_str().unwrap(), "--slug", "mine"]);
    assert_code(&out, 0);
    assert_eq!(
        std::fs::read_to_string(s.ws.path("problems/mine/testlib.h")).unwrap(),
        mine
    );
    // Named by the user, a checkout is taken as it is.
    let p = library_checker(&s, "shared-tmp/y/aplusb", "");
    let out = s.import(&[
        p.to_str().unwrap(),
        "--slug",
        "named",
        "--checkout",
        s.tmp.path().join("checkout").to_str().unwrap(),
    ]);
    assert_code(&out, 0);
    assert!(s.ws.path("problems/named/testlib.h").is_file());
}

#[test]
fn absurd_limits_are_refused_with_the_field_named() {
    let s = Scene::new();
    for (i, (limits, named)) in [
        (
            "time_limit: -5",
            "problem.yaml limits.time_limit = -5: out of the range",
        ),
        (
            "time_limit: 1e300",
            "problem.yaml limits.time_limit = 1000000",
        ),
        (
            "time_limit: 1\n  memory: 1e15",
            "problem.yaml limits.memory = 1000000000000000",
        ),
        (
            "time_limit: 1\n  output: 0",
            "problem.yaml limits.output = 0",
        ),
        (
            "time_multiplier: 1e300",
            "problem.yaml limits.time_multiplier = 1000000",
        ),
    ]
    .iter()
    .enumerate()
    {
        let yaml = format!("name: Limits\nlimits:\n  {limits}\n");
        let p = s.package(
            &format!("limits{i}"),
            &[
                ("problem.yaml", yaml.as_str()),
                ("data/sample/1.in", "1\n"),
                ("data/sample/1.ans", "1\n"),
            ],
        );
        s.refused(&[p.to_str().unwrap()], &[named]);
    }
    let p = library_checker(&s, "repo/cat/slow", "");
    std::fs::write(
        p.join("info.toml"),
        "title = \"x\"\ntimelimit = 1e300\n[[tests]]\nname = \"example.in\"\nnumber = 1\n",
    )
    .unwrap();
    s.refused(&[p.to_str().unwrap()], &["info.toml timelimit = 1000000"]);
}

#[test]
fn a_problem_toml_with_absurd_limits_is_a_located_error_not_a_panic() {
    let ws = Ws::twice();
    ws.write(
        "problems/huge/problem.toml",
        "title = \"Huge\"\njudge = \"local\"\ntime_limit_ms = 1000\nmemory_limit_kib = 1000000000000000000\n",
    );
    for args in [&["list"][..], &[][..]] {
        let out = ws.runner(args);
        let err = stderr(&out);
        assert!(!err.contains("panicked"), "{}", text(&out));
        assert!(
            err.contains("problems/huge/problem.toml:4")
                && err.contains("memory_limit_kib = 1000000000000000000: out of range"),
            "{}",
            text(&out)
        );
        assert_ne!(out.status.code(), Some(0), "{}", text(&out));
    }
    // A case's own time limit: the wall clock is twice it, and a second more.
    let ws = Ws::twice();
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"small\"\nsource = \"hand\"\ninput = \"3\\n\"\noutput = \"6\\n\"\ntime_limit_ms = 18446744073709551615\n",
    );
    ws.write("solutions/t.c", "int main(void) { return 0; }\n");
    let out = ws.runner(&[]);
    let err = stderr(&out);
    assert!(!err.contains("panicked"), "{}", text(&out));
    assert!(
        err.contains("fixtures/t.toml:6")
            && err.contains("time_limit_ms = 18446744073709551615: out of range"),
        "{}",
        text(&out)
    );
}

#[test]
fn export_follows_no_symlink_out_of_the_problem() {
    let s = Scene::new();
    let ws = &s.ws;
    ws.write(
        "problems/t/problem.toml",
        "title = \"Twice\"\njudge = \"local\"\ntime_limit_ms = 500\nmemory_limit_kib = 65536\n",
    );
    ws.write(
        "fixtures/t.toml",
        "[[case]]\nname = \"small\"\nsource = \"hand\"\ninput = \"3\\n\"\noutput = \"6\\n\"\n",
    );
    std::os::unix::fs::symlink(s.secret(), ws.path("problems/t/README.md")).unwrap();
    let out_dir = s.tmp.path().join("t-package");
    let out = ws.runner(&["export", "t", "--kattis", out_dir.to_str().unwrap()]);
    assert_code(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains("README.md") && err.contains("outside"),
        "{}",
        text(&out)
    );
    assert!(!out_dir.exists(), "{}", text(&out));
}

/// The Polygon package of the tests (two of its tests generated) as `name`, with `generator`
/// as its generator's source.
fn polygon(s: &Scene, name: &str, generator: &str) -> PathBuf {
    let pkg = s.tmp.path().join(name);
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/polygon");
    for e in walkdir::WalkDir::new(&from).into_iter().flatten() {
        let to = pkg.join(e.path().strip_prefix(&from).unwrap());
        if e.file_type().is_dir() {
            std::fs::create_dir_all(&to).unwrap();
        } else {
            std::fs::copy(e.path(), &to).unwrap();
        }
    }
    std::fs::write(pkg.join("files/gen.cpp"), generator).unwrap();
    pkg
}

#[test]
fn what_a_packages_generator_makes_counts_against_the_size_bound() {
    let s = Scene::new();
    let pkg = polygon(
        &s,
        "chatty",
        "#include <cstdio>\nint main() { for (int i = 0; i < (1 << 20); i++) std::putchar('7'); std::puts(\" 1\"); }\n",
    );
    s.refused(
        &[pkg.to_str().unwrap(), "--max-size", "100K"],
        &[
            "the generator `gen 1000 999`: the package's programs made more than 102400 bytes",
            "--max-size",
        ],
    );
}

#[test]
fn sigterm_ends_an_import_at_once_and_leaves_nothing_behind() {
    let s = Scene::new();
    // The Polygon package of the tests, its generator made to run forever, under a name of its
    // own (the import builds other programs around it: the signal must reach it running).
    let name = marker("gen");
    let pkg = polygon(
        &s,
        "endless",
        &format!(
            "#include <sys/prctl.h>\nint main() {{ prctl(PR_SET_NAME, \"{name}\"); volatile unsigned long x = 0; for (;;) x++; }}\n"
        ),
    );
    let before = files(s.ws.dir.path());
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("runner"))
        .arg("--root")
        .arg(s.ws.dir.path())
        .args(["--color", "never", "import"])
        .arg(&pkg)
        .env("TMPDIR", s.tmp.path().join("tmpdir"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // The generator runs.
    let started = std::time::Instant::now();
    while processes_named(&name).is_empty() && started.elapsed().as_secs() < 120 {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert!(
        !processes_named(&name).is_empty(),
        "the generator never ran"
    );
    // SAFETY: kill with a child's pid.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let signalled = std::time::Instant::now();
    let status = loop {
        if let Some(st) = child.try_wait().unwrap() {
            break st;
        }
        assert!(
            signalled.elapsed().as_secs() < 8,
            "the import is still running after SIGTERM"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let out = child.wait_with_output().unwrap();
    assert_eq!(status.code(), Some(2), "{}", text(&out));
    assert!(
        stderr(&out).contains("the generator `gen 1000 999` failed: interrupted"),
        "expected the generator's failure to say it was interrupted: {}",
        text(&out)
    );
    let now: Vec<PathBuf> = files(s.ws.dir.path())
        .into_iter()
        .filter(|p| !p.starts_with(s.ws.path("target")))
        .collect();
    assert_eq!(now, before, "{}", text(&out));
    s.nothing_left();
}
