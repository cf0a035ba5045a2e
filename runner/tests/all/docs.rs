//! The README and the manual (`docs/`): every relative link resolves (the file, and for a
//! `#anchor` a heading of that file, by GitHub's anchor rules); every `runner …` or
//! `cargo run -p runner -- …` command their code blocks show names a subcommand that exists
//! (its `--help` exits 0) and options it has, or problems that exist; the README stays a
//! five-minute read; and `mdbook build docs` makes the site where mdbook is installed (CI
//! installs it and sets `RUNNER_NEEDS_MDBOOK=1`, which makes its absence a failure).

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{repo_root, text};

/// README.md, every page of docs/src/ and the benches' README.
fn documents() -> Vec<PathBuf> {
    let root = repo_root();
    let mut docs = vec![
        root.join("README.md"),
        root.join("runner/benches/README.md"),
    ];
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root.join("docs/src"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    assert!(pages.len() >= 10, "{pages:?}");
    docs.extend(pages);
    docs
}

/// Lines with their 1-based numbers.
type Numbered<'a> = Vec<(usize, &'a str)>;

/// The lines of `text` outside fenced code blocks, with their 1-based numbers; and the code
/// blocks' lines apart.
fn split_code(text: &str) -> (Numbered<'_>, Numbered<'_>) {
    let (mut prose, mut code) = (Vec::new(), Vec::new());
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if fenced {
            code.push((i + 1, line));
        } else {
            prose.push((i + 1, line));
        }
    }
    (prose, code)
}

/// `line` without its inline code spans.
fn without_code_spans(line: &str) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for c in line.chars() {
        if c == '`' {
            in_code = !in_code;
        } else if !in_code {
            out.push(c);
        }
    }
    out
}

/// GitHub's anchor of a heading: its text without inline markup, lowercased, every character
/// but letters, digits, `-`, `_` and spaces dropped, spaces made `-`.
fn anchor(heading: &str) -> String {
    let mut plain = heading.replace('`', "");
    // [text](url) keeps its text.
    while let (Some(a), Some(b)) = (plain.find("]("), plain.find('[')) {
        let Some(close) = plain[a..].find(')') else {
            break;
        };
        plain = format!(
            "{}{}{}",
            &plain[..b],
            &plain[b + 1..a],
            &plain[a + close + 1..]
        );
    }
    plain
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Every anchor of `path`'s headings, a repeated one with GitHub's `-1`, `-2` suffixes.
fn anchors(path: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(path).unwrap();
    let (prose, _) = split_code(&text);
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut out = BTreeSet::new();
    for (_, line) in prose {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
            let a = anchor(&line[hashes + 1..]);
            let n = seen.entry(a.clone()).or_insert(0);
            out.insert(if *n == 0 {
                a.clone()
            } else {
                format!("{a}-{n}")
            });
            *n += 1;
        }
    }
    out
}

/// The targets of the Markdown links `[…](target)` of `line` (outside code spans).
fn link_targets(line: &str) -> Vec<String> {
    let line = without_code_spans(line);
    let mut out = Vec::new();
    let mut rest = line.as_str();
    while let Some(i) = rest.find("](") {
        let after = &rest[i + 2..];
        let Some(end) = after.find(')') else { break };
        out.push(after[..end].trim().to_string());
        rest = &after[end..];
    }
    out
}

#[test]
fn every_relative_link_of_the_readme_and_the_manual_resolves() {
    let mut broken = Vec::new();
    let mut checked = 0;
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).unwrap();
        let (prose, _) = split_code(&text);
        for (n, line) in prose {
            for target in link_targets(line) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                checked += 1;
                let (file, frag) = match target.split_once('#') {
                    Some((f, a)) => (f, Some(a)),
                    None => (target.as_str(), None),
                };
                let path = if file.is_empty() {
                    doc.clone()
                } else {
                    doc.parent().unwrap().join(file)
                };
                let at = format!("{}:{n}: ({target})", doc.display());
                if !path.exists() {
                    broken.push(format!("{at}: no such file {}", path.display()));
                } else if let Some(frag) = frag {
                    if path.extension().is_none_or(|e| e != "md") {
                        broken.push(format!("{at}: an anchor into a file that is not Markdown"));
                    } else if !anchors(&path).contains(frag) {
                        broken.push(format!("{at}: no heading #{frag} in {}", path.display()));
                    }
                }
            }
        }
    }
    assert!(checked > 60, "only {checked} links: is the parser right?");
    assert!(
        broken.is_empty(),
        "{} broken:\n{}",
        broken.len(),
        broken.join("\n")
    );
}

