//! A Polygon package (problem.xml) as a [`Draft`]:
//!
//! | package | runner |
//! |---|---|
//! | `<names>` (English first) | `title` |
//! | the testset's `time-limit` (ms), `memory-limit` (bytes) | `time_limit_ms`, `memory_limit_kib` |
//! | `tests/NN` and `tests/NN.a` (the patterns of problem.xml) | cases `tests.NN` (`sample = "true"`: `source = "sample"`, else `reference`) |
//! | a `method="generated"` test whose file is missing | its `cmd` run: the generator built from the package's source, the answer from the `main` solution (built as its language says), its note saying so |
//! | the testlib checker (`<checker type="testlib">`) with `testlib.h` | `checker.cpp` + `testlib.h`, `compare = "checker"` |
//! | the first testlib validator | `validate.cpp` + `testlib.h` (exit 0: valid, the runner's convention) |
//! | solutions tagged `main`, `accepted` | `solutions/<slug>/<name>/<slug>.<ext>`, `<ext>` that of the judges.toml profile of its language id (`LANGUAGES`; judge `Polygon`) |
//! | `wrong-answer`, `presentation-error`, `time-limit-exceeded`, `memory-limit-exceeded`, `failed` | `wrong/`, expecting WA, PE, TLE, MLE, RE |
//! | `statements/<language>/` | `statement/` |

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use super::confine::Confined;
use super::draft::{case_name, slugify, Case, Data, Draft, File, Meta, Wrong};
use super::package::{self, Package};
use super::tools::{PackageTools, Programs};
use judging::ranges;
use judging::{Expect, Verdict, Verdicts};

fn child<'a, 'i>(n: roxmltree::Node<'a, 'i>, tag: &str) -> Option<roxmltree::Node<'a, 'i>> {
    n.children().find(|c| c.has_tag_name(tag))
}

fn children<'a, 'i>(
    n: roxmltree::Node<'a, 'i>,
    tag: &'a str,
) -> impl Iterator<Item = roxmltree::Node<'a, 'i>> + 'a {
    n.children().filter(move |c| c.has_tag_name(tag))
}

fn text_of(n: Option<roxmltree::Node>) -> Option<String> {
    n.and_then(|n| n.text()).map(|t| t.trim().to_string())
}

/// `pattern` (`tests/%02d`) for test `i`.
fn path_of(pattern: &str, i: usize) -> String {
    let Some(at) = pattern.find('%') else {
        return pattern.to_string();
    };
    let rest = &pattern[at + 1..];
    let end = rest.find('d').unwrap_or(rest.len());
    let spec = &rest[..end];
    let width: usize = spec.trim_start_matches('0').parse().unwrap_or(0);
    let number = if spec.starts_with('0') {
        format!("{i:0width$}")
    } else {
        format!("{i:width$}")
    };
    format!(
        "{}{number}{}",
        &pattern[..at],
        &rest[(end + 1).min(rest.len())..]
    )
}

/// The number `<tag>` of `node` holds, times `scale`, in `range`; `None`: no such tag.
fn number(
    node: roxmltree::Node,
    tag: &str,
    scale: f64,
    range: &std::ops::RangeInclusive<u64>,
    unit: &str,
) -> Result<Option<u64>> {
    let Some(t) = text_of(child(node, tag)) else {
        return Ok(None);
    };
    let field = format!("<{tag}>");
    let v: f64 = t
        .parse()
        .map_err(|_| anyhow::anyhow!("{field} `{t}`: not a number"))?;
    ranges::scaled(&field, v, scale, range, unit)
        .map(Some)
        .map_err(anyhow::Error::msg)
}

/// What is read of a package: where it is, what it is called, and what is found so far.
struct Reading<'a, 'x> {
    root: &'a Path,
    /// The package's root, which no path problem.xml names may leave.
    confined: &'a Confined,
    xml_path: &'a Path,
    problem: roxmltree::Node<'x, 'x>,
    slug: String,
    /// `problems/<slug>`.
    dir: PathBuf,
    files: Vec<File>,
    notes: Vec<String>,
}

