//! What a judge run gives machines: the JSON Lines stream, the JUnit file, the history that
//! `--failed` reads, and the choice of a plan's part (`--partition`, `--failed`).
//!
//! The exporters are pure functions of the records ([`json`], [`junit`], [`html`]); [`Outputs`] is
//! the glue the command line calls before, during and after a run.

pub mod html;
pub mod json;
pub mod junit;
pub mod merge;

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};

use crate::history;
use crate::partition::{self, Partition, Timings};
use crate::records::{self, Line, Records};
use judging::{Event, Planned, RunReport, Tally};

/// The format of stdout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// The report, for a person.
    #[default]
    Human,
    /// JSON Lines: a line per (program, case) as it finishes, a line per wrong solution, and a
    /// summary last.
    Json,
}

/// What a run writes besides its report, and which part of the plan it judges (the command
/// line fills it from the options the command takes).
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The format of stdout.
    pub format: Format,
    /// Also a JUnit XML report there.
    pub junit: Option<PathBuf>,
    /// Also the run as one self-contained HTML page there.
    pub html: Option<PathBuf>,
    /// `judge --watch`: the page reloads itself, as it is written again each round.
    pub watching: bool,
    /// Only this shard of the plan.
    pub partition: Option<Partition>,
    /// Past timings for `--partition count:K/N`.
    pub timings: Option<PathBuf>,
    /// Only what failed in the last run.
    pub failed: bool,
}

/// A plan cut down by `--failed` and `--partition`, or why nothing is left to run.
pub enum Selected {
    Run(Vec<Planned>),
    Nothing(String),
}

/// The outputs of one judge run.
pub struct Outputs {
    args: Options,
    root: PathBuf,
    history: PathBuf,
    /// The runner's folder (`target/judge/`): the history, the mutation scores.
    cache_dir: PathBuf,
    /// The lines of a failure's diff in a record (`--diff-lines`).
    diff_lines: usize,
}

/// The stream of JSON lines on stdout, when the format is json.
pub type Stream = json::Stream<std::io::Stdout>;

impl Outputs {
    pub fn new(args: Options, root: &Path, cache_dir: &Path, diff_lines: usize) -> Result<Self> {
        if args.timings.is_some() && args.partition.is_none() {
            bail!("--timings is read by --partition count:K/N only");
        }
        Ok(Self {
            args,
            root: root.to_path_buf(),
            history: cache_dir.join(history::FILE),
            cache_dir: cache_dir.to_path_buf(),
            diff_lines,
        })
    }

    pub fn human(&self) -> bool {
        self.args.format == Format::Human
    }

    /// Applies `--failed`, then `--partition`.
    pub fn select(&self, plan: Vec<Planned>) -> Result<Selected> {
        if !self.args.failed && self.args.partition.is_none() {
            return Ok(Selected::Run(plan));
        }
        let units = partition::units(&plan, &self.root);
        let mut keep = vec![true; units.len()];
        if self.args.failed {
            let Some(last) = history::load(&self.history)? else {
                bail!(
                    "no last run is recorded ({}): run once without --failed",
                    self.history.display()
                );
            };
            let failed = history::failed(&last);
            if failed.is_empty() {
                return Ok(Selected::Nothing(
                    "the last run had no failures: nothing to re-run".into(),
                ));
            }
            for (k, u) in keep.iter_mut().zip(&units) {
                *k = failed.contains(&u.key);
            }
            if !keep.contains(&true) {
                let n = failed.len();
                return Ok(Selected::Nothing(format!(
                    "nothing to re-run: the last run's {n} failure{} {} not among the programs \
                     and cases selected here",
                    if n == 1 { "" } else { "s" },
                    if n == 1 { "is" } else { "are" },
                )));
            }
        }
        if let Some(p) = self.args.partition {
            let timings = match &self.args.timings {
                Some(path) => history::timings(
                    &history::load(path)?
                        .with_context(|| format!("--timings {}: no such file", path.display()))?,
                ),
                None => Timings::new(),
            };
            let chosen: Vec<usize> = units
                .iter()
                .zip(&keep)
                .enumerate()
                .filter(|(_, (_, &k))| k)
                .map(|(i, _)| i)
                .collect();
            let kept: Vec<partition::Unit> = chosen.iter().map(|&i| units[i].clone()).collect();
            let shards = partition::assign(&kept, p.n, p.scheme, &timings);
            for (&i, shard) in chosen.iter().zip(shards) {
                keep[i] = shard == p.k - 1;
            }
            if !keep.contains(&true) {
                return Ok(Selected::Nothing(format!(
                    "partition {}/{}: nothing to do",
                    p.k, p.n
                )));
            }
        }
        Ok(Selected::Run(partition::restrict(plan, &units, &keep)))
    }

