//! The verdict cache: a case's judgement is reused while nothing it depends on has changed, so a
//! re-run costs what changed, not the whole archive (Bazel's cached test results, per case).
//!
//! The key is the SHA-256 of everything the judgement depends on: the runner itself (its
//! executable, by path, size and modification time), the sandbox setting, the program (its
//! command line, stack, and the content of every file it runs: the binary or the script; a
//! binary of the build cache by its entry, whose name is derived from its build's inputs), the input and the expected output,
//! the limits and the output cap, the compare mode, the checker (its program, for a case it
//! judges) and how much of an interactive case's dialogue is kept (`--transcript`). Nothing of
//! how a report draws (colour, the diff's length) is in the key: a failure keeps the outputs
//! it differs in ([`crate::diff::Compared`]), and each invocation draws them. An entry is one file under
//! `target/judge/verdicts/`, written to a temporary file and renamed into place, so a crashed run
//! or two runners at once never leave half an entry; an entry that cannot be read is ignored and
//! counted.
//!
//! What is measured near a limit is never reused: a TLE, an MLE, a kill by the wall clock, or a
//! CPU time or peak memory within 25% of its limit is judged again every run.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::compare::CompareMode;
use crate::diff::Compared;
use crate::judgement::{Failure, Outcome};
use crate::verdict::Verdict;
use sandbox::{Limits, Program};

/// The cache of one run.
#[derive(Debug)]
pub struct VerdictCache {
    dir: PathBuf,
    /// The build cache: its programs are named by their build's key (see [`crate::compile::program_digest`]).
    builds: PathBuf,
    /// The runner and the sandbox setting: the part of every key that is the same in a run.
    base: [u8; 32],
    unreadable: AtomicUsize,
}

/// What is kept of an outcome.
#[derive(Debug, Serialize, Deserialize)]
struct Entry {
    verdict: Verdict,
    detail: Option<String>,
    cpu_us: u64,
    wall_us: u64,
    memory: u64,
    failure: Option<KeptFailure>,
}

#[derive(Debug, Serialize, Deserialize)]
struct KeptFailure {
    first_difference: Option<String>,
    #[serde(default)]
    compared: Option<KeptCompared>,
    stderr: Vec<u8>,
    #[serde(default)]
    transcript: Option<String>,
    #[serde(default)]
    input: Option<String>,
    #[serde(default)]
    hint: Option<String>,
}

/// A failure's outputs as kept ([`Compared`]).
#[derive(Debug, Serialize, Deserialize)]
struct KeptCompared {
    expected: Bytes,
    actual: Bytes,
    input: Option<Bytes>,
    verdict: Verdict,
    exact: bool,
    window: Option<(usize, usize)>,
}

/// Bytes as JSON: a string when they are UTF-8 (an output nearly always is), else numbers.
#[derive(Debug, Serialize, Deserialize)]
#[serde(untagged)]
enum Bytes {
    Text(String),
    Raw(Vec<u8>),
}

impl Bytes {
    fn of(bytes: &[u8]) -> Bytes {
        match std::str::from_utf8(bytes) {
            Ok(text) => Bytes::Text(text.to_string()),
            Err(_) => Bytes::Raw(bytes.to_vec()),
        }
    }

    fn into_vec(self) -> Vec<u8> {
        match self {
            Bytes::Text(text) => text.into_bytes(),
            Bytes::Raw(bytes) => bytes,
        }
    }
}

impl KeptCompared {
    fn of(c: &Compared) -> KeptCompared {
        KeptCompared {
            expected: Bytes::of(&c.expected),
            actual: Bytes::of(&c.actual),
            input: c.input.as_deref().map(Bytes::of),
            verdict: c.verdict,
            exact: c.exact,
            window: c.window,
        }
    }

    fn into_compared(self) -> Compared {
        Compared {
            expected: self.expected.into_vec(),
            actual: self.actual.into_vec(),
            input: self.input.map(Bytes::into_vec),
            verdict: self.verdict,
            exact: self.exact,
            window: self.window,
        }
    }
}

/// What a case's key is made of, besides the run's base.
pub struct KeyParts<'a> {
    pub program: &'a [u8; 32],
    /// The checker's digest, when the checker judges the case.
    pub checker: Option<&'a [u8; 32]>,
    /// The interactor's digest, when the case is interactive.
    pub interactor: Option<&'a [u8; 32]>,
    pub input: &'a [u8],
    pub expected: &'a [u8],
    pub limits: &'a Limits,
    pub output_cap: usize,
    pub compare: CompareMode,
    /// The lines of an interactive case's dialogue kept (`--transcript`: all of them, and a
    /// game that ran to a limit is played again to record it).
    pub transcript_lines: usize,
}