/// The testset judged (`tests`, else the first) and what problem.xml says of it.
struct Testset<'x> {
    node: roxmltree::Node<'x, 'x>,
    name: String,
    time_limit_ms: u64,
    memory_kib: u64,
    input_pattern: String,
    answer_pattern: String,
}

/// The judge of judges.toml whose languages stand in for Polygon's language ids.
const POLYGON: &str = "Polygon";

/// Polygon's language ids (`<source type="…">`: Codeforces' compilers) and the extension a
/// solution in it is written with here: one of judges.toml's `Polygon` judge (32-bit where
/// Codeforces' compiler is, 64-bit where its id says `64`), or of `local` (Java, Python, PyPy,
/// Rust: this machine's).
const LANGUAGES: &[(&str, &str)] = &[
    ("cpp.g++", "cf32cpp98"),
    ("cpp.g++11", "cf32cpp11"),
    ("cpp.g++14", "cf32cpp14"),
    ("cpp.g++17", "cf32cpp17"),
    ("cpp.msys2-mingw64-9-g++17", "cf64cpp17"),
    ("cpp.g++20", "cf64cpp20"),
    ("cpp.gcc11-64-winlibs-g++20", "cf64cpp20"),
    ("cpp.gcc13-64-winlibs-g++20", "cf64cpp20"),
    ("cpp.gcc14-64-msys2-g++23", "cf64cpp23"),
    ("c.gcc", "cf32c11"),
    ("java8", "java"),
    ("java11", "java"),
    ("java17", "java"),
    ("java21", "java"),
    ("python.3", "py"),
    ("python.pypy3", "pypy"),
    ("python.pypy3-64", "pypy"),
    ("rust", "rs"),
    ("rust.2021", "rs"),
];

/// The extension a solution of Polygon language `id` is written with (`None`: not in
/// [`LANGUAGES`]).
fn language_ext(id: &str) -> Option<&'static str> {
    LANGUAGES.iter().find(|(i, _)| *i == id).map(|(_, e)| *e)
}

/// Reads the Polygon package `pkg` as a problem called `slug` (default: its short name).
pub fn read(pkg: &Package, tools: &PackageTools, slug: Option<&str>) -> Result<Draft> {
    let root = &pkg.root;
    let xml_path = root.join("problem.xml");
    let xml = std::fs::read_to_string(&xml_path)
        .with_context(|| format!("cannot read {}", xml_path.display()))?;
    let doc = roxmltree::Document::parse(&xml)
        .map_err(|e| anyhow::anyhow!("{}: not XML: {e}", xml_path.display()))?;
    let problem = doc.root_element();
    if !problem.has_tag_name("problem") {
        bail!("{}: the root element is not <problem>", xml_path.display());
    }
    let short = problem
        .attribute("short-name")
        .unwrap_or(&pkg.name)
        .to_string();
    let slug = match slug {
        Some(s) => s.to_string(),
        None => slugify(&short)
            .with_context(|| format!("`{short}` gives no slug: name one with --slug"))?,
    };
    let mut r = Reading {
        root,
        confined: &pkg.confined,
        xml_path: &xml_path,
        problem,
        dir: Path::new("problems").join(&slug),
        slug,
        files: Vec::new(),
        notes: Vec::new(),
    };
    let title = child(problem, "names")
        .and_then(|names| {
            let all: Vec<_> = children(names, "name").collect();
            all.iter()
                .find(|n| n.attribute("language") == Some("english"))
                .or(all.first())
                .and_then(|n| n.attribute("value"))
                .map(str::to_string)
        })
        .unwrap_or_else(|| short.clone());
    let testset = r.testset()?;
    let (wrong, main) = r.solutions(tools)?;
    let compare = r.checker_and_validator()?;
    let cases = r.tests(&testset, tools, main.as_ref())?;
    r.statements();
    let url = problem.attribute("url").map(str::to_string);
    let meta = Meta {
        title: title.clone(),
        judge: POLYGON.into(),
        id: None,
        url: url.clone(),
        time_limit_ms: testset.time_limit_ms,
        memory_limit_kib: testset.memory_kib,
        output_limit_kib: None,
        compare,
        comments: vec![format!(
            "From the Polygon package `{short}` (revision {}).",
            problem.attribute("revision").unwrap_or("?")
        )],
        ..Meta::default()
    };
    let readme = readme(&title, &short, url.as_deref(), &r.notes);
    Ok(Draft {
        slug: r.slug,
        meta,
        readme,
        cases,
        files: r.files,
        wrong,
        notes: r.notes,
    })
}

