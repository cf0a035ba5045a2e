//! A problem of the workspace as a Kattis problem package in the legacy format, the one
//! problemtools' `verifyproblem` reads in full (`runner export <slug> --kattis DIR`):
//!
//! | runner | package |
//! |---|---|
//! | title, judge and id, url, memory and output limits | `problem.yaml` `name`, `source`, `source_url`, `limits.memory`, `limits.output` (MiB) |
//! | time limit | `.timelimit` (seconds; problemtools computes its own from the accepted submissions) |
//! | compare `lines` / `exact`, `tokens`, `float` | `validation: default`, `validator_flags`: `case_sensitive space_change_sensitive`, `case_sensitive`, float tolerances |
//! | `checker.<ext>` | `validation: custom`, `output_validators/checker/` |
//! | `interactive = true`, `interactor.<ext>` | `validation: custom interactive`, `output_validators/interactor/` |
//! | `validate.<ext>` | `input_validators/validate/` |
//! | a program of testlib's convention (exit 0 accepts; checker and interactor `INPUT OUTPUT ANSWER`) | its source, a `build` script and a `run` adapter (42 accepts, 43 rejects) |
//! | a program of Kattis' convention (an import) | its source and headers, as they were |
//! | a module of `problems/_shared/` (`#[path = "../_shared/X.rs"]`) | `X.rs` beside the program, the path attribute made `"X.rs"` |
//! | cases `source = "sample"` | `data/sample/NAME.in` / `.ans`; the others `data/secret/` (`secret.group.x` back to `group/x`) |
//! | solutions | `submissions/accepted/` |
//! | a program folder with its own scripts (`X.build` and `X/`, imported from a package) | the folder it came from: `build`, `run` and the rest |
//! | wrong solutions | `wrong_answer/`, `time_limit_exceeded/`, `run_time_error/`: the category of the verdict each gets first on the package's cases in their order, as Kattis judges (see [`package`]) |
//! | exact verdicts and programs' conventions | `runner.toml`, which `runner import` reads back |
//! | README.md | `problem_statement/problem.en.tex`: the README as text, under the title |
//!
//! Left out, each with a note: cases marked `outside_statement` (every input of a package must
//! pass its validators), wrong solutions no case of the package rejects, or rejected first with a
//! verdict Kattis has no category for (CE, OLE; PE under a compare mode that ignores layout).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use super::confine::Confined;
use super::draft::Data;
use super::kattis::EXPECTATIONS;
use judging::CompareMode;
use judging::FileKinds;
use judging::FirstRejections;
use judging::{Case, Content, Source};
use judging::{Convention, Problem, WrongProgram as Wrong};
use judging::{Verdict, Verdicts};

/// A file of the package: its path in the package, its bytes, whether it is executable.
pub struct Out {
    pub rel: PathBuf,
    pub data: Data,
    pub executable: bool,
}

/// The package: its files, and what did not come along.
#[derive(Default)]
pub struct Package {
    pub files: Vec<Out>,
    pub notes: Vec<String>,
}

impl Package {
    fn text(&mut self, rel: impl Into<PathBuf>, s: String) {
        self.files.push(Out {
            rel: rel.into(),
            data: Data::Bytes(s.into_bytes()),
            executable: false,
        });
    }

    fn script(&mut self, rel: impl Into<PathBuf>, s: String) {
        self.files.push(Out {
            rel: rel.into(),
            data: Data::Bytes(s.into_bytes()),
            executable: true,
        });
    }

    fn copy(&mut self, rel: impl Into<PathBuf>, from: &Path) {
        self.files.push(Out {
            rel: rel.into(),
            data: Data::File(from.to_path_buf()),
            executable: false,
        });
    }
}

fn content(c: &Content) -> Data {
    match c {
        Content::Inline(b) => Data::Bytes(b.to_vec()),
        Content::File { path, .. } => Data::File(path.clone()),
    }
}

/// A YAML string (JSON's quoting is YAML's).
fn yaml_str(s: &str) -> String {
    serde_json::to_string(s).expect("a string")
}

/// A UUID made from the slug, so that an export is the same every time.
fn uuid(slug: &str) -> String {
    use sha2::{Digest, Sha256};
    let d = Sha256::digest(format!("runner export {slug}").as_bytes());
    let h: String = d.iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!(
        "{}-{}-4{}-8{}-{}",
        &h[0..8],
        &h[8..12],
        &h[13..16],
        &h[17..20],
        &h[20..32]
    )
}