    /// The JSON stream of the run, when the format is json.
    pub fn stream(&self) -> Option<Stream> {
        (self.args.format == Format::Json).then(|| json::Stream::new(std::io::stdout()))
    }

    /// Passes a run event to the stream.
    pub fn on_event(&self, stream: Option<&Stream>, event: &Event) {
        if let Some(stream) = stream {
            if let Some(record) = records::from_event(event, &self.root, self.diff_lines) {
                // A TLE that only the wall clock gave may still be confirmed alone: its line
                // waits for that, or for the end.
                let pending = matches!(event, Event::CaseFinished { outcome, subject, fixture, .. }
                    if outcome.awaits_confirmation(&subject.limits.unwrap_or(fixture.limits)));
                stream.finished(record, pending);
            }
        }
    }

    /// After the run: the rest of the JSON stream, the JUnit file, the history.
    /// `tally` is the run's final count, the one the human report's last line shows (for
    /// `verify`, the validator's checks are in it too).
    pub fn finish(&self, report: &RunReport, stream: Option<Stream>, tally: &Tally) -> Result<()> {
        let mut records = records::from_report(report, &self.root, self.diff_lines);
        records.summary.count(tally, report.interrupted);
        records.summary.partition = self.args.partition.map(|p| p.to_string());
        records.summary.failed_only = self.args.failed;
        if let Some(stream) = stream {
            stream.finish(&records)?;
        }
        self.write_junit(&records)?;
        self.write_html(&records, None, crate::report::counted(tally))?;
        if !report.interrupted {
            history::save(&self.history, &records)?;
        }
        Ok(())
    }

    /// Nothing to run: says why (on stdout, or on stderr with a JSON summary), writes an empty
    /// JUnit file, exits 0.
    pub fn nothing(&self, why: &str) -> Result<u8> {
        let mut records = Records::empty();
        records.summary.partition = self.args.partition.map(|p| p.to_string());
        records.summary.failed_only = self.args.failed;
        let mut out = std::io::stdout().lock();
        if self.human() {
            writeln!(out, "{why}")?;
        } else {
            eprintln!("{why}");
            out.write_all(&json::line(&Line::Summary(records.summary.clone())))?;
        }
        out.flush()?;
        self.write_junit(&records)?;
        self.write_html(&records, Some(why), None)?;
        Ok(judging::exit::PASSED)
    }

    /// Where `--html` writes the page, if it was given.
    pub fn html_path(&self) -> Option<&Path> {
        self.args.html.as_deref()
    }

    fn write_junit(&self, records: &Records) -> Result<()> {
        match &self.args.junit {
            Some(path) => write_junit(path, records),
            None => Ok(()),
        }
    }

    fn write_html(
        &self,
        records: &Records,
        nothing: Option<&str>,
        counted: Option<String>,
    ) -> Result<()> {
        let Some(path) = &self.args.html else {
            return Ok(());
        };
        let mut info = page_info();
        info.nothing = nothing.map(str::to_string);
        info.counted = counted;
        info.reload_seconds = self.args.watching.then_some(RELOAD_SECONDS);
        for slug in records.cases.iter().map(|r| &r.problem) {
            if info.mutation.contains_key(slug) {
                continue;
            }
            let scores = judging::mutants::last_scores(&self.cache_dir, slug);
            info.mutation
                .insert(slug.clone(), scores.iter().map(|s| s.line()).collect());
        }
        write_html(path, records, &info)
    }
}

/// How often a page that `--watch` rewrites reloads itself.
pub const RELOAD_SECONDS: u32 = 2;

/// The page's title (the command line, as it was run) and time, and the command that starts
/// the runner, as the terminal's hints name it.
pub fn page_info() -> html::PageInfo {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .map(|a| html::shell_quote(&a))
        .collect();
    let runner = crate::invoked::command();
    html::PageInfo {
        title: format!("{runner} {}", args.join(" "))
            .trim_end()
            .to_string(),
        runner: runner.to_string(),
        generated_ms: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as u64),
        ..html::PageInfo::default()
    }
}

/// Writes the page of `records` at `path`, whole or not at all (a page open in a browser that
/// reloads it never sees half a file).
pub fn write_html(path: &Path, records: &Records, info: &html::PageInfo) -> Result<()> {
    let page = html::render(records, info);
    judging::write::replace(path, page.as_bytes())
        .with_context(|| format!("cannot write --html {}", path.display()))
}

/// Writes `records` as a JUnit XML file at `path`.
pub fn write_junit(path: &Path, records: &Records) -> Result<()> {
    let xml = junit::serialize(records)?;
    // Whole or not at all, never through a link planted at PATH.
    judging::write::replace(path, &xml)
        .with_context(|| format!("cannot write --junit {}", path.display()))
}