fn readme(title: &str, short: &str, url: Option<&str>, notes: &[String]) -> String {
    format!(
        "# {title}\n\nImported from the Polygon package `{short}`{}. The statement is in \
         `statement/`, as the package had it.\n\n{}",
        url.map(|u| format!(" (<{u}>)")).unwrap_or_default(),
        if notes.is_empty() {
            String::new()
        } else {
            format!(
                "What did not come along, or differs:\n\n{}",
                notes.iter().map(|n| format!("- {n}\n")).collect::<String>()
            )
        }
    )
}

impl<'x> Reading<'_, 'x> {
    /// The file `<source path="…">` of `n` names, inside the package.
    fn source_of(&self, n: roxmltree::Node) -> Result<Option<PathBuf>> {
        let Some(p) = child(n, "source").and_then(|s| s.attribute("path")) else {
            return Ok(None);
        };
        let what = format!("problem.xml <{} source path>", n.tag_name().name());
        self.confined.join(self.root, p, &what).map(Some)
    }

    fn assets(&self) -> Option<roxmltree::Node<'x, 'x>> {
        child(self.problem, "assets")
    }

    /// The testset judged; the input and output must be stdin and stdout.
    fn testset(&mut self) -> Result<Testset<'x>> {
        let xml_path = self.xml_path;
        let judging = child(self.problem, "judging")
            .with_context(|| format!("{}: no <judging>", xml_path.display()))?;
        for (attr, what) in [("input-file", "input"), ("output-file", "output")] {
            if let Some(f) = judging.attribute(attr).filter(|f| !f.is_empty()) {
                bail!(
                    "{}: the {what} is the file `{f}`: the runner gives programs stdin and stdout only",
                    xml_path.display()
                );
            }
        }
        let testsets: Vec<_> = children(judging, "testset").collect();
        let testset = *testsets
            .iter()
            .find(|t| t.attribute("name") == Some("tests"))
            .or(testsets.first())
            .with_context(|| format!("{}: no <testset>", xml_path.display()))?;
        let name = testset.attribute("name").unwrap_or("tests").to_string();
        for other in testsets
            .iter()
            .filter(|t| t.attribute("name") != Some(&name))
        {
            self.notes.push(format!(
                "testset `{}`: left out (the runner judges the `{name}` testset)",
                other.attribute("name").unwrap_or("?")
            ));
        }
        Ok(Testset {
            node: testset,
            time_limit_ms: number(testset, "time-limit", 1.0, &ranges::TIME_MS, "ms")
                .with_context(|| format!("{}", xml_path.display()))?
                .with_context(|| format!("{}: no <time-limit>", xml_path.display()))?,
            memory_kib: number(
                testset,
                "memory-limit",
                1.0 / 1024.0,
                &ranges::MEMORY_KIB,
                "bytes",
            )
            .with_context(|| format!("{}", xml_path.display()))?
            .unwrap_or(256 << 10),
            input_pattern: text_of(child(testset, "input-path-pattern"))
                .unwrap_or_else(|| "tests/%02d".into()),
            answer_pattern: text_of(child(testset, "answer-path-pattern"))
                .unwrap_or_else(|| "tests/%02d.a".into()),
            name,
        })
    }

    /// The solutions by their tags: main and accepted ones as solutions, the others as wrong
    /// solutions, each written with the extension of its Polygon language ([`LANGUAGES`]).
    /// Returns the wrong solutions and the main solution (its source and language).
    fn solutions(&mut self, tools: &PackageTools) -> Result<(Vec<Wrong>, Option<Main>)> {
        let mut main = None;
        let mut wrong: Vec<Wrong> = Vec::new();
        let Some(solutions) = self.assets().and_then(|a| child(a, "solutions")) else {
            return Ok((wrong, main));
        };
        for s in children(solutions, "solution") {
            let tag = s.attribute("tag").unwrap_or("");
            let Some(src) = self.source_of(s)? else {
                continue;
            };
            let shown = src
                .strip_prefix(self.root)
                .unwrap_or(&src)
                .display()
                .to_string();
            let program = match package::program(&src, &tools.session.kinds) {
                Ok(p) => p,
                Err(why) => {
                    self.notes
                        .push(format!("{shown} ({tag}): left out ({why})"));
                    continue;
                }
            };
            let language = child(s, "source").and_then(|n| n.attribute("type"));
            let ext = self.ext_of(tools, &shown, language, program.ext());
            let expect = match tag {
                "main" | "accepted" => None,
                _ => match tag_expect(tag) {
                    Some(e) => Some(e),
                    None => {
                        self.notes
                            .push(format!("{shown}: tagged `{tag}`, left out (not judged)"));
                        continue;
                    }
                },
            };
            let stem = src
                .file_stem()
                .expect("a file")
                .to_string_lossy()
                .into_owned();
            let Some(expect) = expect else {
                if tag == "main" {
                    main = Some(Main {
                        source: src.clone(),
                        ext: ext.clone(),
                        shown: shown.clone(),
                    });
                }
                let slug = &self.slug;
                self.files.push(File {
                    rel: Path::new("solutions")
                        .join(slug)
                        .join(case_name(&stem))
                        .join(format!("{slug}.{ext}")),
                    data: Data::File(src.clone()),
                });
                continue;
            };
            let taken: Vec<String> = wrong.iter().map(|w| w.file.clone()).collect();
            wrong.push(Wrong {
                file: package::unique_name(&format!("{stem}.{ext}"), &taken),
                data: Data::File(src.clone()),
                expect,
                why: format!(
                    "Polygon solution {shown} ({}), tagged {tag}",
                    language.unwrap_or("no language given")
                ),
                class: None,
            });
        }
        Ok((wrong, main))
    }

    /// The extension a solution (`shown`, in Polygon language `language`, its file's extension
    /// `own`) is written with: its language's in [`LANGUAGES`], else its own (noted).
    fn ext_of(
        &mut self,
        tools: &PackageTools,
        shown: &str,
        language: Option<&str>,
        own: String,
    ) -> String {
        let Some(id) = language else {
            return own;
        };
        match language_ext(id) {
            Some(ext) if tools.session.judges.get(POLYGON).is_some() || !ext.starts_with("cf") => {
                ext.to_string()
            }
            Some(_) => {
                self.notes.push(format!(
                    "{shown} ({id}): judges.toml has no `{POLYGON}` judge (the repository's \
                     has), so it is built by its extension .{own} under local, not as Codeforces \
                     builds {id}"
                ));
                own
            }
            None => {
                self.notes.push(format!(
                    "{shown}: Polygon language `{id}` is not in the runner's table \
                     (runner/src/import/polygon.rs): built by its extension .{own}"
                ));
                own
            }
        }
    }

    /// `program` as `problems/<slug>/NAME.<ext>`.
    fn add_as(&mut self, src: PathBuf, name: &str) {
        let ext = src
            .extension()
            .map(|e| e.to_string_lossy().into_owned())
            .unwrap_or_default();
        self.files.push(File {
            rel: self.dir.join(format!("{name}.{ext}")),
            data: Data::File(src),
        });
    }

    /// The testlib checker and the first validator, with the package's testlib.h beside them;
    /// the compare mode (`checker` when there is a checker).
    fn checker_and_validator(&mut self) -> Result<Option<String>> {
        let (root, xml_path) = (self.root, self.xml_path);
        let mut compare = None;
        let mut need_testlib = false;
        if let Some(checker) = self.assets().and_then(|a| child(a, "checker")) {
            let kind = checker.attribute("type").unwrap_or("testlib");
            if kind != "testlib" {
                bail!(
                    "{}: a checker of type `{kind}`: the runner calls testlib checkers",
                    xml_path.display()
                );
            }
            let src = self
                .source_of(checker)?
                .filter(|p| p.is_file())
                .or_else(|| Some(root.join("check.cpp")).filter(|p| p.is_file()))
                .with_context(|| {
                    format!("{}: the checker's source is missing", xml_path.display())
                })?;
            self.add_as(src, "checker");
            compare = Some("\"checker\"".to_string());
            need_testlib = true;
            if let Some(name) = checker.attribute("name") {
                self.notes.push(format!(
                    "the checker is the package's own source (Polygon calls it `{name}`)"
                ));
            }
        }
        let validators: Vec<_> = self
            .assets()
            .and_then(|a| child(a, "validators"))
            .map(|v| children(v, "validator").collect())
            .unwrap_or_default();
        if let Some(v) = validators.first() {
            if let Some(src) = self.source_of(*v)?.filter(|p| p.is_file()) {
                self.add_as(src, "validate");
                need_testlib = true;
            }
            if validators.len() > 1 {
                self.notes.push(format!(
                    "{} validators: the runner runs the first",
                    validators.len()
                ));
            }
        }
        if need_testlib {
            // testlib.h: the package's own, beside its checker, validator and generators.
            let t = [root.join("files/testlib.h"), root.join("testlib.h")]
                .into_iter()
                .find(|p| p.is_file())
                .with_context(|| {
                    format!(
                        "{}: no testlib.h in the package (files/testlib.h)",
                        root.display()
                    )
                })?;
            self.files.push(File {
                rel: self.dir.join("testlib.h"),
                data: Data::File(t),
            });
        }
        Ok(compare)
    }

    /// The testset's tests as cases: the package's files, or generated (the input by its
    /// generator, the answer by the main solution) where the package has none.
    fn tests(
        &mut self,
        set: &Testset,
        tools: &PackageTools,
        main: Option<&Main>,
    ) -> Result<Vec<Case>> {
        let root = self.root;
        let tests: Vec<_> = child(set.node, "tests")
            .map(|t| children(t, "test").collect())
            .unwrap_or_default();
        let mut generator = Generator::new(self.confined, tools, self.problem, main);
        let mut cases = Vec::new();
        let mut generated = 0;
        if tests.iter().any(|t| {
            t.attribute("points")
                .is_some_and(|p| p.parse::<f64>().is_ok_and(|p| p > 0.0))
        }) {
            self.notes
                .push("a problem with points: it comes in as pass/fail over all its tests".into());
        }
        for (i, t) in tests.iter().enumerate() {
            let n = i + 1;
            let input_rel = path_of(&set.input_pattern, n);
            let answer_rel = path_of(&set.answer_pattern, n);
            let c = self.confined;
            let input_path = c.join(root, &input_rel, "problem.xml <input-path-pattern>")?;
            let answer_path = c.join(root, &answer_rel, "problem.xml <answer-path-pattern>")?;
            let input = if input_path.is_file() {
                Data::File(input_path.clone())
            } else if t.attribute("method") == Some("generated") {
                let cmd = t.attribute("cmd").unwrap_or("");
                generated += 1;
                Data::Bytes(generator.input(cmd).with_context(|| {
                    format!(
                        "test {n} (`{cmd}`): {input_rel} is not in the package and cannot be generated"
                    )
                })?)
            } else {
                bail!(
                    "{}: test {n}'s input {input_rel} is missing",
                    root.display()
                );
            };
            let (output, answer) = if answer_path.is_file() {
                (
                    Data::File(answer_path),
                    format!("answer {answer_rel} from the package"),
                )
            } else {
                (
                    generator.answer_of(&input, n, &answer_rel)?,
                    generator.made_by(),
                )
            };
            let sample = t.attribute("sample") == Some("true");
            let group = t
                .attribute("group")
                .map(|g| format!(", group {g}"))
                .unwrap_or_default();
            cases.push(Case {
                name: format!("{}.{n:02}", case_name(&set.name)),
                source: if sample { "sample" } else { "reference" },
                note: Some(format!(
                    "Polygon {input_rel} ({}{group}); {answer}",
                    t.attribute("method").unwrap_or("manual")
                )),
                input,
                output,
                compare: None,
            });
        }
        if generated > 0 {
            self.notes.push(format!(
                "{generated} test(s) generated here by the package's generator, their answers by \
                 its main solution, as Polygon makes them"
            ));
        }
        Ok(cases)
    }

    /// The statements of one language (English first) as `statement/`.
    fn statements(&mut self) {
        let Some(d) = self.root.join("statements").read_dir().ok().and_then(|rd| {
            let mut v: Vec<PathBuf> = rd
                .flatten()
                .map(|e| e.path())
                .filter(|p| {
                    p.is_dir()
                        && !p
                            .file_name()
                            .is_some_and(|n| n.to_string_lossy().starts_with('.'))
                })
                .collect();
            v.sort();
            v.iter()
                .find(|p| p.ends_with("english"))
                .or(v.first())
                .cloned()
        }) else {
            return;
        };
        for f in package::entries(&d).into_iter().filter(|f| f.is_file()) {
            self.files.push(File {
                rel: self
                    .dir
                    .join("statement")
                    .join(f.file_name().expect("a file")),
                data: Data::File(f),
            });
        }
    }
}

