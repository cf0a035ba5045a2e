//! `runner new SLUG`: scaffolds a problem and says what to do next.

use anyhow::Result;

use super::context::{print, Context};
use crate::exit;
use crate::scaffold;

pub fn new(cx: &Context, slug: &str, checker: bool) -> Result<u8> {
    let created = scaffold::new_problem(&cx.ws, slug, checker)?;
    let mut text = format!("created problem `{slug}`:\n");
    for path in created {
        text.push_str(&format!("  {}\n", cx.ws.display(&path)));
    }
    text.push_str(&format!(
        "next: fill in problem.toml and the README; put the official sample in \
         fixtures/{slug}.toml; write validate.rs{}, brute.rs, gen.rs and the solution; then\n\
         \x20 cargo run -p runner -- run {slug} --brute my.in   # the brute force's output for an input of yours\n\
         \x20 cargo run -p runner -- verify {slug}             # validator and brute force on every case\n\
         \x20 cargo run -p runner -- stress {slug}             # the solution against the brute force on random inputs\n\
         \x20 cargo run -p runner -- {slug}                    # judge the solution and the wrong solutions in wrong/\n",
        if checker { ", checker.rs" } else { "" }
    ));
    print(&text)?;
    Ok(exit::PASSED)
}