#[test]
fn the_anchor_rules_are_githubs() {
    let args = |l: &str| runner_args(l).map(|a| a.join(" "));
    assert_eq!(
        args("cargo run -p runner -- verify --nope").as_deref(),
        Some("verify --nope")
    );
    assert_eq!(
        args("cargo run -p runner          # judge").as_deref(),
        Some("")
    );
    assert_eq!(
        args("$ runner submit x ~/g.cpp | tee y").as_deref(),
        Some("submit x ~/g.cpp")
    );
    assert_eq!(args("cargo run -q -p runner -- x"), None);
    assert_eq!(args("cargo test --workspace"), None);
    assert_eq!(
        anchor("Out again: `runner export <slug> --kattis DIR`"),
        "out-again-runner-export-slug---kattis-dir"
    );
    assert_eq!(anchor("The project's tests"), "the-projects-tests");
    assert_eq!(
        anchor("Re-runs: the verdict cache"),
        "re-runs-the-verdict-cache"
    );
    assert_eq!(anchor("`--watch`"), "--watch");
    assert_eq!(
        anchor("Mutants: how strong the fixtures are"),
        "mutants-how-strong-the-fixtures-are"
    );
    assert_eq!(
        link_targets("see [a](x.md#b) and `[c](d)` [e](f)"),
        ["x.md#b", "f"]
    );
}