/// The solution tagged `main`: its source, the extension of its language, its path in the
/// package.
struct Main {
    source: PathBuf,
    ext: String,
    shown: String,
}

/// Runs the package's generators and main solution, each built once, when tests are missing.
struct Generator<'a, 'x> {
    confined: &'a Confined,
    programs: Programs<'a, 'x>,
    problem: roxmltree::Node<'a, 'a>,
    main: Option<&'a Main>,
    /// Where the main solution is copied to with its language's extension.
    staging: Option<tempfile::TempDir>,
}

impl<'a, 'x> Generator<'a, 'x> {
    fn new(
        confined: &'a Confined,
        tools: &'a PackageTools<'x>,
        problem: roxmltree::Node<'a, 'a>,
        main: Option<&'a Main>,
    ) -> Self {
        Generator {
            confined,
            programs: Programs::new(tools),
            problem,
            main,
            staging: None,
        }
    }

    /// The source of the executable called `name` (`gen` for files/gen.cpp).
    fn executable(&self, name: &str) -> Result<Option<PathBuf>> {
        let Some(exes) = child(self.problem, "files").and_then(|f| child(f, "executables")) else {
            return Ok(None);
        };
        let root = self.confined.root();
        for p in children(exes, "executable")
            .filter_map(|e| child(e, "source").and_then(|s| s.attribute("path")))
        {
            let path = self
                .confined
                .join(root, p, "problem.xml <executable source path>")?;
            if path.file_stem().is_some_and(|s| s == name) {
                return Ok(Some(path));
            }
        }
        Ok(None)
    }