/// A case as it goes into the package: `data/<group>/<name>` (no extension).
pub struct Exported {
    pub case: Case,
    pub rel: PathBuf,
}

/// The cases of the package, in the order Kattis judges them (`data/sample/` first, then
/// `data/secret/`, each sorted by name); a case outside the statement is left out, with a note.
pub fn cases_of(problem: &Problem, cases: &[Case], notes: &mut Vec<String>) -> Vec<Exported> {
    let meta = &problem.meta;
    let mut out = Vec::new();
    for c in cases {
        if let Some(why) = &c.outside_statement {
            notes.push(format!(
                "case `{}` left out: outside the statement ({why})",
                c.name
            ));
            continue;
        }
        if c.compare != meta.compare_mode() || c.limits != meta.limits() {
            notes.push(format!(
                "case `{}` has a compare mode or limits of its own; the package judges it as \
                 the problem's",
                c.name
            ));
        }
        let (group, rel) = match c.name.split_once('.') {
            Some((g @ ("sample" | "secret"), rest)) => (g, rest.replace('.', "/")),
            _ if c.source == Some(Source::Sample) => ("sample", c.name.clone()),
            _ => ("secret", c.name.clone()),
        };
        let rel = Path::new("data").join(group).join(rel);
        out.push(Exported {
            case: c.clone(),
            rel,
        });
    }
    out.sort_by(|a, b| a.rel.cmp(&b.rel));
    out
}

/// Everything the package of `problem` holds, with `cases` (from [`cases_of`]) as its data.
///
/// Kattis files a rejected submission under a category and wants the verdict it gets *first*,
/// on the cases in their order, to be that category's: `firsts` says what each wrong solution
/// gets first, and it goes where that verdict belongs (a note says so when that is not where
/// its expected verdict would put it); one that no case rejects is left out. A wrong solution
/// missing from `firsts` goes under its expected verdict's category.
pub fn package(
    problem: &Problem,
    cases: &[Exported],
    kinds: &FileKinds,
    firsts: &FirstRejections,
    notes: Vec<String>,
) -> Result<Package> {
    let mut pkg = Package {
        notes,
        ..Package::default()
    };
    let mut record = Record::default();
    let (validation, flags) = output_validation(&mut pkg, &mut record, problem)?;
    let validator = problem.validator_path();
    if validator.is_file() {
        let program = ProgramOut {
            source: &validator,
            dir: "input_validators/validate",
            convention: problem.meta.validator_convention,
            run: VALIDATOR_RUN,
        };
        program_dir(&mut pkg, &mut record, problem, &program)?;
    } else {
        pkg.notes.push(
            "no validator: the package has no input validator (problemtools wants one)".into(),
        );
    }
    for e in cases {
        for (ext, data) in [("in", &e.case.input), ("ans", &e.case.expected)] {
            pkg.files.push(Out {
                rel: PathBuf::from(format!("{}.{ext}", e.rel.display())),
                data: content(data),
                executable: false,
            });
        }
    }
    submissions(&mut pkg, &mut record, problem, kinds, firsts);
    pkg.text("problem.yaml", problem_yaml(problem, validation, &flags));
    let seconds = problem.meta.time_limit_ms as f64 / 1000.0;
    pkg.text(".timelimit", format!("{seconds}\n"));
    // The README itself, or a symlink that stays in the problem's folder.
    let readme = Confined::new(&problem.dir)?
        .file(&problem.dir.join("README.md"))
        .context("the problem's README.md: nothing was written")?;
    let readme = std::fs::read_to_string(&readme)
        .with_context(|| format!("cannot read {}", problem.dir.join("README.md").display()))?;
    pkg.text(
        "problem_statement/problem.en.tex",
        statement(problem, &readme),
    );
    pkg.text(EXPECTATIONS, record.toml());
    Ok(pkg)
}

/// What `runner.toml` keeps for `runner import`: the exact verdicts and the programs' sources
/// and conventions, where the package's own files say less.
#[derive(Default)]
struct Record {
    /// `compare = "lines"`, which the default validator's flags cannot say.
    compare: Option<&'static str>,
    /// Submission path → verdict, sorted: the same package whatever order the wrong solutions
    /// were listed in.
    expect: std::collections::BTreeMap<String, Verdicts>,
    programs: String,
}

