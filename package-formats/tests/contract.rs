//! package-formats' contract, through its public API as `runner import` and `runner listen`
//! call it: a package opened within its bounds ([`Package::open`]), read into a draft
//! ([`kattis::read`], [`companion::parse`] and [`companion::draft`]), and the draft written
//! into a workspace ([`draft::write_from`]): the files the runner then reads.

// No function over 80 lines of code (the threshold is the workspace's clippy.toml).
#![warn(clippy::too_many_lines)]

use std::path::{Path, PathBuf};

use judging::scaffold::Lang;
use judging::Judges;
use judging::{FileKinds, Verdict, Verdicts, Workspace, SHARED};
use package_formats::companion;
use package_formats::confine::{Bounds, Confined};
use package_formats::draft::{self, Draft};
use package_formats::package::{Kind, Package};
use package_formats::{kattis, kattis_export};
use sandbox::Cancel;

/// Writes `files` (path relative to `root`, text) under `root`.
fn put(root: &Path, files: &[(&str, &str)]) {
    for (rel, text) in files {
        let path = root.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

const PROBLEM_YAML: &str = "problem_format_version: 2023-07-draft\nname: Twice\nlimits:\n  time_limit: 2.5\n  memory: 512\n";

/// A minimal Kattis package `twice/` in `dir`: two samples and a secret case, an accepted
/// submission and a wrong one.
fn twice_package(dir: &Path) -> PathBuf {
    let root = dir.join("twice");
    put(
        &root,
        &[
            ("problem.yaml", PROBLEM_YAML),
            ("data/sample/1.in", "3\n"),
            ("data/sample/1.ans", "6\n"),
            ("data/sample/2.in", "0\n"),
            ("data/sample/2.ans", "0\n"),
            ("data/secret/big.in", "1000000000\n"),
            ("data/secret/big.ans", "2000000000\n"),
            (
                "submissions/accepted/double.py",
                "print(2 * int(input()))\n",
            ),
            (
                "submissions/wrong_answer/plus_two.py",
                "print(int(input()) + 2)\n",
            ),
        ],
    );
    root
}

/// The file kinds of the built-in judges (the languages a submission may be in).
fn kinds() -> FileKinds {
    Judges::parse(Path::new("judges.toml"), include_str!("../../judges.toml"))
        .unwrap()
        .file_kinds()
}

/// A new, empty workspace in `dir`.
fn workspace(dir: &Path) -> Workspace {
    std::fs::create_dir_all(dir.join("problems")).unwrap();
    Workspace::at(dir).unwrap()
}

fn open(path: &Path, bounds: &Bounds) -> anyhow::Result<Package> {
    Package::open(path, bounds, &Cancel::new())
}

fn read(pkg: &Package, ws: &Workspace) -> anyhow::Result<kattis::Imported> {
    kattis::read(pkg, &kinds(), None, &ws.problems_dir().join(SHARED))
}

/// Each case's name, source, input and answer bytes.
fn cases(d: &Draft) -> Vec<(String, &'static str, Vec<u8>, Vec<u8>)> {
    d.cases
        .iter()
        .map(|c| {
            (
                c.name.clone(),
                c.source,
                c.input.read().unwrap().into_owned(),
                c.output.read().unwrap().into_owned(),
            )
        })
        .collect()
}

fn case(
    name: &str,
    source: &'static str,
    input: &str,
    output: &str,
) -> (String, &'static str, Vec<u8>, Vec<u8>) {
    (name.into(), source, input.into(), output.into())
}

#[test]
fn a_kattis_package_becomes_a_draft_with_its_cases_limits_and_submissions() {
    let dir = tempfile::tempdir().unwrap();
    let ws = workspace(&dir.path().join("ws"));
    let pkg = open(&twice_package(dir.path()), &Bounds::default()).unwrap();
    assert_eq!(pkg.kind, Kind::Kattis);
    assert_eq!(pkg.name, "twice");
    let imported = read(&pkg, &ws).unwrap();
    assert!(
        imported.measure.is_none(),
        "problem.yaml gives the time limit"
    );
    assert_eq!(imported.missing_inputs, 0);
    let d = &imported.draft;
    assert_eq!(d.slug, "twice");
    assert_eq!(d.meta.title, "Twice");
    assert_eq!(d.meta.time_limit_ms, 2500);
    assert_eq!(d.meta.memory_limit_kib, 512 << 10);
    // Samples first, then the secret data, each by name; a sample is a sample.
    assert_eq!(
        cases(d),
        vec![
            case("sample.1", "sample", "3\n", "6\n"),
            case("sample.2", "sample", "0\n", "0\n"),
            case("secret.big", "reference", "1000000000\n", "2000000000\n"),
        ]
    );
    // The accepted submission is a solution of the problem: a file under solutions/ named
    // <slug>.<ext>, with the submission's bytes; a Python 3 submission comes in as a `.pypy`
    // file, as Kattis runs it (docs/src/imports-and-export.md).
    let solutions: Vec<_> = d
        .files
        .iter()
        .filter(|f| f.rel.starts_with("solutions"))
        .collect();
    assert_eq!(solutions.len(), 1, "{:?}", d.files);
    assert_eq!(solutions[0].rel.file_name().unwrap(), "twice.pypy");
    assert_eq!(
        solutions[0].data.read().unwrap().as_ref(),
        b"print(2 * int(input()))\n"
    );
    // The wrong_answer submission is a wrong solution whose class is Kattis' category: WA or PE.
    assert_eq!(d.wrong.len(), 1);
    let w = &d.wrong[0];
    assert_eq!(w.file, "plus_two.pypy");
    assert_eq!(
        w.data.read().unwrap().as_ref(),
        b"print(int(input()) + 2)\n"
    );
    assert_eq!(
        w.class,
        Some(Verdicts::of(&[
            Verdict::WrongAnswer,
            Verdict::PresentationError
        ]))
    );
    assert_eq!(w.expect.required, Verdicts::one(Verdict::WrongAnswer));
}

/// What `runner import` writes of the draft: problem.toml's fields, the fixture's cases, the
/// solution and the wrong solution, and nothing over a problem that exists.
#[test]
fn the_draft_is_written_as_problem_toml_a_fixture_and_the_programs() {
    let dir = tempfile::tempdir().unwrap();
    let ws = workspace(&dir.path().join("ws"));
    let pkg = open(&twice_package(dir.path()), &Bounds::default()).unwrap();
    let d = read(&pkg, &ws).unwrap().draft;
    let cancel = Cancel::new();
    let written =
        draft::write_from(&ws, &d, "# from a test\n", Some(&pkg.confined), &cancel).unwrap();
    let root = ws.root();
    let toml_of = |rel: &str| -> toml::Table {
        std::fs::read_to_string(root.join(rel))
            .unwrap()
            .parse()
            .unwrap()
    };
    let meta = toml_of("problems/twice/problem.toml");
    assert_eq!(meta["title"].as_str(), Some("Twice"));
    assert_eq!(meta["time_limit_ms"].as_integer(), Some(2500));
    assert_eq!(meta["memory_limit_kib"].as_integer(), Some(512 << 10));
    let fixture = toml_of("fixtures/twice.toml");
    let got: Vec<(&str, &str, &str, &str)> = fixture["case"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let s = |k: &str| c[k].as_str().unwrap();
            (s("name"), s("source"), s("input"), s("output"))
        })
        .collect();
    assert_eq!(
        got,
        vec![
            ("sample.1", "sample", "3\n", "6\n"),
            ("sample.2", "sample", "0\n", "0\n"),
            ("secret.big", "reference", "1000000000\n", "2000000000\n"),
        ]
    );
    let wrong = toml_of("problems/twice/wrong/wrong.toml");
    let program = &wrong["program"].as_array().unwrap()[0];
    assert_eq!(program["file"].as_str(), Some("plus_two.pypy"));
    assert_eq!(program["expect"].as_str(), Some("WA"));
    assert_eq!(
        std::fs::read(root.join("problems/twice/wrong/plus_two.pypy")).unwrap(),
        b"print(int(input()) + 2)\n"
    );
    let solution = written
        .iter()
        .find(|p| p.starts_with(root.join("solutions")))
        .expect("a solution written");
    assert_eq!(
        std::fs::read(solution).unwrap(),
        b"print(2 * int(input()))\n"
    );
    // A second import of the same package writes nothing over the first.
    let e = draft::write_from(&ws, &d, "# again\n", Some(&pkg.confined), &cancel).unwrap_err();
    assert!(format!("{e:#}").contains("exists"), "{e:#}");
    assert_eq!(
        std::fs::read_to_string(root.join("fixtures/twice.toml"))
            .unwrap()
            .lines()
            .next(),
        Some("# from a test")
    );
}

/// The twice package with `files` written over it, read: the error, and the package's folder as
/// the user has it.
fn refusal(files: &[(&str, &str)]) -> (String, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let ws = workspace(&dir.path().join("ws"));
    let root = twice_package(dir.path());
    put(&root, files);
    let pkg = open(&root, &Bounds::default()).unwrap();
    let e = format!("{:#}", read(&pkg, &ws).err().expect("refused"));
    (e, root.canonicalize().unwrap())
}

/// A problem.yaml or a group's testdata.yaml that is not YAML, or a limit out of its range:
/// refused, naming the file (where the user has it, not the private copy the import reads) and
/// the line, or the field.
#[test]
fn bad_metadata_is_refused_naming_its_file_and_line_or_field() {
    let (e, root) = refusal(&[(
        "problem.yaml",
        "problem_format_version: 2023-07-draft\nname: Twice\nlimits: [time_limit: 1\n",
    )]);
    let file = root.join("problem.yaml");
    assert!(
        e.starts_with(&format!("{}: not YAML", file.display())),
        "{e}"
    );
    assert!(e.ends_with("line 4 column 1"), "{e}");

    let (e, root) = refusal(&[("data/secret/testdata.yaml", "output_validator_flags: [\n")]);
    let file = root.join("data/secret/testdata.yaml");
    assert!(
        e.starts_with(&format!("{}: not YAML", file.display())),
        "{e}"
    );
    assert!(e.contains("line 2"), "{e}");

    let (e, _) = refusal(&[(
        "problem.yaml",
        "problem_format_version: 2023-07-draft\nname: Twice\nlimits:\n  time_limit: -5\n",
    )]);
    assert!(e.contains("problem.yaml limits.time_limit = -5"), "{e}");
}

/// A symlink that leads out of the package is refused when the package is opened, naming it;
/// one that stays inside is followed (its target's bytes are the case's).
#[test]
fn a_symlink_out_of_the_package_is_refused_and_one_inside_is_followed() {
    let dir = tempfile::tempdir().unwrap();
    let ws = workspace(&dir.path().join("ws"));
    let root = twice_package(dir.path());
    let secret = dir.path().join("secret.txt");
    std::fs::write(&secret, "not the package's\n").unwrap();
    std::os::unix::fs::symlink(&secret, root.join("data/secret/leak.in")).unwrap();
    std::fs::write(root.join("data/secret/leak.ans"), "x\n").unwrap();
    let e = format!(
        "{:#}",
        open(&root, &Bounds::default()).err().expect("refused")
    );
    assert!(e.contains("data/secret/leak.in resolves to"), "{e}");
    assert!(
        e.contains(&secret.canonicalize().unwrap().display().to_string()),
        "{e}"
    );
    assert!(e.contains("refused"), "{e}");

    std::fs::remove_file(root.join("data/secret/leak.in")).unwrap();
    std::fs::remove_file(root.join("data/secret/leak.ans")).unwrap();
    std::os::unix::fs::symlink("../sample/1.in", root.join("data/secret/again.in")).unwrap();
    std::os::unix::fs::symlink("../sample/1.ans", root.join("data/secret/again.ans")).unwrap();
    let pkg = open(&root, &Bounds::default()).unwrap();
    let d = read(&pkg, &ws).unwrap().draft;
    let again = cases(&d)
        .into_iter()
        .find(|c| c.0 == "secret.again")
        .expect("the linked case");
    assert_eq!(again, case("secret.again", "reference", "3\n", "6\n"));
}

/// The bounds a package is opened within: its bytes and its number of files.
#[test]
fn a_package_past_its_bounds_is_refused_naming_the_bound() {
    let dir = tempfile::tempdir().unwrap();
    let root = twice_package(dir.path());
    std::fs::write(root.join("data/secret/huge.in"), vec![b'7'; 4000]).unwrap();
    std::fs::write(root.join("data/secret/huge.ans"), "1\n").unwrap();
    let small = Bounds {
        max_bytes: 2000,
        ..Bounds::default()
    };
    let e = format!("{:#}", open(&root, &small).err().expect("refused"));
    assert!(e.contains("more than 2000 bytes of files"), "{e}");
    assert!(e.contains("--max-size"), "{e}");
    let few = Bounds {
        max_entries: 5,
        ..Bounds::default()
    };
    let e = format!("{:#}", open(&root, &few).err().expect("refused"));
    assert!(e.contains("more than 5 files and folders"), "{e}");
    // Within the default bounds the same package opens.
    assert_eq!(open(&root, &Bounds::default()).unwrap().kind, Kind::Kattis);
}

/// A Competitive Companion request, as `runner listen` receives it: the problem's judge, id,
/// limits and samples, written as a problem of the workspace.
#[test]
fn a_companion_request_becomes_a_problem_with_its_samples() {
    let body = br#"{"name":"G. Sum of Two","group":"Codeforces - Round 1","url":"https://codeforces.com/contest/954/problem/G",
        "interactive":false,"memoryLimit":256,"timeLimit":1500,
        "tests":[{"input":"1 2\n","output":"3\n"},{"input":"5 5\n","output":"10\n"}],
        "testType":"single","input":{"type":"stdin"},"output":{"type":"stdout"},
        "languages":{"java":{"mainClass":"Main","taskClass":"GSumOfTwo"}},"batch":{"id":"b1","size":1}}"#;
    let p = companion::parse(body).unwrap();
    assert_eq!(p.name, "G. Sum of Two");
    assert_eq!((p.time_limit, p.memory_limit), (1500.0, 256.0));
    assert_eq!(p.tests.len(), 2);
    let dir = tempfile::tempdir().unwrap();
    let ws = workspace(dir.path());
    let judges = Judges::load(&ws).unwrap();
    let d = companion::draft(&ws, &judges, &p, Lang::Cpp);
    assert_eq!(d.slug, "cf954g");
    assert_eq!(d.meta.judge, "Codeforces");
    assert_eq!(d.meta.id.as_deref(), Some("954G"));
    assert_eq!(
        (d.meta.time_limit_ms, d.meta.memory_limit_kib),
        (1500, 256 << 10)
    );
    let samples: Vec<_> = cases(&d).into_iter().map(|c| (c.1, c.2, c.3)).collect();
    assert_eq!(
        samples,
        vec![
            ("sample", b"1 2\n".to_vec(), b"3\n".to_vec()),
            ("sample", b"5 5\n".to_vec(), b"10\n".to_vec()),
        ]
    );
    draft::write(&ws, &d, companion::FIXTURE_HEADER, &Cancel::new()).unwrap();
    assert!(ws.root().join("problems/cf954g/problem.toml").is_file());
    assert!(ws.root().join("solutions/cpp/cf954g.cpp").is_file());
}

