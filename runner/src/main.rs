// No function over 80 lines of code (the threshold is the workspace's clippy.toml).
#![warn(clippy::too_many_lines)]
fn main() -> std::process::ExitCode {
    runner::cli::main()
}