impl VerdictCache {
    /// The cache under `cache_dir` for a run with the sandbox on or off.
    pub fn new(cache_dir: &Path, sandbox: bool) -> VerdictCache {
        let mut h = Sha256::new();
        // The runner's own code decides verdicts: a rebuilt runner starts a new cache. Its
        // executable's path, size and modification time name the build without reading it.
        h.update(env!("CARGO_PKG_VERSION"));
        if let Ok(exe) = std::env::current_exe() {
            h.update(exe.as_os_str().as_encoded_bytes());
            if let Ok(m) = std::fs::metadata(&exe) {
                h.update(format!("{} {:?}", m.len(), m.modified().ok()));
            }
        }
        h.update([u8::from(sandbox)]);
        VerdictCache {
            dir: cache_dir.join("verdicts"),
            builds: cache_dir.join("build"),
            base: h.finalize().into(),
            unreadable: AtomicUsize::new(0),
        }
    }

    /// The digest of `program` for this cache's keys ([`crate::compile::program_digest`]).
    pub(crate) fn program_digest(&self, program: &Program) -> Option<[u8; 32]> {
        crate::compile::program_digest(program, &self.builds)
    }

    /// The build cache's folder (its entries are named by what they were built from).
    pub(crate) fn builds(&self) -> &Path {
        &self.builds
    }

    /// The key of one (program, case).
    pub fn key(&self, k: &KeyParts) -> String {
        let mut h = Sha256::new();
        h.update(self.base);
        h.update(k.program);
        h.update(k.checker.map_or([0; 32], |c| *c));
        h.update(k.interactor.map_or([0; 32], |c| *c));
        for part in [k.input, k.expected] {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part);
        }
        // "facts": a failure keeps its outputs, not a drawn diff (entries of before are not
        // read as this kind).
        h.update(format!(
            "facts {:?} {} {} {:?} {}",
            k.limits.time, k.limits.memory_bytes, k.output_cap, k.compare, k.transcript_lines
        ));
        h.finalize()
            .iter()
            .take(20)
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    fn path(&self, key: &str) -> PathBuf {
        self.dir.join(&key[..2]).join(&key[2..])
    }

    /// The outcome kept under `key`, marked as cached.
    pub fn get(&self, key: &str) -> Option<Outcome> {
        let bytes = std::fs::read(self.path(key)).ok()?;
        let Ok(e) = serde_json::from_slice::<Entry>(&bytes) else {
            self.unreadable.fetch_add(1, Ordering::Relaxed);
            return None;
        };
        Some(Outcome {
            verdict: e.verdict,
            detail: e.detail,
            cpu: Duration::from_micros(e.cpu_us),
            wall: Duration::from_micros(e.wall_us),
            memory: e.memory,
            killed: None,
            failure: e.failure.map(|f| {
                Box::new(Failure {
                    first_difference: f.first_difference,
                    compared: f.compared.map(KeptCompared::into_compared),
                    stderr: f.stderr,
                    transcript: f.transcript,
                    input: f.input,
                    hint: f.hint,
                })
            }),
            confirmed_alone: false,
            alone_load: None,
            cached: true,
        })
    }

    /// Keeps `outcome` under `key`, unless it was measured near a limit (see `reusable`).
    /// A failure to write only costs the next run a judgement.
    pub fn put(&self, key: &str, outcome: &Outcome, limits: &Limits) {
        if !reusable(outcome, limits) {
            return;
        }
        let entry = Entry {
            verdict: outcome.verdict,
            detail: outcome.detail.clone(),
            cpu_us: outcome.cpu.as_micros() as u64,
            wall_us: outcome.wall.as_micros() as u64,
            memory: outcome.memory,
            failure: outcome.failure.as_ref().map(|f| KeptFailure {
                first_difference: f.first_difference.clone(),
                compared: f.compared.as_ref().map(KeptCompared::of),
                stderr: f.stderr.clone(),
                transcript: f.transcript.clone(),
                input: f.input.clone(),
                hint: f.hint.clone(),
            }),
        };
        let path = self.path(key);
        let Some(dir) = path.parent() else { return };
        let write = || -> std::io::Result<()> {
            std::fs::create_dir_all(dir)?;
            let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
            tmp.write_all(&serde_json::to_vec(&entry).map_err(std::io::Error::other)?)?;
            tmp.persist(&path).map_err(|e| e.error)?;
            Ok(())
        };
        let _ = write();
    }

    /// How many entries could not be read (and were judged again).
    pub fn unreadable(&self) -> usize {
        self.unreadable.load(Ordering::Relaxed)
    }
}

