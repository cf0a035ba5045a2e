//! JUnit XML, as CI systems read it: one `<testsuite>` per problem, one `<testcase>` per
//! (program, case) with the program as its class name.
//!
//! The counts are the human report's: a case of a solution counts once; a wrong solution counts
//! once, on the case that caught it (or, when none did, on its first case, as a failure), and its
//! other cases are `<skipped>` with a message that says whether they ran; a problem without a
//! solution is one failing test case.

use std::time::Duration;

use anyhow::Result;
use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};

use crate::records::{Record, Records, RoleName, Status, WrongSolution};

/// The JUnit file of a run.
pub fn serialize(records: &Records) -> Result<Vec<u8>> {
    let records = &xml_records(records);
    let mut report = Report::new("runner");
    let mut problems: Vec<&str> = Vec::new();
    let all = records
        .cases
        .iter()
        .map(|r| r.problem.as_str())
        .chain(records.wrong.iter().map(|w| w.problem.as_str()))
        .chain(records.summary.no_solution.iter().map(String::as_str))
        .chain(records.summary.not_written.iter().map(String::as_str));
    for p in all {
        if !problems.contains(&p) {
            problems.push(p);
        }
    }
    for problem in problems {
        report.add_test_suite(suite(records, problem));
    }
    let mut bytes = Vec::new();
    report.serialize(&mut bytes)?;
    Ok(bytes)
}

/// `text` with every character XML 1.0 does not allow (C0 controls but newline and CR; U+FFFE
/// and U+FFFF) shown as `\x1b` / `\u{fffe}`, and tabs as `\x09`: a program's output or stderr may
/// hold any of them, and quick-junit would drop them silently (or the file would not parse).
fn xml_text(text: &str) -> String {
    let invalid =
        |c: char| (c < ' ' && !matches!(c, '\n' | '\r')) || matches!(c, '\u{fffe}' | '\u{ffff}');
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if !invalid(c) {
            out.push(c);
        } else if (c as u32) < 0x100 {
            out.push_str(&format!("\\x{:02x}", c as u32));
        } else {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        }
    }
    out
}

/// `records` with every text [`xml_text`] shows.
fn xml_records(records: &Records) -> Records {
    let t = |s: &mut String| *s = xml_text(s);
    let o = |s: &mut Option<String>| s.iter_mut().for_each(|s| *s = xml_text(s));
    let mut r = records.clone();
    for c in &mut r.cases {
        [&mut c.problem, &mut c.program, &mut c.case]
            .into_iter()
            .for_each(t);
        [
            &mut c.detail,
            &mut c.first_difference,
            &mut c.diff,
            &mut c.stderr,
        ]
        .into_iter()
        .for_each(o);
    }
    for w in &mut r.wrong {
        [&mut w.problem, &mut w.program].into_iter().for_each(t);
        [&mut w.why, &mut w.caught_by].into_iter().for_each(o);
    }
    r.summary.no_solution.iter_mut().for_each(t);
    r
}

fn suite(records: &Records, problem: &str) -> TestSuite {
    let mut suite = TestSuite::new(problem);
    let cases: Vec<&Record> = records
        .cases
        .iter()
        .filter(|r| r.problem == problem)
        .collect();
    // Times read back from shards' files: a huge one saturates.
    let wall = cases
        .iter()
        .filter_map(|r| r.wall_ms)
        .fold(0u64, u64::saturating_add);
    suite.set_time(Duration::from_millis(wall));
    for r in &cases {
        let wrong = (r.role == RoleName::Wrong)
            .then(|| {
                records
                    .wrong
                    .iter()
                    .find(|w| w.problem == r.problem && w.program == r.program)
            })
            .flatten();
        let status = match wrong {
            Some(w) => wrong_status(w, r, &cases),
            None => case_status(r),
        };
        let mut tc = TestCase::new(r.case.as_str(), status);
        tc.set_classname(r.program.as_str());
        if let Some(ms) = r.wall_ms {
            tc.set_time(Duration::from_millis(ms));
        }
        if let Some(err) = &r.stderr {
            tc.set_system_err(err.as_str());
        }
        suite.add_test_case(tc);
    }
    for w in records.wrong.iter().filter(|w| w.problem == problem) {
        if !cases.iter().any(|r| r.program == w.program) {
            let mut tc = TestCase::new("(no cases)", wrong_unit(w));
            tc.set_classname(w.program.as_str());
            suite.add_test_case(tc);
        }
    }
    if records.summary.no_solution.iter().any(|s| s == problem) {
        let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
        status.set_message(format!("no solution (add solutions/src/bin/{problem}.rs)"));
        let mut tc = TestCase::new("(no solution)", status);
        tc.set_classname(problem);
        suite.add_test_case(tc);
    }
    if records.summary.not_written.iter().any(|s| s == problem) {
        let mut status = TestCaseStatus::skipped();
        status.set_message("not written yet: its solution is still the scaffold");
        let mut tc = TestCase::new("(not written yet)", status);
        tc.set_classname(problem);
        suite.add_test_case(tc);
    }
    suite
}

