//! Competitive Companion's payload (the JSON its browser extension POSTs for each problem it
//! parses) as a [`Draft`]: problem.toml from the name, URL and limits, the samples as fixture
//! cases, and a solution to start from in the workspace's language (or, for a judge that does
//! not take it, in the judge's first language a solution can be written in).

use std::path::PathBuf;

use serde::Deserialize;

use super::draft::{Case, Data, Draft, File, Meta};
use judging::scaffold::{self, Lang};
use judging::{is_valid_slug, Workspace};
use judging::{url_parts, Judge, Judges};

/// One problem, as the extension sends it (its README's "The format"). Keys it sends that the
/// runner does not use (`languages`, `testType`) are accepted and ignored.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Payload {
    pub name: String,
    #[serde(default)]
    pub group: String,
    pub url: String,
    #[serde(default)]
    pub interactive: bool,
    /// MB.
    pub memory_limit: f64,
    /// ms.
    pub time_limit: f64,
    pub tests: Vec<Test>,
    #[serde(default)]
    pub input: Option<Io>,
    #[serde(default)]
    pub output: Option<Io>,
    #[serde(default)]
    pub batch: Option<Batch>,
}

/// One sample test of the payload: its input and its output.
#[derive(Debug, Clone, Deserialize)]
pub struct Test {
    pub input: String,
    pub output: String,
}

/// `input` / `output`: `{"type": "stdin"}`, or a file.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Io {
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default)]
    pub file_name: Option<String>,
    #[serde(default)]
    pub pattern: Option<String>,
}

/// The problems parsed at once: a contest's (size > 1) or one (size 1).
#[derive(Debug, Clone, Deserialize)]
pub struct Batch {
    pub id: String,
    pub size: u64,
}

/// The time limits a payload may give, in ms: 1 ms … 1 h.
pub(crate) const TIME_LIMIT_MS: (f64, f64) = (1.0, 3_600_000.0);
/// The memory limits a payload may give, in MB: 1 MiB … 1 TiB.
pub(crate) const MEMORY_LIMIT_MB: (f64, f64) = (1.0, 1_048_576.0);

/// The longest `name`, `group` and `url` taken, in characters.
pub(crate) const MAX_TEXT: usize = 4096;
/// The most sample tests a payload may hold.
pub(crate) const MAX_TESTS: usize = 1000;

/// `value` of the payload's `field` is a number in `range` (bounds included), or the reason it
/// is not (naming the field).
fn in_range(field: &str, value: f64, range: (f64, f64), unit: &str) -> Result<(), String> {
    if value.is_finite() && (range.0..=range.1).contains(&value) {
        return Ok(());
    }
    let shown = if value.abs() < 1e9 {
        format!("{value}")
    } else {
        format!("{value:e}")
    };
    Err(format!(
        "`{field}` {shown} is out of range ({} … {} {unit})",
        range.0, range.1
    ))
}

/// Parses and checks a payload; `Err` is the reason it cannot be used.
pub fn parse(body: &[u8]) -> Result<Payload, String> {
    let p: Payload = serde_json::from_slice(body)
        .map_err(|e| format!("not a Competitive Companion payload: {e}"))?;
    if p.name.trim().is_empty() {
        return Err("`name` is empty".into());
    }
    for (field, text) in [("name", &p.name), ("group", &p.group), ("url", &p.url)] {
        if text.chars().count() > MAX_TEXT {
            return Err(format!(
                "`{field}` is over {MAX_TEXT} characters: a page's title, group or URL is not"
            ));
        }
    }
    if p.tests.len() > MAX_TESTS {
        return Err(format!(
            "`tests` holds {} tests: a statement shows at most {MAX_TESTS} samples",
            p.tests.len()
        ));
    }
    in_range("timeLimit", p.time_limit, TIME_LIMIT_MS, "ms")?;
    in_range("memoryLimit", p.memory_limit, MEMORY_LIMIT_MB, "MB")?;
    if p.tests.is_empty() {
        return Err(format!(
            "`{}` has no sample test: a problem needs at least one case (add it with `runner new`)",
            p.name
        ));
    }
    for (io, what) in [(&p.input, "input"), (&p.output, "output")] {
        if let Some(io) = io {
            if io.kind != "stdin" && io.kind != "stdout" {
                let name = io
                    .file_name
                    .as_deref()
                    .or(io.pattern.as_deref())
                    .unwrap_or("");
                return Err(format!(
                    "the problem's {what} is a file ({} {name:?}): the runner gives programs \
                     stdin and stdout only",
                    io.kind
                ));
            }
        }
    }
    Ok(p)
}

