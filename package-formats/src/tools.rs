//! What an import needs to make tests a package does not carry: its generators and reference
//! solution, built with the `local` profile (each once) and run in the sandbox.

use std::path::Path;

use std::time::Duration;

use anyhow::{bail, Result};
use sandbox::{Executor, Kill, Limits, Program, Stdin};

use judging::Session;
use judging::LOCAL;
use judging::TOOL_LIMITS;

/// A generated test's input or answer may be this large.
const GENERATED_MAX: usize = 256 << 20;

/// What the import needs to run the package's generators and main solution.
pub struct PackageTools<'a> {
    /// The session whose judges, file kinds and builder make the programs, and in whose
    /// sandbox (made when a test has to be generated) they run.
    pub session: &'a Session,
    /// The most bytes the package's programs may make in all (`--max-size`): what they make is
    /// held until the problem is written.
    pub max_bytes: u64,
    /// The CPU time limit of the package's generators and main solution
    /// (`--tool-time-limit`; [`TOOL_LIMITS`] by default).
    pub time: Duration,
}

/// The package's programs, each built once.
pub struct Programs<'a, 'x> {
    pub tools: &'a PackageTools<'x>,
    built: Vec<(String, Program)>,
    /// The bytes the programs made so far.
    made: u64,
}

impl<'a, 'x> Programs<'a, 'x> {
    /// No program built yet, with `tools` to build them.
    pub fn new(tools: &'a PackageTools<'x>) -> Self {
        Programs {
            tools,
            built: Vec::new(),
            made: 0,
        }
    }

    /// The program built from `source` with the `local` profile, once (`key` names it in
    /// messages).
    pub fn build(&mut self, key: &str, source: &Path) -> Result<Program> {
        self.build_under(LOCAL, key, source)
    }

    /// The program built from `source` with the profile `judge` gives its extension (else
    /// `local`'s), once.
    pub(crate) fn build_under(&mut self, judge: &str, key: &str, source: &Path) -> Result<Program> {
        if let Some((_, p)) = self.built.iter().find(|(k, _)| k == key) {
            return Ok(p.clone());
        }
        let p = self.tools.session.build(judge, source, key)?;
        self.built.push((key.to_string(), p.clone()));
        Ok(p)
    }

    /// `program`'s output on `stdin`, under the limits of a problem's own programs (the time
    /// limit as `--tool-time-limit` sets it); `what` names it when it fails, with how it ended.
    pub fn run(&mut self, program: &Program, stdin: &[u8], what: &str) -> Result<Vec<u8>> {
        let exec: &dyn Executor = self.tools.session.sandbox()?;
        let limits = Limits {
            time: self.tools.time,
            memory_bytes: TOOL_LIMITS.memory_bytes,
        };
        let out = exec.run(program, Stdin::Bytes(stdin), &limits, GENERATED_MAX)?;
        if out.killed.is_some() || !out.exit.success() || out.output_overflow {
            let how = judging::judgement::how_it_ended(&out, &limits);
            let hint = if matches!(out.killed, Some(Kill::CpuTime | Kill::WallClock)) {
                "; if it is that slow on purpose, raise the limit: runner import --tool-time-limit 30s"
            } else {
                ""
            };
            let stderr = String::from_utf8_lossy(&out.stderr);
            let stderr = match stderr.trim() {
                "" => "nothing on stderr".to_string(),
                s => format!("stderr: {s}"),
            };
            bail!("{what} failed: {how}{hint}; {stderr}");
        }
        self.made = self.made.saturating_add(out.stdout.len() as u64);
        if self.made > self.tools.max_bytes {
            bail!(
                "{what}: the package's programs made more than {} bytes of tests: refused (raise \
                 the bound with --max-size)",
                self.tools.max_bytes
            );
        }
        Ok(out.stdout)
    }
}
