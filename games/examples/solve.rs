//! `cargo run -p games --example solve -- CODE [MAX]`: the verdict and the time, for profiling
//! the engine without the runner.
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = games::file::parse_spec(&args[0], false).expect("a code");
    let max = args
        .get(1)
        .map_or(1_000_000, |m| m.parse().expect("a number"));
    let request = games::solve::Request {
        max,
        stop_when_proven: args.get(2).map(String::as_str) != Some("full"),
    };
    let r = games::solve::solve_with(&game, &request, &games::solve::Quiet);
    println!("{}", r.verdict);
    println!("largest value {}", r.largest_value);
    println!(
        "{} values, {:.3} s, {} ({})",
        r.values_computed, r.seconds, r.method.name, r.method.why
    );
}