impl Record {
    fn toml(&self) -> String {
        format!(
            "# Written by `runner export --kattis`, read by `runner import`: the verdict each \
             rejected submission\n# gets from the runner (Kattis' categories say less), and \
             each program's source and convention.\n{}[expect]\n{}{}",
            self.compare
                .map(|c| format!("compare = \"{c}\"\n"))
                .unwrap_or_default(),
            self.expect
                .iter()
                .map(|(rel, v)| format!("{} = {}\n", yaml_str(rel), v.toml()))
                .collect::<String>(),
            self.programs
        )
    }
}

/// The output validator (the checker, or the interactor) and `validation`, or the default
/// validator's flags.
fn output_validation(
    pkg: &mut Package,
    record: &mut Record,
    problem: &Problem,
) -> Result<(&'static str, String)> {
    let meta = &problem.meta;
    if meta.multi_pass {
        bail!(
            "{}: a multi-pass problem: the legacy Kattis format that the export writes has no \
             multi-pass problems (problemtools judges none); nothing was written",
            problem.slug
        );
    }
    let flags = match meta.compare_mode() {
        CompareMode::Lines | CompareMode::Exact => "case_sensitive space_change_sensitive".into(),
        CompareMode::Tokens => "case_sensitive".to_string(),
        CompareMode::Kattis(f) => f.words(),
        CompareMode::Float(t) => {
            let mut f = vec!["case_sensitive".to_string()];
            if t.abs > 0.0 {
                f.push(format!("float_absolute_tolerance {:e}", t.abs));
            }
            if t.rel > 0.0 {
                f.push(format!("float_relative_tolerance {:e}", t.rel));
            }
            f.join(" ")
        }
        CompareMode::Checker => {
            let program = ProgramOut {
                source: &problem.checker_path(),
                dir: "output_validators/checker",
                convention: meta.checker_convention,
                run: CHECKER_RUN,
            };
            program_dir(pkg, record, problem, &program)?;
            return Ok(("custom", meta.output_validator_args.join(" ")));
        }
        CompareMode::Interactor => {
            let program = ProgramOut {
                source: &problem.interactor_path(),
                dir: "output_validators/interactor",
                convention: meta.interactor_convention,
                run: INTERACTOR_RUN,
            };
            program_dir(pkg, record, problem, &program)?;
            if !problem.tool_files("checker").is_empty() {
                pkg.notes.push(
                    "the checker run after the interactor is left out: a Kattis interactive \
                     problem is judged by its validator alone"
                        .into(),
                );
            }
            return Ok(("custom interactive", meta.output_validator_args.join(" ")));
        }
    };
    if meta.compare == CompareMode::Lines {
        record.compare = Some("lines");
        pkg.notes.push(
            "compare = \"lines\" ignores spaces at the end of a line and blank lines at the end; \
             the default validator's space_change_sensitive does not"
                .into(),
        );
    }
    Ok(("default", flags))
}

/// The Kattis category of a wrong solution's verdict `v`; `None`: none fits.
fn category(v: Verdict, compare: CompareMode) -> Option<&'static str> {
    let strict = match compare {
        CompareMode::Lines
        | CompareMode::Exact
        | CompareMode::Checker
        | CompareMode::Interactor => true,
        CompareMode::Kattis(f) => f.space_change_sensitive,
        CompareMode::Tokens | CompareMode::Float(_) => false,
    };
    match v {
        Verdict::WrongAnswer => Some("wrong_answer"),
        Verdict::PresentationError if strict => Some("wrong_answer"),
        Verdict::TimeLimitExceeded | Verdict::IdlenessLimitExceeded => Some("time_limit_exceeded"),
        Verdict::RuntimeError | Verdict::MemoryLimitExceeded => Some("run_time_error"),
        _ => None,
    }
}