/// The runner's help for `args` (`["--help"]`, `["submit", "--help"]`): its exit code and text.
fn help(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_runner"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// The subcommands `runner --help` lists.
fn subcommands() -> BTreeSet<String> {
    let (code, text) = help(&["--help"]);
    assert_eq!(code, Some(0));
    let mut names = BTreeSet::new();
    let mut listing = false;
    for line in text.lines() {
        if line.starts_with("Commands:") {
            listing = true;
        } else if listing && line.starts_with("  ") && !line.starts_with("   ") {
            names.insert(line.split_whitespace().next().unwrap().to_string());
        } else if listing && !line.starts_with(' ') {
            listing = false;
        }
    }
    assert!(
        names.contains("submit") && names.contains("init"),
        "{names:?}"
    );
    names
}

/// The options (taking a value) that may come before a subcommand.
const VALUED: [&str; 10] = [
    "--root",
    "-j",
    "--jobs",
    "--color",
    "--diff-lines",
    "--format",
    "--junit",
    "--html",
    "--partition",
    "--timings",
];

/// A command line of a code block: the runner's arguments, or `None` when it is no runner
/// command (`$ ` prompts, comments, pipes and `&&` chains cut off).
fn runner_args(line: &str) -> Option<Vec<String>> {
    let line = line.trim().trim_start_matches("$ ");
    let rest = if let Some(r) = line
        .strip_prefix("runner ")
        .or((line == "runner").then_some(""))
    {
        r
    } else if let Some(i) = line.find("cargo run -p runner") {
        // `cargo run -p runner -- ARGS`, or `cargo run -p runner` alone (a comment may follow).
        let r = line[i + "cargo run -p runner".len()..].trim_start();
        match r.strip_prefix("--") {
            Some(args) => args,
            None if r.is_empty() || r.starts_with('#') => "",
            None => return None,
        }
    } else {
        return None;
    };
    let rest = rest.split(" #").next().unwrap();
    let rest = rest
        .split(['|', ';'])
        .next()
        .unwrap()
        .split("&&")
        .next()
        .unwrap();
    Some(rest.split_whitespace().map(str::to_string).collect())
}

#[test]
fn every_runner_command_shown_exists_with_its_options() {
    let root = repo_root();
    let subs = subcommands();
    let (_, top) = help(&["--help"]);
    // The slugs a command may filter by: the repository's problems, and those the documents
    // make (`runner new twice`, or a problem `runner listen` brings in).
    let mut slugs: BTreeSet<String> = std::fs::read_dir(root.join("problems"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    let mut commands = Vec::new();
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).unwrap();
        let (_, code) = split_code(&text);
        for (n, line) in code {
            if let Some(args) = runner_args(line) {
                if args.first().is_some_and(|a| a == "new") {
                    slugs.extend(args.get(1).cloned());
                }
                commands.push((format!("{}:{n}", doc.display()), line.to_string(), args));
            }
        }
        for word in ["cf954g", "abc300-a"] {
            if text.contains(&format!("`{word}`")) {
                slugs.insert(word.to_string());
            }
        }
    }
    assert!(
        commands.len() >= 15,
        "only {} commands found",
        commands.len()
    );
    let mut wrong = Vec::new();
    let mut helps: HashMap<String, String> = HashMap::new();
    for (at, line, args) in &commands {
        let mut i = 0;
        let mut sub = None;
        while i < args.len() {
            let a = &args[i];
            if VALUED.contains(&a.as_str()) {
                i += 2;
                continue;
            }
            if !a.starts_with('-') {
                sub = Some(a.clone());
                break;
            }
            i += 1;
        }
        let own_help = match &sub {
            Some(s) if subs.contains(s) => {
                let (code, text) = help(&[s, "--help"]);
                if code != Some(0) {
                    wrong.push(format!("{at}: `runner {s} --help` exits {code:?}"));
                }
                helps.entry(s.clone()).or_insert(text).clone()
            }
            Some(s) => {
                // Not a subcommand: problem filters (a slug, or part of one).
                let placeholder = s.starts_with('<') || s.starts_with('[');
                let known = slugs.iter().any(|slug| slug.contains(s.as_str()));
                if !placeholder && !known {
                    wrong.push(format!(
                        "{at}: `{s}` in `{line}` is neither a subcommand ({subs:?}) nor a problem"
                    ));
                }
                String::new()
            }
            None => String::new(),
        };
        for flag in args.iter().filter(|a| a.starts_with("--")) {
            let name = flag.split('=').next().unwrap();
            let listed = |h: &str| {
                h.contains(&format!("{name} "))
                    || h.contains(&format!("{name}\n"))
                    || h.contains(&format!("{name},"))
                    || h.contains(&format!("{name}="))
            };
            if !listed(&own_help) && !listed(&top) {
                wrong.push(format!("{at}: `{name}` is no option of `{line}`"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The prose of `text` as paragraphs (lines outside code blocks, joined up to a blank line),
/// each with the number of its first line.
fn paragraphs(text: &str) -> Vec<(usize, String)> {
    let (prose, _) = split_code(text);
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut last = 0;
    for (n, line) in prose {
        if line.trim().is_empty() {
            last = 0;
            continue;
        }
        match out.last_mut() {
            Some((_, p)) if last + 1 == n => {
                p.push(' ');
                p.push_str(line.trim());
            }
            _ => out.push((n, line.trim().to_string())),
        }
        last = n;
    }
    out
}

/// The inline code spans of `text`, in order, each with its byte range.
fn code_spans(text: &str) -> Vec<(std::ops::Range<usize>, &str)> {
    let mut spans = Vec::new();
    let mut open = None;
    for (i, c) in text.char_indices() {
        if c == '`' {
            match open.take() {
                Some(start) => spans.push((start..i + 1, &text[start + 1..i])),
                None => open = Some(i),
            }
        }
    }
    spans
}

/// The two forms of a command told apart: where a sentence sets one beside the other (`` `X`
/// does the same as `Y` ``, or a paragraph on this repository naming the installed form), they
/// differ, and the repository's is `cargo run -p runner -- …`. A search-and-replace once made
/// both `runner …` ("`runner …` does the same as `runner …`").
#[test]
fn the_installed_and_the_repository_command_forms_are_told_apart() {
    let mut wrong = Vec::new();
    let mut compared = 0;
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).unwrap();
        for (n, p) in paragraphs(&text) {
            let at = format!("{}:{n}", doc.display());
            let spans = code_spans(&p);
            for pair in spans.windows(2) {
                let between = &p[pair[0].0.end..pair[1].0.start];
                if between.contains("the same as") || between.trim() == "or" {
                    compared += 1;
                    if pair[0].1 == pair[1].1 {
                        wrong.push(format!("{at}: `{}` {between} `{}`", pair[0].1, pair[1].1));
                    }
                }
            }
            let lower = p.to_lowercase();
            let on_this_repository =
                lower.contains("inside this repository") || lower.contains("once installed");
            let installed = spans.iter().any(|(_, s)| s.starts_with("runner "));
            let repository = spans
                .iter()
                .any(|(_, s)| s.starts_with("cargo run -p runner"));
            if on_this_repository && installed && !repository {
                wrong.push(format!(
                    "{at}: names this repository and `runner …`, never `cargo run -p runner -- \
                     …`: {p}"
                ));
            }
        }
    }
    assert!(compared >= 2, "only {compared} pairs of forms compared");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_readme_is_a_five_minute_read_and_keeps_the_two_commands() {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
    assert!(
        readme.len() <= 20 * 1024,
        "README.md is {} bytes",
        readme.len()
    );
    for command in [
        "cargo run -p runner ",
        "cargo test --workspace",
        "cargo install --path runner --locked",
        "runner init",
    ] {
        assert!(readme.contains(command), "README.md lost `{command}`");
    }
    // Every page of the manual is in its table of contents.
    let summary = std::fs::read_to_string(repo_root().join("docs/src/SUMMARY.md")).unwrap();
    for doc in documents()
        .iter()
        .filter(|d| d.starts_with(repo_root().join("docs")))
    {
        let name = doc.file_name().unwrap().to_string_lossy();
        if name != "SUMMARY.md" {
            assert!(
                summary.contains(&format!("({name})")),
                "{name} is not in SUMMARY.md"
            );
        }
    }
}

#[test]
fn mdbook_builds_the_manual() {
    let mdbook = std::env::var_os("MDBOOK").unwrap_or_else(|| "mdbook".into());
    let found = Command::new(&mdbook)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        let needed = std::env::var_os("RUNNER_NEEDS_MDBOOK").is_some_and(|v| v == "1");
        assert!(
            !needed,
            "RUNNER_NEEDS_MDBOOK=1 but {mdbook:?} cannot be run"
        );
        eprintln!("mdbook_builds_the_manual: skipped: no mdbook on PATH (cargo install mdbook --locked; .ci/run does)");
        return;
    }
    let out_dir = tempfile::tempdir().unwrap();
    let out = Command::new(&mdbook)
        .arg("build")
        .arg(repo_root().join("docs"))
        .arg("--dest-dir")
        .arg(out_dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out));
    for page in ["index.html", "getting-started.html", "submitting.html"] {
        assert!(
            out_dir.path().join(page).is_file(),
            "no {page}\n{}",
            text(&out)
        );
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("WARN") && !stderr.contains("ERROR"),
        "{stderr}"
    );
}

/// The long options a `--help` text lists (`  -j, --jobs <N>` and `      --format <FORMAT>`).
fn listed_options(text: &str) -> BTreeSet<String> {
    text.lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with('-'))
        .flat_map(|l| l.split([' ', ',']))
        .filter(|w| w.starts_with("--") && w.len() > 2)
        .map(str::to_string)
        .collect()
}

#[test]
fn each_command_help_lists_only_the_options_it_takes() {
    // The options of a judging run: which command takes which.
    let judging = [
        "--format",
        "--junit",
        "--html",
        "--partition",
        "--timings",
        "--failed",
        "--fail-fast",
    ];
    // Each command with the arguments it needs, and the options it takes of those.
    let takes: &[(&str, &[&str], &[&str])] = &[
        ("judge", &["t", "t.c"], &judging),
        ("verify", &[], &judging[..6]),
        ("mutants", &["t"], &["--html"]),
        ("merge", &["a.jsonl"], &["--format", "--junit", "--html"]),
        ("stress", &["t"], &[]),
        ("run", &["t", "in"], &[]),
        ("submit", &["t"], &[]),
        ("list", &[], &[]),
        ("new", &["t"], &[]),
        ("rm", &["t"], &[]),
        ("import", &["p"], &[]),
        ("export", &["t", "--kattis", "d"], &[]),
        ("listen", &[], &[]),
        ("init", &[], &[]),
        ("game", &["0.77"], &["--format", "--html"]),
    ];
    let subs = subcommands();
    let dir = tempfile::tempdir().unwrap();
    let runner = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_runner"))
            .current_dir(dir.path())
            .args(args)
            .output()
            .unwrap()
    };
    for (command, needs, own) in takes {
        assert!(
            subs.contains(*command),
            "{command} is not a command: {subs:?}"
        );
        let (code, shown) = help(&[command, "--help"]);
        assert_eq!(code, Some(0), "{command} --help");
        let listed = listed_options(&shown);
        for option in judging {
            assert_eq!(
                listed.contains(option),
                own.contains(&option),
                "`runner {command} --help` and {option}:\n{shown}"
            );
        }
        // An option it does not list is refused, after its name and before it.
        if let Some(&other) = judging.iter().find(|o| !own.contains(o)) {
            let value: &[&str] = match other {
                "--format" => &["json"],
                "--junit" | "--html" | "--timings" => &["x"],
                "--partition" => &["1/2"],
                _ => &[],
            };
            let mut after = vec![*command];
            after.extend(*needs);
            after.push(other);
            after.extend(value);
            let out = runner(&after);
            assert_eq!(out.status.code(), Some(2), "{after:?}: {}", text(&out));
            let said = String::from_utf8_lossy(&out.stderr);
            assert!(
                said.contains(&format!("unexpected argument '{other}'")),
                "{after:?}: {said}"
            );
            let mut before = vec![other];
            before.extend(value);
            before.push(command);
            before.extend(*needs);
            let out = runner(&before);
            assert_eq!(out.status.code(), Some(2), "{before:?}: {}", text(&out));
            let said = String::from_utf8_lossy(&out.stderr);
            assert!(
                said.contains(&format!("{other} applies to judging every problem")),
                "{before:?}: {said}"
            );
        }
    }
    // The top-level help lists the default command's.
    let (_, top) = help(&["--help"]);
    let listed = listed_options(&top);
    for option in judging {
        assert!(
            listed.contains(option),
            "{option} not in runner --help:\n{top}"
        );
    }
}

/// The crates whose module files the layer table of workspace.md names.
const CRATES: [&str; 5] = ["runner", "package-formats", "judging", "sandbox", "games"];

/// Every module file of the crates under `root`: `*.rs` under each crate's `src/`, as
/// `crate/src/folder/` (with its slash) and the file's name.
fn module_files(root: &Path) -> Vec<(String, String)> {
    let mut files = Vec::new();
    for krate in CRATES {
        let mut folders = vec![root.join(krate).join("src")];
        while let Some(dir) = folders.pop() {
            for entry in std::fs::read_dir(&dir).unwrap().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    folders.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let folder = dir.strip_prefix(root).unwrap().to_str().unwrap();
                    let name = path.file_name().unwrap().to_str().unwrap();
                    files.push((format!("{folder}/"), name.to_string()));
                }
            }
        }
    }
    files.sort();
    files
}

