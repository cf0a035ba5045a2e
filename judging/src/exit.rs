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
