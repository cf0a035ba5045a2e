//! A problem of the workspace as a Kattis problem package in the legacy format, the one
//! problemtools' `verifyproblem` reads (`runner export <slug> --kattis DIR`):
//!
//! | runner | package |
//! |---|---|
//! | title, judge, id, url, memory limit | `problem.yaml` (`name`, `source`, `source_url`, `limits.memory` in MiB) |
//! | time limit | `.timelimit` (seconds; problemtools computes its own from the accepted submissions) |
//! | compare `lines` / `exact`, `tokens`, `float` | default validation with `case_sensitive space_change_sensitive`, `case_sensitive`, float tolerances |
//! | `checker.<ext>` (testlib order) | `output_validators/checker/`: the source, a `build` script and a `run` adapter (42 AC / 43 WA) |
//! | `validate.<ext>` (exit 0 valid) | `input_validators/validate/`: the source, `build`, and a `run` adapter (42 / 43) |
//! | a Kattis-convention checker or validator (an import) | the source and its headers, as they were |
//! | cases `source = "sample"` | `data/sample/NAME.in` / `.ans`; the others `data/secret/` (`secret.group.x` back to `group/x`) |
//! | solutions | `submissions/accepted/` |
//! | wrong solutions WA (and PE under a strict mode), TLE, RE and MLE | `wrong_answer/`, `time_limit_exceeded/`, `run_time_error/` |
//! | README.md | `problem_statement/problem.en.tex` (verbatim) |
//!
//! Left out, each with a note: cases marked `outside_statement` (every input of a package must
//! pass its validators), wrong solutions expecting CE or OLE, PE under a lenient mode.

use std::path::{Path, PathBuf};

use anyhow::{bail, Result};

use super::draft::Data;
use crate::compare::CompareMode;
use crate::fixture::{Case, Content, Source};
use crate::problem::{Convention, Problem};
use crate::verdict::Verdict;

/// A file of the package: its path in the package, its bytes, whether it is executable.
pub struct Out {
    pub rel: PathBuf,
    pub data: Data,
    pub executable: bool,
}

/// The package: its files, and what did not come along.
pub struct Package {
    pub files: Vec<Out>,
    pub notes: Vec<String>,
}

fn text(rel: impl Into<PathBuf>, s: String) -> Out {
    Out {
        rel: rel.into(),
        data: Data::Bytes(s.into_bytes()),
        executable: false,
    }
}

fn script(rel: impl Into<PathBuf>, s: &str) -> Out {
    Out {
        rel: rel.into(),
        data: Data::Bytes(s.as_bytes().to_vec()),
        executable: true,
    }
}

fn content(c: &Content) -> Data {
    match c {
        Content::Inline(b) => Data::Bytes(b.to_vec()),
        Content::File { path, .. } => Data::File(path.clone()),
    }
}

/// A YAML string.
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

/// The build script of a program of ours, by its language; `None` when it has none.
fn build_script(ext: &str, name: &str) -> Option<String> {
    let cmd = match ext {
        "rs" => format!("rustc --edition 2021 -O {name}.rs -o {name}_bin"),
        "cpp" | "cc" | "cxx" => format!("g++ -O2 -std=c++17 -I. -x c++ {name}.{ext} -o {name}_bin"),
        "c" => format!("gcc -O2 -std=gnu11 -I. {name}.c -o {name}_bin -lm"),
        _ => return None,
    };
    Some(format!(
        "#!/bin/sh\n# Written by `runner export`: builds {name}.{ext}.\nset -e\n{cmd}\n"
    ))
}

/// The command a `run` script starts a program of ours with.
fn run_command(ext: &str, name: &str) -> String {
    match ext {
        "py" => format!("python3 \"$dir/{name}.py\""),
        _ => format!("\"$dir/{name}_bin\""),
    }
}