/// Where a wrong solution goes: its category, or why it is left out; and a note when the
/// category is not its expected verdict's.
fn placed(
    w: &Wrong,
    compare: CompareMode,
    firsts: &FirstRejections,
) -> (Result<&'static str, String>, Option<String>) {
    let name = w.source.file_name().unwrap_or_default().to_string_lossy();
    let (v, case) = match firsts.get(&w.source) {
        None => match w.expect.required.iter().next() {
            Some(v) => (v, None),
            None => {
                return (
                    Err(format!(
                        "wrong/{name} left out: it requires no rejection (allow = {})",
                        w.expect.permitted.unwrap_or_default()
                    )),
                    None,
                )
            }
        },
        Some(None) => {
            return (
                Err(format!(
                    "wrong/{name} left out: every case of the package accepts it (what catches it \
                     is outside the statement)"
                )),
                None,
            )
        }
        Some(Some((v, case))) => (*v, Some(case)),
    };
    let Some(dir) = category(v, compare) else {
        return (
            Err(format!(
                "wrong/{name} left out: it gets {v} first, which a Kattis package has no \
                 category for"
            )),
            None,
        );
    };
    let note = match case {
        Some(case)
            if !w
                .expect
                .required
                .iter()
                .any(|e| category(e, compare) == Some(dir)) =>
        {
            Some(format!(
                "wrong/{name} expects {}, but on the package's cases in their order it gets {v} \
             first (case `{case}`): filed under {dir}",
                w.expect
            ))
        }
        _ => None,
    };
    (Ok(dir), note)
}

/// `submissions/`: the solutions as accepted, the wrong solutions by their Kattis category (see
/// [`package`]), each one's exact verdict in `record`.
fn submissions(
    pkg: &mut Package,
    record: &mut Record,
    problem: &Problem,
    kinds: &FileKinds,
    firsts: &FirstRejections,
) {
    let mut names: Vec<PathBuf> = Vec::new();
    let mut submit = |pkg: &mut Package, dir: &str, source: &Path| -> String {
        let name = source.file_name().expect("a file").to_string_lossy();
        let stem = source.file_stem().expect("a file").to_string_lossy();
        let ext = source
            .extension()
            .map(|e| e.to_string_lossy())
            .unwrap_or_default();
        let at = |n: &str| Path::new("submissions").join(dir).join(n);
        // A program folder with its own scripts goes as the folder `X/` it came from.
        let scripted = ext == "build";
        let named = |i: usize| match (i, scripted) {
            (1, false) => at(&name),
            (1, true) => at(&stem),
            (i, false) => at(&format!("{stem}-{i}.{ext}")),
            (i, true) => at(&format!("{stem}-{i}")),
        };
        let rel = (1..)
            .map(named)
            .find(|rel| !names.contains(rel))
            .expect("a free name");
        names.push(rel.clone());
        if scripted {
            scripted_dir(pkg, source, &rel);
        } else {
            pkg.copy(&rel, source);
        }
        rel.display().to_string()
    };
    for s in problem.solutions.iter().filter(|s| kinds.is_source(s)) {
        submit(pkg, "accepted", s);
    }
    if problem.solutions.is_empty() {
        pkg.notes
            .push("no solution: the package has no accepted submission".into());
    }
    for w in &problem.wrong {
        let (dir, note) = placed(w, problem.meta.compare_mode(), firsts);
        pkg.notes.extend(note);
        match dir {
            Ok(dir) => {
                let rel = submit(pkg, dir, &w.source);
                record.expect.insert(rel, w.expect.required);
            }
            Err(why) => pkg.notes.push(why),
        }
    }
}

fn problem_yaml(problem: &Problem, validation: &str, flags: &str) -> String {
    let meta = &problem.meta;
    let source = match (meta.judge.as_str(), &meta.id) {
        ("local", _) => "this repository's problems".to_string(),
        (j, Some(id)) => format!("{j} {id}"),
        (j, None) => j.to_string(),
    };
    let mut y = format!(
        "# Written by `runner export --kattis` from problems/{slug}/.\n\
         name: {name}\n\
         uuid: {uuid}\n\
         source: {source}\n\
         license: unknown\n\
         validation: {validation}\n",
        slug = problem.slug,
        name = yaml_str(&meta.title),
        uuid = uuid(&problem.slug),
        source = yaml_str(&source),
    );
    if !flags.is_empty() {
        let _ = writeln!(y, "validator_flags: {flags}");
    }
    if let Some(url) = &meta.url {
        let _ = writeln!(y, "source_url: {}", yaml_str(url));
    }
    let _ = writeln!(
        y,
        "limits:\n  memory: {}",
        meta.memory_limit_kib.div_ceil(1024)
    );
    if let Some(o) = meta.output_limit_kib {
        let _ = writeln!(y, "  output: {}", o.div_ceil(1024).max(1));
    }
    y
}