/// Requests the listener refuses, each saying why.
#[test]
fn an_unusable_companion_request_is_refused_saying_why() {
    let e = companion::parse(b"{not json").unwrap_err();
    assert!(e.starts_with("not a Competitive Companion payload"), "{e}");
    assert!(e.contains("line 1 column 2"), "{e}");
    let e = companion::parse(
        br#"{"name":"N","group":"G","url":"https://codeforces.com/contest/1/problem/A","memoryLimit":256,"timeLimit":0,"tests":[]}"#,
    )
    .unwrap_err();
    assert_eq!(e, "`timeLimit` 0 is out of range (1 … 3600000 ms)");
}

/// The problem `slug` of `ws` and its cases, loaded as `runner export` loads them: through a
/// session opened on the workspace (no sandbox is made: nothing is built or run).
fn load(ws: &Workspace, slug: &str) -> (judging::Problem, Vec<judging::Case>) {
    let session = judging::Session::open(judging::SessionOptions {
        root: Some(ws.root().to_path_buf()),
        start: ws.root().to_path_buf(),
        invoked: "runner",
        jobs: Some(1),
        sandbox: false,
        cache: false,
        cancel: Cancel::new(),
    })
    .unwrap();
    let problems = session.problems(judging::Reach::Some).unwrap().value;
    let problem = problems
        .iter()
        .find(|p| p.slug == slug)
        .expect("the problem written");
    let mut work = session.fixtures(&[problem], &[]).unwrap().value;
    work.pop().expect("its fixtures")
}