/// Everything the package of `problem` holds.
pub fn package(
    problem: &Problem,
    cases: &[Case],
    kinds: &crate::workspace::FileKinds,
) -> Result<Package> {
    let mut files = Vec::new();
    let mut notes = Vec::new();
    let meta = &problem.meta;

    // Output validation.
    let (validation, flags) = match meta.compare {
        CompareMode::Lines | CompareMode::Exact => (
            "default",
            "case_sensitive space_change_sensitive".to_string(),
        ),
        CompareMode::Tokens => ("default", "case_sensitive".to_string()),
        CompareMode::Float(t) => {
            let mut f = vec!["case_sensitive".to_string()];
            if t.abs > 0.0 {
                f.push(format!("float_absolute_tolerance {:e}", t.abs));
            }
            if t.rel > 0.0 {
                f.push(format!("float_relative_tolerance {:e}", t.rel));
            }
            ("default", f.join(" "))
        }
        CompareMode::Checker | CompareMode::Interactor => ("custom", String::new()),
    };
    if validation == "custom" {
        let checker = problem.checker_path();
        files.extend(program_dir(
            problem,
            &checker,
            "output_validators/checker",
            "checker",
            meta.checker_convention,
            CHECKER_RUN,
        )?);
    }
    let validator = problem.validator_path();
    if validator.is_file() {
        files.extend(program_dir(
            problem,
            &validator,
            "input_validators/validate",
            "validate",
            meta.validator_convention,
            VALIDATOR_RUN,
        )?);
    } else {
        notes.push(
            "no validator: the package has no input validator (problemtools requires one)".into(),
        );
    }

    // Test data.
    for c in cases {
        if let Some(why) = &c.outside_statement {
            notes.push(format!(
                "case `{}` left out: outside the statement ({why})",
                c.name
            ));
            continue;
        }
        if c.compare != meta.compare {
            notes.push(format!(
                "case `{}` is judged by its own compare mode here; the package judges it as the problem's",
                c.name
            ));
        }
        let (group, rel) = match c.name.split_once('.') {
            Some((g @ ("sample" | "secret"), rest)) => (g, rest.replace('.', "/")),
            _ => (
                if c.source == Some(Source::Sample) {
                    "sample"
                } else {
                    "secret"
                },
                c.name.clone(),
            ),
        };
        let base = Path::new("data").join(group).join(rel);
        files.push(Out {
            rel: base.with_extension("in"),
            data: content(&c.input),
            executable: false,
        });
        files.push(Out {
            rel: base.with_extension("ans"),
            data: content(&c.expected),
            executable: false,
        });
    }

    // Submissions.
    let mut names: Vec<PathBuf> = Vec::new();
    let mut submit = |dir: &str, source: &Path, files: &mut Vec<Out>| {
        let name = source
            .file_name()
            .expect("a file")
            .to_string_lossy()
            .into_owned();
        let mut rel = Path::new("submissions").join(dir).join(&name);
        let mut i = 2;
        while names.contains(&rel) {
            let stem = source.file_stem().expect("a file").to_string_lossy();
            let ext = source
                .extension()
                .map(|e| e.to_string_lossy())
                .unwrap_or_default();
            rel = Path::new("submissions")
                .join(dir)
                .join(format!("{stem}-{i}.{ext}"));
            i += 1;
        }
        names.push(rel.clone());
        files.push(Out {
            rel,
            data: Data::File(source.to_path_buf()),
            executable: false,
        });
    };
    for s in &problem.solutions {
        if kinds.is_source(s) {
            submit("accepted", s, &mut files);
        }
    }
    if problem.solutions.is_empty() {
        notes.push("no solution: the package has no accepted submission".into());
    }
    let strict = matches!(
        meta.compare,
        CompareMode::Lines | CompareMode::Exact | CompareMode::Checker
    );
    for w in &problem.wrong {
        let dir = match w.expect {
            Verdict::WrongAnswer => "wrong_answer",
            Verdict::PresentationError if strict => "wrong_answer",
            Verdict::TimeLimitExceeded => "time_limit_exceeded",
            Verdict::RuntimeError | Verdict::MemoryLimitExceeded => "run_time_error",
            other => {
                notes.push(format!(
                    "wrong/{} left out: it expects {other}, which a Kattis package has no category for",
                    w.source.file_name().unwrap_or_default().to_string_lossy()
                ));
                continue;
            }
        };
        submit(dir, &w.source, &mut files);
    }

    // problem.yaml, .timelimit, the statement.
    let source = match (meta.judge.as_str(), &meta.id) {
        ("local", _) => "this repository".to_string(),
        (j, Some(id)) => format!("{j} {id}"),
        (j, None) => j.to_string(),
    };
    let mut yaml = format!(
        "# Written by `runner export --kattis` from problems/{slug}/.\nname: {name}\nuuid: {uuid}\nsource: {source}\n",
        slug = problem.slug,
        name = yaml_str(&meta.title),
        uuid = uuid(&problem.slug),
        source = yaml_str(&source),
    );
    if let Some(url) = &meta.url {
        yaml.push_str(&format!("source_url: {}\n", yaml_str(url)));
    }
    yaml.push_str("license: unknown\n");
    yaml.push_str(&format!("validation: {validation}\n"));
    if !flags.is_empty() {
        yaml.push_str(&format!("validator_flags: {flags}\n"));
    }
    yaml.push_str(&format!(
        "limits:\n  memory: {}\n",
        meta.memory_limit_kib.div_ceil(1024)
    ));
    if let Some(o) = meta.output_limit_kib {
        yaml.push_str(&format!("  output: {}\n", o.div_ceil(1024).max(1)));
    }
    files.push(text("problem.yaml", yaml));
    files.push(text(
        ".timelimit",
        format!("{}\n", meta.time_limit_ms as f64 / 1000.0),
    ));
    let readme = std::fs::read_to_string(problem.dir.join("README.md")).unwrap_or_default();
    if readme.contains("\\end{verbatim}") {
        bail!(
            "{}: README.md cannot go into a verbatim statement",
            problem.slug
        );
    }
    files.push(text(
        "problem_statement/problem.en.tex",
        format!(
            "\\problemname{{{}}}\n\n{}\\begin{{verbatim}}\n{readme}\n\\end{{verbatim}}\n",
            latex(&meta.title),
            meta.url
                .as_deref()
                .map(|u| format!("The statement: \\url{{{}}}\n\n", latex(u)))
                .unwrap_or_default(),
        ),
    ));
    Ok(Package { files, notes })
}