/// The statement: the title, a link to the judge's statement, and the README as text (its
/// Markdown is not turned into LaTeX).
fn statement(problem: &Problem, readme: &str) -> String {
    let mut t = format!(
        "% Written by `runner export --kattis` from problems/{}/README.md.\n\\problemname{{{}}}\n\n",
        problem.slug,
        latex_text(&problem.meta.title)
    );
    if let Some(url) = &problem.meta.url {
        let _ = writeln!(t, "The statement: \\url{{{}}}\n", latex_text(url));
    }
    // The README's own title would be a second one.
    let body = match readme.split_once('\n') {
        Some((first, rest)) if first.starts_with("# ") => rest,
        _ => readme,
    };
    let body = body
        .trim_matches('\n')
        .replace("\\end{verbatim}", "\\end {verbatim}");
    let _ = write!(t, "\\begin{{verbatim}}\n{body}\n\\end{{verbatim}}\n");
    t
}

/// `s` with LaTeX's special characters escaped.
fn latex_text(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            '#' | '$' | '%' | '&' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// The build script of a program of ours, by its language; `None` when it has none.
fn build_script(ext: &str, name: &str) -> Option<String> {
    let cmd = match ext {
        "rs" => format!("rustc --edition 2021 -O {name}.rs -o {name}_bin"),
        "cpp" | "cc" | "cxx" => {
            format!("g++ -O2 -std=c++17 -I. -x c++ {name}.{ext} -o {name}_bin")
        }
        "c" => format!("gcc -O2 -std=gnu11 -I. {name}.c -o {name}_bin -lm"),
        "py" => "true".into(),
        _ => return None,
    };
    Some(format!(
        "#!/bin/sh\n# Written by `runner export`: builds {name}.{ext}.\nset -e\ncd \"$(dirname \"$0\")\"\n{cmd}\n"
    ))
}

/// The command a `run` script starts a program of ours with.
fn run_command(ext: &str, name: &str) -> String {
    match ext {
        "py" => format!("python3 \"$dir/{name}.py\""),
        _ => format!("\"$dir/{name}_bin\""),
    }
}

/// The `run` adapter of a testlib checker: Kattis calls `run input answer feedback_dir <
/// output`; the checker wants `checker input output answer` and answers 0 AC, 1 WA, 2 PE.
const CHECKER_RUN: &str = "#!/bin/sh\n# Written by `runner export`: calls a testlib-style checker (checker INPUT OUTPUT ANSWER,\n# exit 0 AC, 1 WA, 2 PE) as a Kattis output validator (INPUT ANSWER FEEDBACK_DIR < OUTPUT, exit 42/43).\ndir=$(dirname \"$0\")\nout=\"$3/team_output\"\ncat > \"$out\"\n@CMD@ \"$1\" \"$out\" \"$2\" 2> \"$3/judgemessage.txt\"\ncase $? in\n  0) exit 42 ;;\n  1|2) exit 43 ;;\nesac\nexit 1\n";

/// The `run` adapter of a testlib interactor: Kattis calls `run input answer feedback_dir` with
/// the submission on stdin and stdout; the interactor wants `interactor input output answer`.
const INTERACTOR_RUN: &str = "#!/bin/sh\n# Written by `runner export`: calls a testlib-style interactor (interactor INPUT OUTPUT ANSWER,\n# exit 0 AC, 1 WA, 2 PE) as a Kattis interactive output validator (INPUT ANSWER FEEDBACK_DIR, exit 42/43).\ndir=$(dirname \"$0\")\n@CMD@ \"$1\" \"$3/interactor_output\" \"$2\" 2> \"$3/judgemessage.txt\"\ncase $? in\n  0) exit 42 ;;\n  1|2) exit 43 ;;\nesac\nexit 1\n";

/// The `run` adapter of a validator of ours: exit 0 valid becomes 42, anything else 43.
const VALIDATOR_RUN: &str = "#!/bin/sh\n# Written by `runner export`: the validator exits 0 for a valid input; Kattis wants 42 (43: invalid).\ndir=$(dirname \"$0\")\nif @CMD@; then exit 42; fi\nexit 43\n";

/// The attribute by which a program of ours takes in a module of `problems/_shared/`.
const SHARED_PATH: &str = "#[path = \"../_shared/";

/// A program of the problem going into the package.
struct ProgramOut<'a> {
    source: &'a Path,
    /// Its folder in the package.
    dir: &'a str,
    convention: Convention,
    /// The run adapter for testlib's convention (`@CMD@`: the command that starts it).
    run: &'a str,
}

