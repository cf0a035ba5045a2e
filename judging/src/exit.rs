//! The runner's exit codes. The model decides which one a run ends with (a report, a tally);
//! the command line only returns it.

/// Every program got its verdict: solutions accepted, wrong solutions caught.
pub const PASSED: u8 = 0;
/// Some case failed, a wrong solution was not caught, or a submission was refused.
pub const FAILED: u8 = 1;
/// A usage, configuration or fixture error, or a failure of the problem's own programs (JE).
pub const ERROR: u8 = 2;
/// Ctrl-C (or SIGTERM, SIGHUP): the run was cut short, as a shell reports SIGINT.
pub const INTERRUPTED: u8 = 130;

/// The counts of the last line, and what they count: every case of every solution (and of the
/// brute force in `verify`), and every wrong solution as one item (it passes when it got its
/// verdict).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Items that passed.
    pub passed: usize,
    /// Items that failed.
    pub failed: usize,
    /// Cases judged of the solutions (each case of each solution counts once).
    pub solution_cases: usize,
    /// Wrong solutions (each counts once: it got its verdict or not).
    pub wrong_solutions: usize,
    /// Cases checked against the brute force (`verify`).
    pub brute_cases: usize,
    /// Inputs given to a validator (`verify`).
    pub validator_checks: usize,
    /// Problems without any solution (each counts as one failure).
    pub missing_solutions: usize,
    /// Problems not written yet (every solution still `runner new`'s scaffold): skipped, no
    /// failure.
    pub not_written: usize,
    /// Items not run because the run was interrupted first: cases of solutions, and wrong
    /// solutions that had not got their verdict yet (neither passed nor failed).
    pub not_run: usize,
    /// Runs where the checker failed: the run ends with exit 2.
    pub checker_failures: usize,
}

impl Tally {
    /// Adds the counts of `o`.
    pub fn add(&mut self, o: Tally) {
        self.passed += o.passed;
        self.failed += o.failed;
        self.solution_cases += o.solution_cases;
        self.wrong_solutions += o.wrong_solutions;
        self.brute_cases += o.brute_cases;
        self.validator_checks += o.validator_checks;
        self.missing_solutions += o.missing_solutions;
        self.not_written += o.not_written;
        self.not_run += o.not_run;
        self.checker_failures += o.checker_failures;
    }

    /// [`ERROR`] a checker failed (the verdicts say nothing), [`FAILED`] something
    /// failed, [`PASSED`] all passed; the run's interruption is [`Tally::exit_code_of`]'s.
    pub fn exit_code(&self) -> u8 {
        if self.checker_failures > 0 {
            ERROR
        } else if self.failed > 0 || self.not_run > 0 {
            FAILED
        } else {
            PASSED
        }
    }

    /// The exit code of a run with this tally: [`INTERRUPTED`] when it was cut short.
    pub fn exit_code_of(&self, interrupted: bool) -> u8 {
        if interrupted {
            INTERRUPTED
        } else {
            self.exit_code()
        }
    }
}