/// A judge of judges.toml recognised from a problem's URL: the judge, problem.toml's id, and
/// the slug its `companion.slug` makes (`None`: judge name and id).
#[derive(Debug)]
pub struct Found<'a> {
    pub judge: &'a Judge,
    pub id: String,
    pub slug: Option<String>,
}

/// The judge of judges.toml whose `problem_url` (its `{id}`) or one of whose `companion.urls`
/// (named parts) matches `url`, with the id it gives.
pub(crate) fn recognise<'a>(judges: &'a Judges, url: &str) -> Option<Found<'a>> {
    judges.all().iter().find_map(|judge| {
        if let Some(parts) = judge.problem_url.as_deref().and_then(|p| url_parts(p, url)) {
            let id = parts.into_iter().find(|(k, _)| k == "id")?.1;
            return Some(Found {
                judge,
                id,
                slug: None,
            });
        }
        judge.companion.urls.iter().find_map(|pattern| {
            let parts = url_parts(pattern, url)?;
            let fill = |template: &str| {
                parts.iter().fold(template.to_string(), |t, (k, v)| {
                    t.replace(&format!("{{{k}}}"), v)
                })
            };
            let id = fill(judge.companion.id.as_deref().unwrap_or("{id}"));
            let slug = judge.companion.slug.as_deref().map(|s| {
                fill(s)
                    .to_ascii_lowercase()
                    .replace(|c: char| !c.is_ascii_alphanumeric(), "-")
            });
            (!id.contains('{')).then_some(Found { judge, id, slug })
        })
    })
}

/// The judge's C/C++ time limit in ms from the payload's.
fn time_limit_ms(p: &Payload, judge: Option<&Judge>) -> u64 {
    let factor = judge.map_or(1.0, |j| j.companion.time);
    ((p.time_limit * factor).round() as u64).max(1)
}

/// The judge's memory limit in KiB from the payload's MB. Where the parser sends the page's K
/// over 1000, floored (HDU, POJ), a power of two in that thousand is taken as the page's number
/// (65 MB: 65536 K).
fn memory_limit_kib(p: &Payload, judge: Option<&Judge>) -> u64 {
    let c = judge.map(|j| j.companion.clone()).unwrap_or_default();
    let mb = p.memory_limit;
    let page_kib = if c.kib_per_mb == 1000 && mb.fract() == 0.0 {
        let low = mb as u64 * 1000;
        (10..40)
            .map(|b| 1u64 << b)
            .find(|k| (low..low + 1000).contains(k))
            .unwrap_or(low)
    } else {
        (mb * c.kib_per_mb as f64).round() as u64
    };
    ((page_kib as f64 * c.memory).round() as u64).max(1)
}

/// The slug: judge and id (`hdu1848`) when the URL names a judge of judges.toml, else the name,
/// else `problem-` and a digest of the URL.
fn slug(p: &Payload, found: Option<&Found>) -> String {
    if let Some(f) = found {
        let s = f.slug.clone().unwrap_or_else(|| {
            format!(
                "{}{}",
                f.judge.name.to_ascii_lowercase(),
                f.id.to_ascii_lowercase()
            )
        });
        if is_valid_slug(&s) {
            return s;
        }
    }
    super::draft::slugify(&p.name).unwrap_or_else(|| {
        use sha2::{Digest, Sha256};
        let d = Sha256::digest(p.url.as_bytes());
        format!("problem-{:02x}{:02x}{:02x}{:02x}", d[0], d[1], d[2], d[3])
    })
}