/// A program of the problem (its checker, interactor or validator) as a package program in its
/// folder: as it is when it follows Kattis' convention already, else with a build script and a
/// run adapter; the headers beside it and the shared modules it takes in come along, and
/// `record` keeps its source and convention.
fn program_dir(
    pkg: &mut Package,
    record: &mut Record,
    problem: &Problem,
    p: &ProgramOut,
) -> Result<()> {
    let source = p.source;
    let ext = source
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_default();
    if ext == "build" {
        scripted_dir(pkg, source, Path::new(p.dir));
        return Ok(());
    }
    let name = source
        .file_stem()
        .expect("a file")
        .to_string_lossy()
        .into_owned();
    let text =
        std::fs::read(source).with_context(|| format!("cannot read {}", source.display()))?;
    let shared_dir = problem
        .dir
        .parent()
        .expect("problems/")
        .join(judging::SHARED);
    let dir = Path::new(p.dir);
    let (text, shared) = take_in_shared(pkg, text, &shared_dir, dir)?;
    pkg.files.push(Out {
        rel: dir.join(format!("{name}.{ext}")),
        data: Data::Bytes(text),
        executable: false,
    });
    for h in problem
        .folder
        .files()
        .filter(|f| super::package::is_header(f))
    {
        pkg.copy(dir.join(h.file_name().expect("a file")), h);
    }
    let convention = match p.convention {
        Convention::Testlib => "testlib",
        Convention::Kattis => "kattis",
    };
    let shared: Vec<String> = shared.iter().map(|s| yaml_str(s)).collect();
    let _ = write!(
        record.programs,
        "\n[program.{}]\nsource = {}\nconvention = \"{convention}\"\nshared = [{}]\n",
        yaml_str(p.dir),
        yaml_str(&format!("{name}.{ext}")),
        shared.join(", ")
    );
    if p.convention == Convention::Kattis {
        return Ok(());
    }
    let Some(build) = build_script(&ext, &name) else {
        bail!("{}: no build script for .{ext} programs", source.display());
    };
    pkg.script(dir.join("build"), build);
    let adapter = p.run.replace("@CMD@", &run_command(&ext, &name));
    pkg.script(dir.join("run"), adapter);
    Ok(())
}

/// A program folder with its own scripts (`X.build` and `X/`, as `runner import` brought it) as
/// it was in its package: `build` and every file of `X/` in `dir`, the scripts executable. No
/// record: imported again, it is read as any package's program folder.
fn scripted_dir(pkg: &mut Package, source: &Path, dir: &Path) {
    pkg.files.push(Out {
        rel: dir.join("build"),
        data: Data::File(source.to_path_buf()),
        executable: true,
    });
    let folder = source.with_extension("");
    for f in walk_files(&folder) {
        let rel = f.strip_prefix(&folder).expect("under the folder");
        pkg.files.push(Out {
            rel: dir.join(rel),
            data: Data::File(f.clone()),
            executable: rel == Path::new("run"),
        });
    }
}

/// Every regular file under `dir`, sorted (links not followed).
fn walk_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .map(|rd| rd.flatten().collect())
        .unwrap_or_default();
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        match e.file_type() {
            Ok(t) if t.is_dir() => out.extend(walk_files(&e.path())),
            Ok(t) if t.is_file() => out.push(e.path()),
            _ => {}
        }
    }
    out
}