/// `runner export --kattis` of an imported problem, read back by the import: the same cases in
/// the same order, the same limits, the same solution and wrong solution.
#[test]
fn an_exported_package_reads_back_as_the_problem_it_came_from() {
    let dir = tempfile::tempdir().unwrap();
    let ws = workspace(&dir.path().join("ws"));
    let cancel = Cancel::new();
    let pkg = open(&twice_package(dir.path()), &Bounds::default()).unwrap();
    let first = read(&pkg, &ws).unwrap().draft;
    draft::write_from(&ws, &first, "# imported\n", Some(&pkg.confined), &cancel).unwrap();

    let (problem, loaded) = load(&ws, "twice");
    let mut notes = Vec::new();
    let exported = kattis_export::cases_of(&problem, &loaded, &mut notes);
    assert!(notes.is_empty(), "{notes:?}");
    let out = kattis_export::package(
        &problem,
        &exported,
        &kinds(),
        &judging::FirstRejections::new(),
        notes,
    )
    .unwrap();
    let roots: Vec<Confined> = [problem.dir.clone(), ws.fixtures_dir(), ws.solutions_dir()]
        .iter()
        .map(|d| Confined::new(d).unwrap())
        .collect();
    let back_dir = dir.path().join("out").join("twice");
    kattis_export::write(&back_dir, &out, &roots).unwrap();

    let other = workspace(&dir.path().join("other"));
    // The draft's cases are files of the package's private copy: it is kept while they are read.
    let back = open(&back_dir, &Bounds::default()).unwrap();
    let again = read(&back, &other).unwrap().draft;
    assert_eq!(cases(&again), cases(&first));
    assert_eq!(again.slug, first.slug);
    assert_eq!(
        (again.meta.time_limit_ms, again.meta.memory_limit_kib),
        (first.meta.time_limit_ms, first.meta.memory_limit_kib)
    );
    let programs = |d: &Draft| -> Vec<(String, Vec<u8>)> {
        let mut all: Vec<(String, Vec<u8>)> = d
            .files
            .iter()
            .filter(|f| f.rel.starts_with("solutions"))
            .map(|f| {
                let name = f.rel.file_name().unwrap().to_string_lossy().into_owned();
                (name, f.data.read().unwrap().into_owned())
            })
            .collect();
        for w in &d.wrong {
            all.push((w.file.clone(), w.data.read().unwrap().into_owned()));
        }
        all
    };
    assert_eq!(programs(&again), programs(&first));
    // The export's runner.toml keeps each wrong solution's exact verdict, which the import
    // takes over the category's class: the same verdict is expected, now exactly.
    let expected = |d: &Draft| {
        d.wrong
            .iter()
            .map(|w| w.expect.required)
            .collect::<Vec<_>>()
    };
    assert_eq!(expected(&again), vec![Verdicts::one(Verdict::WrongAnswer)]);
    assert_eq!(expected(&again), expected(&first));
    assert_eq!(again.wrong[0].class, None);
}