/// The problem `p` describes, as a draft for `ws`, its solution to start from in `lang` (or the
/// judge's first language a solution can be written in, when the judge does not take `lang`:
/// a note says so).
pub fn draft(ws: &Workspace, judges: &Judges, p: &Payload, lang: Lang) -> Draft {
    let found = recognise(judges, &p.url).filter(|f| f.judge.name != judging::LOCAL);
    let judge = found.as_ref().map(|f| f.judge);
    let slug = slug(p, found.as_ref());
    let time = time_limit_ms(p, judge);
    let memory = memory_limit_kib(p, judge);
    let mut comments = vec![format!(
        "From Competitive Companion ({}): {} ms, {} MB on the page as it read it.",
        if p.group.is_empty() {
            "no group"
        } else {
            &p.group
        },
        p.time_limit,
        p.memory_limit
    )];
    let mut notes = Vec::new();
    if let Some(j) = judge {
        if j.companion.time != 1.0 || j.companion.memory != 1.0 {
            comments.push(format!(
                "judges.toml: {}'s page gives Competitive Companion other limits than C/C++'s \
                 (time × {}, memory × {}); these are the C/C++ ones.",
                j.name, j.companion.time, j.companion.memory
            ));
        }
    } else {
        notes.push(format!(
            "{} names no judge of judges.toml: judge = \"local\" (the URL is kept)",
            p.url
        ));
    }
    if p.interactive {
        comments.push(
            "INTERACTIVE on the judge: problems/<slug>/interactor.rs plays the judge's side \
             (docs: Checkers and interactors); the samples are what the page shows."
                .into(),
        );
        notes.push(
            "interactive: the page gives no interactor; interactor.rs is a stub that fails \
             every case until you write it (the samples are the page's, as text)"
                .into(),
        );
    }
    let meta = Meta {
        title: p.name.trim().to_string(),
        judge: judge.map_or_else(|| judging::LOCAL.to_string(), |j| j.name.clone()),
        id: found.as_ref().map(|f| f.id.clone()),
        url: Some(p.url.trim().to_string()),
        time_limit_ms: time,
        memory_limit_kib: memory,
        comments,
        interactive: p.interactive,
        ..Meta::default()
    };
    let cases = samples(p);
    let (lang, why) = judge.map_or((lang, None), |j| lang.for_judge(j));
    notes.extend(why);
    let mut files = vec![solution(ws, &slug, lang)];
    if p.interactive {
        files.push(File {
            rel: PathBuf::from("problems").join(&slug).join("interactor.rs"),
            data: Data::Bytes(INTERACTOR_STUB.replace("{slug}", &slug).into_bytes()),
        });
    }
    Draft {
        readme: readme(p, &meta),
        slug,
        meta,
        cases,
        files,
        wrong: Vec::new(),
        notes,
    }
}

/// The payload's tests as `source = "sample"` cases.
fn samples(p: &Payload) -> Vec<Case> {
    p.tests
        .iter()
        .enumerate()
        .map(|(i, t)| Case {
            name: if p.tests.len() == 1 {
                "sample".into()
            } else {
                format!("sample-{}", i + 1)
            },
            source: "sample",
            note: Some("the statement's sample, as Competitive Companion read it".into()),
            input: Data::Bytes(t.input.clone().into_bytes()),
            output: Data::Bytes(t.output.clone().into_bytes()),
            compare: None,
        })
        .collect()
}

/// The solution to start from, as `runner new` writes it.
fn solution(ws: &Workspace, slug: &str, lang: Lang) -> File {
    let (path, text) = scaffold::solution_file(ws, slug, lang);
    File {
        rel: path
            .strip_prefix(ws.root())
            .expect("the solution is in the workspace")
            .to_path_buf(),
        data: Data::Bytes(text.into_bytes()),
    }
}