/// `text` with each `#[path = "../_shared/X"]` made `#[path = "X"]`, X copied into `dir`; and
/// the names X.
fn take_in_shared(
    pkg: &mut Package,
    text: Vec<u8>,
    shared: &Path,
    dir: &Path,
) -> Result<(Vec<u8>, Vec<String>)> {
    let Ok(s) = String::from_utf8(text.clone()) else {
        return Ok((text, Vec::new()));
    };
    let mut names = Vec::new();
    for piece in s.split(SHARED_PATH).skip(1) {
        let file = piece.split('"').next().unwrap_or_default();
        let from = shared.join(file);
        if file.contains('/') || !from.is_file() {
            bail!(
                "{}: a shared module the export cannot take along",
                from.display()
            );
        }
        if !names.iter().any(|n| n == file) {
            pkg.copy(dir.join(file), &from);
            names.push(file.to_string());
        }
    }
    if names.is_empty() {
        return Ok((text, names));
    }
    Ok((s.replace(SHARED_PATH, "#[path = \"").into_bytes(), names))
}

/// Writes `pkg` into `dir` (which must not exist, or be empty): all of it, or nothing. Each
/// file copied from the workspace must be a regular file inside one of `roots` (the problem's
/// folders), symlinks resolved: nothing else of the machine goes into a package.
pub fn write(dir: &Path, pkg: &Package, roots: &[Confined]) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    for f in &pkg.files {
        if let Data::File(p) = &f.data {
            if !roots.iter().any(|r| r.file(p).is_ok()) {
                let real = p.canonicalize().unwrap_or_else(|_| p.clone());
                bail!(
                    "{} (for {}) resolves to {}, outside the problem's folders, or is not a \
                     regular file: refused; nothing was written",
                    p.display(),
                    f.rel.display(),
                    real.display()
                );
            }
        }
    }
    if dir.exists() && std::fs::read_dir(dir)?.next().is_some() {
        bail!(
            "{} exists and is not empty: nothing was written",
            dir.display()
        );
    }
    let existed = dir.exists();
    let result = (|| -> Result<()> {
        for f in &pkg.files {
            let path = dir.join(&f.rel);
            let parent = path.parent().expect("a folder");
            std::fs::create_dir_all(parent)
                .with_context(|| format!("cannot create {}", parent.display()))?;
            std::fs::write(&path, f.data.read()?)
                .with_context(|| format!("cannot write {}", path.display()))?;
            if f.executable {
                std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))?;
            }
        }
        Ok(())
    })();
    if let Err(e) = result {
        // The folder was empty or absent: what is in it now is ours.
        if existed {
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let _ = std::fs::remove_dir_all(entry.path())
                    .or_else(|_| std::fs::remove_file(entry.path()));
            }
        } else {
            let _ = std::fs::remove_dir_all(dir);
        }
        return Err(e.context("nothing was written"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuids_are_stable_and_well_formed() {
        let u = uuid("nim");
        assert_eq!(u, uuid("nim"));
        assert_ne!(u, uuid("nim-move"));
        let parts: Vec<usize> = u.split('-').map(str::len).collect();
        assert_eq!(parts, [8, 4, 4, 4, 12]);
    }

    #[test]
    fn verdicts_go_to_kattis_categories() {
        let lines = CompareMode::Lines;
        assert_eq!(
            category(Verdict::PresentationError, lines),
            Some("wrong_answer")
        );
        assert_eq!(
            category(Verdict::PresentationError, CompareMode::Tokens),
            None
        );
        assert_eq!(
            category(Verdict::IdlenessLimitExceeded, lines),
            Some("time_limit_exceeded")
        );
        assert_eq!(
            category(Verdict::MemoryLimitExceeded, lines),
            Some("run_time_error")
        );
        assert_eq!(category(Verdict::CompileError, lines), None);
    }

    #[test]
    fn shared_modules_come_along_beside_the_program() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("validate_input.rs"), "pub fn f() {}\n").unwrap();
        let mut pkg = Package::default();
        let text = b"#[path = \"../_shared/validate_input.rs\"]\nmod validate_input;\n".to_vec();
        let (out, names) = take_in_shared(&mut pkg, text, dir.path(), Path::new("v")).unwrap();
        assert_eq!(names, ["validate_input.rs"]);
        assert_eq!(
            out,
            b"#[path = \"validate_input.rs\"]\nmod validate_input;\n"
        );
        assert_eq!(pkg.files.len(), 1);
        assert_eq!(pkg.files[0].rel, Path::new("v/validate_input.rs"));
    }
}