    fn input(&mut self, cmd: &str) -> Result<Vec<u8>> {
        let words: Vec<&str> = cmd.split_whitespace().collect();
        let Some((name, args)) = words.split_first() else {
            bail!("no generator command");
        };
        if args.iter().any(|a| a.starts_with('>') || a.contains('$')) {
            bail!("`{cmd}` writes files of its own: run the package's doall.sh, then import");
        }
        let source = self
            .executable(name)?
            .filter(|p| p.is_file())
            .with_context(|| format!("no source of the generator `{name}` in the package"))?;
        let mut program = self
            .programs
            .build(&format!("the generator {name}"), &source)?;
        program.argv.extend(args.iter().map(Into::into));
        self.programs
            .run(&program, b"", &format!("the generator `{cmd}`"))
    }

    /// The answer to `input`: the main solution's output, built as its Polygon language says
    /// (as Polygon makes answers).
    /// Test `n`'s answer, made from its `input` by the main solution (the package has no
    /// `answer_rel`).
    fn answer_of(&mut self, input: &Data, n: usize, answer_rel: &str) -> Result<Data> {
        let made = self
            .answer(input)
            .with_context(|| format!("test {n}: {answer_rel} is not in the package"))?;
        Ok(Data::Bytes(made))
    }

    /// The note of an answer [`Generator::answer_of`] made.
    fn made_by(&self) -> String {
        let by = self.main.map(|m| m.shown.as_str()).unwrap_or("?");
        format!("answer made at import by the main solution {by}, not in the package")
    }