/// `VERDICT (detail)`.
fn verdict_text(r: &Record) -> String {
    let v = r.verdict.map_or("not run", |v| v.as_str());
    match &r.detail {
        Some(d) => format!("{v} ({d})"),
        None => v.to_string(),
    }
}

/// A case of a solution, port or brute force.
fn case_status(r: &Record) -> TestCaseStatus {
    match r.status {
        Status::Passed => TestCaseStatus::success(),
        Status::Skipped => {
            let mut s = TestCaseStatus::skipped();
            s.set_message(r.detail.as_deref().unwrap_or("not run"));
            s
        }
        _ => {
            let mut s = TestCaseStatus::non_success(NonSuccessKind::Failure);
            let v = r.verdict.map_or("?", |v| v.as_str());
            s.set_type(v);
            s.set_message(match &r.first_difference {
                Some(first) => format!("{}: {first}", verdict_text(r)),
                None => verdict_text(r),
            });
            let mut text = String::new();
            for part in [&r.first_difference, &r.diff, &r.stderr]
                .into_iter()
                .flatten()
            {
                text.push_str(part);
                if !text.ends_with('\n') {
                    text.push('\n');
                }
            }
            if !text.is_empty() {
                s.set_description(text);
            }
            s
        }
    }
}

/// A case of a wrong solution: the one it counts on carries the wrong solution's result, the
/// others are skipped with what happened on them.
fn wrong_status(w: &WrongSolution, r: &Record, cases: &[&Record]) -> TestCaseStatus {
    let counted = w.caught_by.clone().or_else(|| {
        cases
            .iter()
            .find(|c| c.program == w.program)
            .map(|c| c.case.clone())
    });
    if counted.as_deref() == Some(r.case.as_str()) {
        return wrong_unit(w);
    }
    let mut s = TestCaseStatus::skipped();
    let on = counted.unwrap_or_default();
    s.set_message(match (r.status, w.passed) {
        (Status::Skipped, _) => r.detail.clone().unwrap_or_else(|| "not run".into()),
        (_, true) => format!(
            "ran: {}; a wrong solution counts once, on the case that caught it ({on})",
            verdict_text(r)
        ),
        (_, false) => format!(
            "ran: {}; a wrong solution counts once, its failure on case {on}",
            verdict_text(r)
        ),
    });
    s
}