/// The module files `table` does not name. A file is named by a row that holds its folder and
/// its name, each in backticks (`` `judging/src/`: … `run.rs` ``), or its whole path in
/// backticks.
fn unnamed<'a>(files: &'a [(String, String)], table: &str) -> Vec<String> {
    let rows: Vec<&str> = table.lines().filter(|l| l.starts_with('|')).collect();
    files
        .iter()
        .filter(|(folder, name)| {
            let (folder_tick, name_tick) = (format!("`{folder}`"), format!("`{name}`"));
            let whole = format!("`{folder}{name}`");
            !rows.iter().any(|row| {
                row.contains(&whole) || row.contains(&folder_tick) && row.contains(&name_tick)
            })
        })
        .map(|(folder, name): &'a (String, String)| format!("{folder}{name}"))
        .collect()
}

/// The layer table of workspace.md: the section "Inside the runner", from "From the top" on.
fn layer_table(page: &str) -> &str {
    let from = page
        .find("From the top")
        .expect("workspace.md has its layer table");
    let rest = &page[from..];
    let end = rest[1..].find("\n#").map_or(rest.len(), |i| i + 1);
    &rest[..end]
}

#[test]
fn a_module_missing_from_the_layer_table_is_found() {
    let files = vec![
        ("judging/src/".to_string(), "run.rs".to_string()),
        ("judging/src/".to_string(), "tools.rs".to_string()),
        ("runner/src/cli/".to_string(), "run.rs".to_string()),
        ("sandbox/src/".to_string(), "job.rs".to_string()),
    ];
    let table = "| the run | `judging/src/`: `run.rs` | … |\n\
                 | command line | `runner/src/`: `main.rs` (`run.rs` is not this folder's) |\n\
                 | sandbox | `sandbox/src/job.rs` |\n";
    assert_eq!(
        unnamed(&files, table),
        ["judging/src/tools.rs", "runner/src/cli/run.rs"]
    );
    let named =
        table.to_string() + "| more | `judging/src/`: `tools.rs`; `runner/src/cli/`: `run.rs` |\n";
    assert!(unnamed(&files, &named).is_empty());
}

#[test]
fn the_layer_table_names_every_module_file() {
    let root = repo_root();
    let files = module_files(&root);
    assert!(files.len() > 100, "{files:?}");
    let page = std::fs::read_to_string(root.join("docs/src/workspace.md")).unwrap();
    let missing = unnamed(&files, layer_table(&page));
    assert!(
        missing.is_empty(),
        "docs/src/workspace.md's layer table does not name: {missing:?}"
    );
}

/// The row of `table` that names each module of `folder` (`judging/src/`), counted from the top.
fn rows_of(table: &str, folder: &str) -> Vec<(String, usize)> {
    let folder_tick = format!("`{folder}`");
    let mut rows = Vec::new();
    for (i, row) in table.lines().filter(|l| l.starts_with('|')).enumerate() {
        // The modules' cell is the second; a row may name several folders, `folder`'s names
        // run from its tick to the next folder's.
        let Some(cell) = row.split(" | ").nth(1) else {
            continue;
        };
        let Some(at) = cell.find(&folder_tick) else {
            continue;
        };
        let own = &cell[at + folder_tick.len()..];
        let own = own.find("/`").map_or(own, |end| {
            let start = own[..end].rfind('`').unwrap_or(end);
            &own[..start]
        });
        for name in own.split('`').skip(1).step_by(2) {
            if let Some(module) = name.strip_suffix(".rs") {
                if !rows.iter().any(|(m, _): &(String, usize)| m == module) {
                    rows.push((module.to_string(), i));
                }
            }
        }
    }
    rows
}

/// The modules of the same crate `source` names (`crate::x`, `use crate::{x, y::z}`), outside
/// comments and its tests.
fn imports(source: &str) -> Vec<String> {
    let code = source.split("#[cfg(test)]").next().unwrap_or(source);
    let code: String = code
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut found = Vec::new();
    let mut push = |word: &str| {
        let word: String = word
            .chars()
            .take_while(|c| c.is_ascii_lowercase() || *c == '_' || c.is_ascii_digit())
            .collect();
        if !word.is_empty() && !found.contains(&word) {
            found.push(word);
        }
    };
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        if let Some(list) = rest.strip_prefix('{') {
            let list = &list[..list.find('}').unwrap_or(list.len())];
            for item in list.split(',') {
                push(item.trim());
            }
        } else {
            push(rest);
        }
    }
    found
}