/// `s` with LaTeX's special characters escaped.
fn latex(s: &str) -> String {
    let mut t = String::new();
    for c in s.chars() {
        match c {
            '\\' => t.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                t.push('\\');
                t.push(c);
            }
            '~' => t.push_str("\\textasciitilde{}"),
            '^' => t.push_str("\\textasciicircum{}"),
            c => t.push(c),
        }
    }
    t
}

/// The `run` adapter of a testlib checker: Kattis calls `run input answer feedback_dir <
/// output`; the checker wants `checker input output answer` and answers 0 AC, 1 WA, 2 PE.
const CHECKER_RUN: &str = "#!/bin/sh\n# Written by `runner export`: calls a testlib-style checker (checker INPUT OUTPUT ANSWER,\n# exit 0 AC, 1 WA, 2 PE) as a Kattis output validator (INPUT ANSWER FEEDBACK_DIR < OUTPUT, exit 42/43).\ndir=$(dirname \"$0\")\nout=\"$3/team_output\"\ncat > \"$out\"\n@CMD@ \"$1\" \"$out\" \"$2\" 2> \"$3/judgemessage.txt\"\ncase $? in\n  0) exit 42 ;;\n  1|2) exit 43 ;;\nesac\nexit 1\n";

/// The `run` adapter of a validator of ours: exit 0 valid becomes 42, anything else 43.
const VALIDATOR_RUN: &str = "#!/bin/sh\n# Written by `runner export`: the validator exits 0 for a valid input; Kattis wants 42 (43: invalid).\ndir=$(dirname \"$0\")\nif @CMD@; then exit 42; fi\nexit 43\n";

/// A program of the problem (its checker or validator) as a package program: as it is when it
/// follows Kattis's convention already, else in a folder with a build script and a run adapter.
fn program_dir(
    problem: &Problem,
    source: &Path,
    dir: &str,
    name: &str,
    convention: Convention,
    run: &str,
) -> Result<Vec<Out>> {
    let ext = source
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut out = vec![Out {
        rel: Path::new(dir).join(format!("{name}.{ext}")),
        data: Data::File(source.to_path_buf()),
        executable: false,
    }];
    // The headers beside it come along (testlib.h, validate.h).
    for h in problem
        .folder
        .files()
        .filter(|f| super::package::is_header(f))
    {
        out.push(Out {
            rel: Path::new(dir).join(h.file_name().expect("a file")),
            data: Data::File(h.to_path_buf()),
            executable: false,
        });
    }
    if convention == Convention::Kattis {
        return Ok(out);
    }
    if ext != "py" {
        let Some(build) = build_script(&ext, name) else {
            bail!("{}: no build script for .{ext} programs", source.display());
        };
        out.push(script(Path::new(dir).join("build"), &build));
    } else {
        out.push(script(Path::new(dir).join("build"), "#!/bin/sh\ntrue\n"));
    }
    out.push(script(
        Path::new(dir).join("run"),
        &run.replace("@CMD@", &run_command(&ext, name)),
    ));
    Ok(out)
}

/// Writes `pkg` into `dir` (which must not exist, or be empty).
pub fn write(dir: &Path, pkg: &Package) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    if dir.exists() && std::fs::read_dir(dir)?.next().is_some() {
        bail!(
            "{} exists and is not empty: nothing was written",
            dir.display()
        );
    }
    for f in &pkg.files {
        let path = dir.join(&f.rel);
        std::fs::create_dir_all(path.parent().expect("a folder"))?;
        std::fs::write(&path, f.data.read()?)?;
        if f.executable {
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))?;
        }
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
    fn latex_specials_are_escaped() {
        assert_eq!(latex("a_b & 50%"), "a\\_b \\& 50\\%");
    }
}