/// A wrong solution's result.
fn wrong_unit(w: &WrongSolution) -> TestCaseStatus {
    if w.passed {
        return TestCaseStatus::success();
    }
    if w.not_run {
        let mut s = TestCaseStatus::skipped();
        s.set_message("not run to the end: interrupted before its verdict");
        return s;
    }
    let got: Vec<String> = w
        .verdicts
        .iter()
        .map(|(v, n)| format!("{v} on {n}"))
        .collect();
    let mut s = TestCaseStatus::non_success(NonSuccessKind::Failure);
    s.set_type(w.expect.to_string());
    let expect = judging::Expect {
        required: w.expect,
        permitted: w.allow,
    };
    let mut message = format!(
        "a wrong solution that must get {expect} got {}",
        if got.is_empty() {
            "no verdict (no case ran)".to_string()
        } else {
            got.join(", ")
        }
    );
    if w.verdicts.keys().all(|v| v.is_accepted()) {
        message.push_str(": the fixtures do not catch this mistake");
    }
    s.set_message(message);
    if let Some(why) = &w.why {
        s.set_description(format!("it is wrong because: {why}\n"));
    }
    s
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::records::summarize;
    use crate::records::tests::{record, tally};
    use judging::Verdict;

    fn wrong(
        program: &str,
        passed: bool,
        caught_by: Option<&str>,
        verdicts: &[(Verdict, usize)],
    ) -> WrongSolution {
        WrongSolution {
            schema: 1,
            problem: "t".into(),
            program: program.into(),
            expect: judging::Verdicts::one(Verdict::WrongAnswer),
            allow: None,
            why: Some("off by one".into()),
            passed,
            not_run: false,
            caught_by: caught_by.map(Into::into),
            verdicts: verdicts.iter().copied().collect::<BTreeMap<_, _>>(),
        }
    }

    /// A test case: class name, name, `passed` | `failure` | `skipped`, message.
    type Parsed = (String, String, &'static str, String);

    /// (tests, failures, skipped) of the root element, and each test case.
    fn parse(xml: &str) -> ((usize, usize, usize), Vec<Parsed>) {
        let doc = roxmltree::Document::parse(xml).unwrap();
        let root = doc.root_element();
        let n = |a: &str| root.attribute(a).unwrap_or("0").parse::<usize>().unwrap();
        let counts = (n("tests"), n("failures"), n("skipped"));
        let cases = doc
            .descendants()
            .filter(|n| n.has_tag_name("testcase"))
            .map(|tc| {
                let child = tc.children().find(|c| c.is_element());
                let (kind, message) = match child {
                    Some(c) if c.has_tag_name("failure") => {
                        ("failure", c.attribute("message").unwrap_or("").to_string())
                    }
                    Some(c) if c.has_tag_name("skipped") => {
                        ("skipped", c.attribute("message").unwrap_or("").to_string())
                    }
                    _ => ("passed", String::new()),
                };
                (
                    tc.attribute("classname").unwrap().to_string(),
                    tc.attribute("name").unwrap().to_string(),
                    kind,
                    message,
                )
            })
            .collect();
        (counts, cases)
    }

    #[test]
    fn a_wrong_solution_counts_once_and_its_other_cases_are_skipped() {
        let sol = "solutions/src/bin/t.rs";
        let caught = "problems/t/wrong/caught.rs";
        let missed = "problems/t/wrong/missed.rs";
        let cases = vec![
            record("t", sol, "a", Some(Verdict::Accepted)),
            record("t", sol, "b", Some(Verdict::WrongAnswer)),
            record("t", caught, "a", Some(Verdict::Accepted)),
            record("t", caught, "b", Some(Verdict::WrongAnswer)),
            record("t", missed, "a", Some(Verdict::Accepted)),
            record("t", missed, "b", Some(Verdict::Accepted)),
        ];
        let records = Records {
            summary: summarize(&cases, &tally(2, 2), false, vec!["u".into()]),
            cases,
            wrong: vec![
                wrong(
                    caught,
                    true,
                    Some("b"),
                    &[(Verdict::Accepted, 1), (Verdict::WrongAnswer, 1)],
                ),
                wrong(missed, false, None, &[(Verdict::Accepted, 2)]),
            ],
        };
        let xml = String::from_utf8(serialize(&records).unwrap()).unwrap();
        let (counts, cases) = parse(&xml);
        // 7 test cases: 2 + 2 + 2 + the problem without a solution.
        assert_eq!(counts, (7, 3, 2), "{xml}");
        let find = |class: &str, name: &str| {
            cases
                .iter()
                .find(|c| c.0 == class && c.1 == name)
                .unwrap_or_else(|| panic!("{class} {name} missing:\n{xml}"))
        };
        assert_eq!(find(sol, "b").2, "failure");
        assert!(
            find(sol, "b").3.starts_with("WA: first difference: line 1"),
            "{xml}"
        );
        assert_eq!(find(caught, "b").2, "passed");
        assert_eq!(find(caught, "a").2, "skipped");
        assert!(find(caught, "a").3.starts_with("ran: AC;"), "{xml}");
        assert_eq!(find(missed, "a").2, "failure");
        assert_eq!(
            find(missed, "a").3,
            "a wrong solution that must get WA got AC on 2: the fixtures do not catch this mistake"
        );
        assert_eq!(find(missed, "b").2, "skipped");
        assert_eq!(find("u", "(no solution)").2, "failure");
        assert!(xml.contains("<testsuite name=\"t\""), "{xml}");
        assert!(xml.contains("+7"), "the diff is in the failure text: {xml}");
    }

    #[test]
    fn a_run_of_nothing_is_an_empty_report() {
        let xml = String::from_utf8(serialize(&Records::empty()).unwrap()).unwrap();
        assert_eq!(parse(&xml).0, (0, 0, 0), "{xml}");
    }

    #[test]
    fn characters_xml_does_not_allow_are_shown_escaped_and_the_file_parses() {
        let mut r = crate::records::tests::record("t", "s.rs", "a", Some(Verdict::WrongAnswer));
        r.diff = Some("-6\n+\u{fffe}\x01\n".into());
        r.stderr = Some("bell\x07 \u{ffff} tab\tok".into());
        r.wall_ms = Some(u64::MAX);
        let mut r2 = r.clone();
        r2.case = "b".into();
        let records = Records {
            cases: vec![r, r2],
            ..Records::empty()
        };
        let xml = String::from_utf8(serialize(&records).unwrap()).unwrap();
        assert_eq!(parse(&xml).0, (2, 2, 0), "{xml}");
        for shown in ["+\\u{fffe}\\x01", "bell\\x07 \\u{ffff} tab\\x09ok"] {
            assert!(xml.contains(shown), "{shown} not in {xml}");
        }
    }
}