    fn answer(&mut self, input: &Data) -> Result<Vec<u8>> {
        let main = self
            .main
            .context("no main solution to make the answer with")?;
        if self.staging.is_none() {
            self.staging = Some(
                tempfile::Builder::new()
                    .prefix("runner-import-polygon-")
                    .tempdir()?,
            );
        }
        let dir = self.staging.as_ref().expect("made above").path();
        let staged = dir.join(format!("main.{}", main.ext));
        if !staged.is_file() {
            std::fs::copy(&main.source, &staged)
                .with_context(|| format!("cannot copy {}", main.source.display()))?;
        }
        let what = format!("the main solution {}", main.shown);
        let program = self.programs.build_under(POLYGON, &what, &staged)?;
        let input = input.read()?;
        self.programs.run(&program, &input, &what)
    }
}

/// What a Polygon solution's tag says it must get: `rejected` any rejection, `…-or-accepted`
/// the verdict or AC on every case; `None` for a tag whose solution is not judged
/// (`do-not-run`) or unknown.
fn tag_expect(tag: &str) -> Option<Expect> {
    use Verdict::*;
    let some = |vs: &[Verdict]| Expect {
        required: Verdicts::of(vs),
        permitted: None,
    };
    let or_accepted = |v: Verdict| Expect {
        required: Verdicts::NONE,
        permitted: Some(Verdicts::of(&[Accepted, v])),
    };
    Some(match tag {
        "wrong-answer" => some(&[WrongAnswer]),
        "presentation-error" => some(&[PresentationError]),
        "time-limit-exceeded" => some(&[TimeLimitExceeded]),
        "memory-limit-exceeded" => some(&[MemoryLimitExceeded]),
        "failed" => some(&[RuntimeError]),
        "time-limit-exceeded-or-memory-limit-exceeded" => {
            some(&[TimeLimitExceeded, MemoryLimitExceeded])
        }
        "time-limit-exceeded-or-accepted" => or_accepted(TimeLimitExceeded),
        "memory-limit-exceeded-or-accepted" => or_accepted(MemoryLimitExceeded),
        "rejected" => Expect {
            required: Verdicts::REJECTIONS,
            permitted: None,
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_patterns_are_printf_ones() {
        assert_eq!(path_of("tests/%02d", 3), "tests/03");
        assert_eq!(path_of("tests/%02d.a", 12), "tests/12.a");
        assert_eq!(path_of("tests/%d", 7), "tests/7");
        assert_eq!(path_of("tests/%03d.in", 7), "tests/007.in");
    }

    #[test]
    fn polygon_tags_are_verdict_sets() {
        use Verdict::*;
        let shown = |tag: &str| tag_expect(tag).map(|e| e.to_string());
        assert_eq!(shown("wrong-answer").as_deref(), Some("WA"));
        assert_eq!(shown("failed").as_deref(), Some("RE"));
        assert_eq!(shown("rejected").as_deref(), Some("not AC"));
        assert_eq!(
            shown("time-limit-exceeded-or-memory-limit-exceeded").as_deref(),
            Some("TLE or MLE")
        );
        let slow = tag_expect("time-limit-exceeded-or-accepted").unwrap();
        assert!(slow.required.is_empty());
        assert!(slow.permits(Accepted) && slow.permits(TimeLimitExceeded));
        assert!(!slow.permits(WrongAnswer));
        assert_eq!(tag_expect("do-not-run"), None);
        assert_eq!(tag_expect("main"), None);
    }
}