/// Whether an outcome may be reused: not a limit verdict, not a kill, not a judge error, and
/// with its CPU time and peak memory under three quarters of their limits.
pub(crate) fn reusable(o: &Outcome, limits: &Limits) -> bool {
    let limit_verdict = matches!(
        o.verdict,
        Verdict::TimeLimitExceeded
            | Verdict::MemoryLimitExceeded
            | Verdict::OutputLimitExceeded
            | Verdict::IdlenessLimitExceeded
            | Verdict::CheckerFailed
            | Verdict::CompileError
    );
    let near = o.cpu.as_secs_f64() > limits.time.as_secs_f64() * 0.75
        || o.memory as f64 > limits.memory_bytes as f64 * 0.75;
    let not_run = o
        .detail
        .as_deref()
        .is_some_and(|d| d.starts_with("cannot start"));
    !limit_verdict && o.killed.is_none() && !near && !o.cached && !not_run
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judgement::tests::LIMITS;
    use sandbox::Kill;

    fn outcome(verdict: Verdict, cpu_ms: u64, memory: u64) -> Outcome {
        Outcome {
            verdict,
            detail: None,
            cpu: Duration::from_millis(cpu_ms),
            wall: Duration::from_millis(cpu_ms),
            memory,
            killed: None,
            failure: None,
            confirmed_alone: false,
            alone_load: None,
            cached: false,
        }
    }

    #[test]
    fn only_what_was_measured_clear_of_every_limit_is_reused() {
        // LIMITS: 1000 ms, 32 MiB.
        assert!(reusable(
            &outcome(Verdict::Accepted, 700, 20 << 20),
            &LIMITS
        ));
        assert!(reusable(
            &outcome(Verdict::WrongAnswer, 10, 1 << 20),
            &LIMITS
        ));
        assert!(reusable(
            &outcome(Verdict::RuntimeError, 10, 1 << 20),
            &LIMITS
        ));
        assert!(!reusable(
            &outcome(Verdict::Accepted, 760, 1 << 20),
            &LIMITS
        ));
        assert!(!reusable(
            &outcome(Verdict::Accepted, 10, 25 << 20),
            &LIMITS
        ));
        for v in [
            Verdict::TimeLimitExceeded,
            Verdict::MemoryLimitExceeded,
            Verdict::OutputLimitExceeded,
            Verdict::CheckerFailed,
        ] {
            assert!(!reusable(&outcome(v, 10, 1 << 20), &LIMITS), "{v}");
        }
        let killed = Outcome {
            killed: Some(Kill::WallClock),
            ..outcome(Verdict::Accepted, 10, 1 << 20)
        };
        assert!(!reusable(&killed, &LIMITS));
        let not_run = Outcome::cannot_start(&std::io::Error::other("no such file"));
        assert!(!reusable(&not_run, &LIMITS));
    }

    #[test]
    fn a_failure_comes_back_with_its_outputs_to_draw_again() {
        let dir = tempfile::tempdir().unwrap();
        let cache = VerdictCache::new(dir.path(), true);
        let compared = Compared {
            expected: b"Kiki\n".to_vec(),
            // Not UTF-8: kept as bytes.
            actual: b"Ci\xffci\n".to_vec(),
            input: Some(b"3\n".to_vec()),
            verdict: Verdict::WrongAnswer,
            exact: false,
            window: Some((4, 5)),
        };
        let failed = Outcome {
            failure: Some(Box::new(Failure {
                first_difference: Some("first difference: line 1".into()),
                compared: Some(compared.clone()),
                ..Failure::default()
            })),
            ..outcome(Verdict::WrongAnswer, 10, 1 << 20)
        };
        cache.put("abcdef", &failed, &LIMITS);
        let back = cache.get("abcdef").unwrap();
        assert!(back.cached);
        let f = back.failure.unwrap();
        assert_eq!(f.compared, Some(compared));
        assert_eq!(
            f.first_difference.as_deref(),
            Some("first difference: line 1")
        );
    }

    #[test]
    fn every_part_of_the_key_changes_it() {
        let dir = tempfile::tempdir().unwrap();
        let cache = VerdictCache::new(dir.path(), true);
        let program = [1; 32];
        let checker = [2; 32];
        let base = KeyParts {
            program: &program,
            checker: None,
            interactor: None,
            input: b"3\n",
            expected: b"6\n",
            limits: &LIMITS,
            output_cap: 1 << 20,
            compare: CompareMode::Lines,
            transcript_lines: 12,
        };
        let key = cache.key(&base);
        let other = [3; 32];
        let longer = Limits {
            time: LIMITS.time * 2,
            ..LIMITS
        };
        let variants = [
            KeyParts {
                program: &other,
                ..base
            },
            KeyParts {
                checker: Some(&checker),
                ..base
            },
            KeyParts {
                interactor: Some(&checker),
                ..base
            },
            KeyParts {
                input: b"3 \n",
                ..base
            },
            KeyParts {
                expected: b"6",
                ..base
            },
            // The boundary between input and expected output is part of the key.
            KeyParts {
                input: b"3\n6",
                expected: b"\n",
                ..base
            },
            KeyParts {
                limits: &longer,
                ..base
            },
            KeyParts {
                output_cap: 1,
                ..base
            },
            KeyParts {
                compare: CompareMode::Tokens,
                ..base
            },
            KeyParts {
                transcript_lines: usize::MAX,
                ..base
            },
        ];
        for v in &variants {
            assert_ne!(cache.key(v), key);
        }
        assert_ne!(VerdictCache::new(dir.path(), false).key(&base), key);
        assert_eq!(cache.key(&base), key);
    }
}
