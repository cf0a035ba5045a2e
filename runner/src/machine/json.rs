//! JSON Lines: one object per line, `"type"` first — `case` for each (program, case) as it
//! finishes, `wrong_solution` for each wrong solution, and last `summary`.

use std::collections::HashMap;
use std::io::Write;
use std::sync::Mutex;

use crate::records::{Line, Record, Records};

/// One line: the object and a newline.
pub fn line(line: &Line) -> Vec<u8> {
    let mut bytes = serde_json::to_vec(line).expect("records serialize");
    bytes.push(b'\n');
    bytes
}

/// The whole output of a finished run, in plan order: its case lines, its wrong-solution lines
/// and its summary.
pub fn serialize(records: &Records) -> Vec<u8> {
    tail(records, &HashMap::new())
}

/// What comes after the streamed lines: the case lines not streamed (not run, compile errors,
/// TLEs that waited for their re-run), the wrong-solution lines, the summary.
fn tail(records: &Records, streamed: &HashMap<String, Record>) -> Vec<u8> {
    let mut out = Vec::new();
    for r in &records.cases {
        match streamed.get(&r.key()) {
            Some(sent) => debug_assert_eq!(sent, r, "a streamed record changed"),
            None => out.extend(line(&Line::Case(r.clone()))),
        }
    }
    for w in &records.wrong {
        out.extend(line(&Line::WrongSolution(w.clone())));
    }
    out.extend(line(&Line::Summary(records.summary.clone())));
    out
}

/// Prints case lines as the run finishes them, each (program, case) once: a TLE that may still be
/// confirmed alone waits for that, or for the end.
pub struct Stream<W: Write + Send> {
    out: Mutex<W>,
    streamed: Mutex<HashMap<String, Record>>,
}

impl<W: Write + Send> Stream<W> {
    pub fn new(out: W) -> Self {
        Self {
            out: Mutex::new(out),
            streamed: Mutex::new(HashMap::new()),
        }
    }

    /// A (program, case) finished; `pending`: its verdict may still change (a TLE that the wall
    /// clock gave, not yet confirmed alone).
    pub fn finished(&self, record: Record, pending: bool) {
        if pending {
            return;
        }
        let mut streamed = self.streamed.lock().unwrap_or_else(|e| e.into_inner());
        if streamed.contains_key(&record.key()) {
            return;
        }
        let bytes = line(&Line::Case(record.clone()));
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        // A closed stdout (`| head`) must not stop the run.
        let _ = out.write_all(&bytes).and_then(|()| out.flush());
        streamed.insert(record.key(), record);
    }

    /// The run ended: prints the rest and the summary; returns the writer.
    pub fn finish(self, records: &Records) -> std::io::Result<W> {
        let streamed = self
            .streamed
            .into_inner()
            .unwrap_or_else(|e| e.into_inner());
        let mut out = self.out.into_inner().unwrap_or_else(|e| e.into_inner());
        out.write_all(&tail(records, &streamed))?;
        out.flush()?;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::tests::{record, tally};
    use crate::records::{summarize, Status};
    use judging::Verdict;

    fn records() -> Records {
        let cases = vec![
            record("t", "solutions/src/bin/t.rs", "a", Some(Verdict::Accepted)),
            record(
                "t",
                "solutions/src/bin/t.rs",
                "b",
                Some(Verdict::TimeLimitExceeded),
            ),
            record(
                "t",
                "problems/t/wrong/w.rs",
                "a",
                Some(Verdict::WrongAnswer),
            ),
            record("t", "problems/t/wrong/w.rs", "b", None),
        ];
        let summary = summarize(&cases, &tally(2, 1), false, vec![]);
        Records {
            cases,
            wrong: vec![],
            summary,
        }
    }

    fn parse(bytes: &[u8]) -> Vec<Line> {
        std::str::from_utf8(bytes)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    #[test]
    fn serialize_writes_every_case_then_the_summary() {
        let r = records();
        let lines = parse(&serialize(&r));
        assert_eq!(lines.len(), 5);
        assert_eq!(lines[1], Line::Case(r.cases[1].clone()));
        let Line::Summary(s) = &lines[4] else {
            panic!("the last line is not the summary")
        };
        assert_eq!((s.passed, s.failed, s.skipped, s.cases), (2, 1, 1, 4));
        assert_eq!(s.exit_code, 1);
    }

    #[test]
    fn the_stream_holds_an_unconfirmed_tle_and_prints_each_case_once() {
        let r = records();
        let stream = Stream::new(Vec::new());
        stream.finished(r.cases[2].clone(), false);
        stream.finished(r.cases[1].clone(), true); // a wall-clock TLE, not confirmed alone: held
        stream.finished(r.cases[0].clone(), false);
        stream.finished(r.cases[0].clone(), false); // a duplicate event prints nothing
        let out = stream.finish(&r).unwrap();
        let lines = parse(&out);
        let cases: Vec<&str> = lines
            .iter()
            .filter_map(|l| match l {
                Line::Case(c) => Some(c.case.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(cases, ["a", "a", "b", "b"]);
        let Line::Case(first) = &lines[0] else {
            panic!()
        };
        assert_eq!(first.status, Status::Caught);
        let Line::Case(held) = &lines[2] else {
            panic!()
        };
        assert_eq!(held.verdict, Some(Verdict::TimeLimitExceeded));
        assert!(matches!(lines.last(), Some(Line::Summary(_))));
    }

    /// The JSON lines of a case (a WA with its diff and stderr; one not run) and of a wrong
    /// solution not caught, pinned by an insta snapshot (`src/machine/snapshots/`): what a
    /// reader of the schema sees.
    #[test]
    fn the_json_lines_of_cases_and_of_a_wrong_solution_are_pinned() {
        use crate::records::{WrongSolution, SCHEMA};
        use judging::Verdicts;
        let mut wa = record(
            "twice",
            "solutions/src/bin/twice.rs",
            "big",
            Some(Verdict::WrongAnswer),
        );
        wa.stderr = Some("debug: n=3".into());
        let skipped = record("twice", "problems/twice/wrong/off.rs", "big", None);
        let wrong = WrongSolution {
            schema: SCHEMA,
            problem: "twice".into(),
            program: "problems/twice/wrong/off.rs".into(),
            expect: Verdicts::one(Verdict::WrongAnswer),
            allow: None,
            why: Some("prints 2n+1".into()),
            passed: false,
            not_run: false,
            caught_by: None,
            verdicts: [(Verdict::Accepted, 2)].into_iter().collect(),
        };
        let lines = [
            Line::Case(wa),
            Line::Case(skipped),
            Line::WrongSolution(wrong),
        ];
        let bytes: Vec<u8> = lines.iter().flat_map(line).collect();
        insta::assert_snapshot!(String::from_utf8(bytes).unwrap());
    }
}