fn readme(p: &Payload, meta: &Meta) -> String {
    let line = |s: &str| -> String {
        s.chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect()
    };
    format!(
        "# {title}\n\nStatement: <{url}>{group}\n\nLimits (C/C++): {time} ms, {mem} KiB.{inter}\n\n\
         ## Statement in brief\n\nTODO\n\n## Input and output\n\nTODO\n\n## Analysis\n\nTODO\n",
        title = line(&meta.title),
        url = line(p.url.trim()),
        group = if p.group.is_empty() {
            String::new()
        } else {
            format!(" ({})", line(&p.group))
        },
        time = meta.time_limit_ms,
        mem = meta.memory_limit_kib,
        inter = if p.interactive {
            " Interactive: interactor.rs (a stub to write) plays the judge's side."
        } else {
            ""
        },
    )
}

/// The interactor of a problem the page says is interactive, until it is written: every case
/// fails with this message (testlib's FAIL, exit 3), never passes by comparing text.
const INTERACTOR_STUB: &str = r#"//! Interactor for {slug}: plays the judge's side of the dialogue, in testlib's convention
//! (`interactor INPUT OUTPUT [ANSWER]`: the case's input, where to write what the checker reads;
//! exit 0 accepted, 1 wrong answer, 3 failure of the interactor itself).
fn main() {
    eprintln!(
        "problems/{slug}/interactor.rs is a stub: write the judge's side of the game \
         (Competitive Companion sends no interactor)"
    );
    std::process::exit(3);
}
"#;