/// Each `module -> import` of `sources` (module, its text) where the import's row is above
/// the module's in `table`.
fn upward(table: &str, folder: &str, sources: &[(String, String)]) -> Vec<String> {
    let rows = rows_of(table, folder);
    let row = |m: &str| rows.iter().find(|(n, _)| n == m).map(|(_, r)| *r);
    let mut found = Vec::new();
    for (module, text) in sources {
        let Some(mine) = row(module) else { continue };
        for import in imports(text) {
            if let Some(theirs) = row(&import) {
                if theirs < mine {
                    found.push(format!("{module} -> {import}"));
                }
            }
        }
    }
    found
}

#[test]
fn no_module_of_judging_imports_one_above_it_in_the_layer_table() {
    let root = repo_root();
    let page = std::fs::read_to_string(root.join("docs/src/workspace.md")).unwrap();
    let table = layer_table(&page);
    let mut sources = Vec::new();
    for entry in std::fs::read_dir(root.join("judging/src"))
        .unwrap()
        .flatten()
    {
        let name = entry.file_name().to_string_lossy().into_owned();
        if let Some(module) = name.strip_suffix(".rs") {
            let text = std::fs::read_to_string(entry.path()).unwrap();
            sources.push((module.to_string(), text));
        }
    }
    assert!(rows_of(table, "judging/src/").len() > 30);
    let up = upward(table, "judging/src/", &sources);
    assert!(
        up.is_empty(),
        "judging's modules import modules above them in docs/src/workspace.md's layer table: {up:?}"
    );
}

#[test]
fn an_import_up_the_layer_table_is_found() {
    let table = "| top | `judging/src/`: `session.rs`, `by_hand.rs` | … |\n\
                 | middle | `judging/src/`: `run.rs`; `sandbox/src/`: `lib.rs` |\n\
                 | ground | `judging/src/`: `config.rs` |\n";
    let source = |text: &str| text.to_string();
    let sources = vec![
        ("session".to_string(), source("use crate::{run, config::X};")),
        ("by_hand".to_string(), source("use crate::session::Session;")),
        (
            "run".to_string(),
            source("// crate::session in a comment\nfn f() { crate::by_hand::go() }\n#[cfg(test)]\nuse crate::session;"),
        ),
        ("config".to_string(), source("use crate::{lib, run::Plan};")),
    ];
    assert_eq!(
        upward(table, "judging/src/", &sources),
        ["run -> by_hand", "config -> run"]
    );
}