/// The fixture's first lines.
pub const FIXTURE_HEADER: &str = "# The statement's samples, as Competitive Companion sent them \
(`runner listen`). Add cases: see the manual's \"Adding a problem\".\n";

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn judges() -> Judges {
        Judges::parse(
            std::path::Path::new("judges.toml"),
            include_str!("../../judges.toml"),
        )
        .unwrap()
    }

    fn payload(url: &str, time: f64, memory: f64) -> Payload {
        parse(
            format!(
                r#"{{"name":"N","group":"G","url":"{url}","memoryLimit":{memory},"timeLimit":{time},
                "tests":[{{"input":"1\n","output":"2\n"}}],"testType":"single",
                "input":{{"type":"stdin"}},"output":{{"type":"stdout"}},
                "languages":{{"java":{{"mainClass":"Main","taskClass":"N"}}}},
                "batch":{{"id":"b","size":1}}}}"#
            )
            .as_bytes(),
        )
        .unwrap()
    }

    #[test]
    fn judges_and_ids_are_recognised_from_the_url() {
        let j = judges();
        let id = |u: &str| recognise(&j, u).map(|f| format!("{} {}", f.judge.name, f.id));
        let hdu = "https://acm.hdu.edu.cn/showproblem.php?pid=1848";
        assert_eq!(id(hdu).as_deref(), Some("HDU 1848"));
        assert_eq!(
            id("http://acm.hdu.edu.cn/showproblem.php?pid=1848").as_deref(),
            Some("HDU 1848")
        );
        assert_eq!(
            id("http://poj.org/problem?id=1067").as_deref(),
            Some("POJ 1067")
        );
        assert_eq!(
            id("http://poj.org/problem?id=1067&lang=default").as_deref(),
            Some("POJ 1067")
        );
        assert_eq!(
            id("https://www.acwing.com/problem/content/895/").as_deref(),
            Some("AcWing 895")
        );
        assert_eq!(
            id("https://www.acwing.com/problem/content/895").as_deref(),
            Some("AcWing 895")
        );
        assert_eq!(
            id("https://acm.hdu.edu.cn/showproblem.php?pid=").as_deref(),
            None
        );
        assert_eq!(
            id("https://codeforces.com/problemset/problem/954/G").as_deref(),
            Some("Codeforces 954G")
        );
        assert_eq!(
            id("https://codeforces.com/contest/1999/problem/A1?locale=en").as_deref(),
            Some("Codeforces 1999A1")
        );
        assert_eq!(
            id("https://codeforces.com/gym/104114/problem/B").as_deref(),
            Some("Codeforces 104114B")
        );
        assert_eq!(
            id("https://atcoder.jp/contests/abc300/tasks/abc300_a").as_deref(),
            Some("AtCoder abc300_a")
        );
        assert_eq!(id("https://codeforces.com/blog/entry/79"), None);
        assert_eq!(id("https://atcoder.jp/contests/abc300/tasks"), None);
        assert_eq!(
            id("https://acm.hdu.edu.cn/contests/contest_showproblem.php?pid=1001&cid=1"),
            None
        );
    }

    #[test]
    fn hdu_limits_are_the_c_ones_and_k_over_1000_comes_back() {
        let j = judges();
        let hdu = payload(
            "https://acm.hdu.edu.cn/showproblem.php?pid=1848",
            2000.0,
            65.0,
        );
        let judge = recognise(&j, &hdu.url).map(|f| f.judge);
        assert_eq!(time_limit_ms(&hdu, judge), 1000);
        assert_eq!(memory_limit_kib(&hdu, judge), 32768);
        let poj = payload("http://poj.org/problem?id=1067", 1000.0, 10.0);
        let judge = recognise(&j, &poj.url).map(|f| f.judge);
        assert_eq!(time_limit_ms(&poj, judge), 1000);
        assert_eq!(memory_limit_kib(&poj, judge), 10000);
        let cf = payload(
            "https://codeforces.com/problemset/problem/954/G",
            1500.0,
            256.0,
        );
        assert_eq!(time_limit_ms(&cf, None), 1500);
        assert_eq!(memory_limit_kib(&cf, None), 262144);
    }

    #[test]
    fn codeforces_and_atcoder_problems_get_their_judge_and_slug() {
        let j = judges();
        let ws = Workspace::at(Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()).unwrap();
        let cf = payload(
            "https://codeforces.com/contest/954/problem/G",
            1500.0,
            256.0,
        );
        let d = draft(&ws, &j, &cf, Lang::Rust);
        assert_eq!(
            (d.slug.as_str(), d.meta.judge.as_str(), d.meta.id.as_deref()),
            ("cf954g", "Codeforces", Some("954G"))
        );
        assert_eq!(
            (d.meta.time_limit_ms, d.meta.memory_limit_kib),
            (1500, 262144)
        );
        let ac = payload(
            "https://atcoder.jp/contests/abc300/tasks/abc300_a",
            2000.0,
            1024.0,
        );
        let d = draft(&ws, &j, &ac, Lang::Rust);
        assert_eq!(
            (d.slug.as_str(), d.meta.judge.as_str(), d.meta.id.as_deref()),
            ("abc300-a", "AtCoder", Some("abc300_a"))
        );
        assert_eq!(
            (d.meta.time_limit_ms, d.meta.memory_limit_kib),
            (2000, 1048576)
        );
        assert!(d.notes.is_empty(), "{:?}", d.notes);
    }

    #[test]
    fn the_solution_is_in_the_language_asked_for_and_never_rust_for_poj() {
        let j = judges();
        let ws = Workspace::at(Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()).unwrap();
        let files = |d: &Draft| -> Vec<String> {
            d.files
                .iter()
                .map(|f| f.rel.display().to_string())
                .collect()
        };
        let cf = payload("https://codeforces.com/contest/71/problem/A", 1000.0, 256.0);
        let d = draft(&ws, &j, &cf, Lang::Python);
        assert_eq!(files(&d), ["solutions/py/cf71a.py"]);
        assert!(d.notes.is_empty(), "{:?}", d.notes);
        // POJ takes no Rust and no Python: its first language, G++, is C++.
        let poj = payload("http://poj.org/problem?id=1000", 1000.0, 10.0);
        for lang in [Lang::Rust, Lang::Python] {
            let d = draft(&ws, &j, &poj, lang);
            assert_eq!(files(&d), ["solutions/cpp/poj1000.cpp"]);
            assert_eq!(
                d.notes,
                [format!(
                    "POJ takes no {}: the solution to start from is C++ (judges.toml lists \
                     POJ's languages)",
                    lang.title()
                )]
            );
        }
        let d = draft(&ws, &j, &poj, Lang::C);
        assert_eq!(files(&d), ["solutions/c/poj1000.c"]);
    }

    #[test]
    fn an_interactive_problem_is_marked_and_gets_an_interactor_stub() {
        let j = judges();
        let ws = Workspace::at(Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()).unwrap();
        let mut p = payload(
            "https://codeforces.com/contest/1807/problem/E",
            1000.0,
            256.0,
        );
        p.interactive = true;
        let d = draft(&ws, &j, &p, Lang::Rust);
        assert!(d.meta.interactive);
        let stub = d
            .files
            .iter()
            .find(|f| f.rel == Path::new("problems/cf1807e/interactor.rs"))
            .expect("an interactor stub");
        let Data::Bytes(text) = &stub.data else {
            panic!("inline")
        };
        let text = String::from_utf8_lossy(text);
        assert!(
            text.contains("exit(3)") && text.contains("problems/cf1807e/interactor.rs is a stub")
        );
    }

    #[test]
    fn unusable_payloads_say_why() {
        let bad = |s: &str| parse(s.as_bytes()).unwrap_err();
        assert!(bad("{").contains("not a Competitive Companion payload"));
        assert!(bad(r#"{"name":"x"}"#).contains("missing field"));
        let no_tests = r#"{"name":"x","url":"u","memoryLimit":1,"timeLimit":1,"tests":[]}"#;
        assert!(bad(no_tests).contains("no sample test"));
        let file = r#"{"name":"x","url":"u","memoryLimit":1,"timeLimit":1,"tests":[{"input":"","output":""}],"input":{"type":"file","fileName":"in.txt"}}"#;
        assert!(bad(file).contains("stdin and stdout only"), "{}", bad(file));
        let zero = r#"{"name":"x","url":"u","memoryLimit":1,"timeLimit":0,"tests":[{"input":"","output":""}]}"#;
        assert!(
            bad(zero).contains("`timeLimit` 0 is out of range"),
            "{}",
            bad(zero)
        );
        let huge = r#"{"name":"x","url":"u","memoryLimit":1e300,"timeLimit":1000,"tests":[{"input":"","output":""}]}"#;
        assert!(
            bad(huge).contains("`memoryLimit` 1e300 is out of range"),
            "{}",
            bad(huge)
        );
        let negative = r#"{"name":"x","url":"u","memoryLimit":256,"timeLimit":-5,"tests":[{"input":"","output":""}]}"#;
        assert!(
            bad(negative).contains("`timeLimit` -5 is out of range"),
            "{}",
            bad(negative)
        );
        let over = r#"{"name":"x","url":"u","memoryLimit":256,"timeLimit":3600001,"tests":[{"input":"","output":""}]}"#;
        assert!(bad(over).contains("`timeLimit`"), "{}", bad(over));
        let many = format!(
            r#"{{"name":"x","url":"u","memoryLimit":256,"timeLimit":1000,"tests":[{}]}}"#,
            vec![r#"{"input":"","output":""}"#; MAX_TESTS + 1].join(",")
        );
        assert!(
            bad(&many).contains("`tests` holds 1001 tests"),
            "{}",
            bad(&many)
        );
        let long = format!(
            r#"{{"name":"{}","url":"u","memoryLimit":256,"timeLimit":1000,"tests":[{{"input":"","output":""}}]}}"#,
            "n".repeat(MAX_TEXT + 1)
        );
        assert!(
            bad(&long).contains("`name` is over 4096 characters"),
            "{}",
            bad(&long)
        );
        let edge = r#"{"name":"x","url":"u","memoryLimit":1048576,"timeLimit":3600000,"tests":[{"input":"","output":""}]}"#;
        assert!(parse(edge.as_bytes()).is_ok());
    }
}
