//! `runner new SLUG`: scaffolds a problem and says what to do next.

use anyhow::Result;

use super::context::{print, Context};
use judging::exit;
use judging::scaffold::{self, Lang};

pub fn new(cx: &Context, slug: &str, checker: bool, lang: Lang) -> Result<u8> {
    let created = scaffold::new_problem(&cx.ws, slug, checker, lang)?;
    let mut text = format!("created problem `{slug}`:\n");
    for path in created {
        text.push_str(&format!("  {}\n", cx.ws.display(&path)));
    }
    let solution = scaffold::solution_path(&cx.ws, slug, lang);
    let r = crate::invoked::command();
    text.push_str(&format!(
        "next: put the statement's sample in fixtures/{slug}.toml, write the solution \
         ({solution}), then\n\
         \x20 {r} {slug}                    # judge the solution (and the wrong solutions in wrong/)\n\
         and, to test it harder: fill in problem.toml and the README; write validate.rs{checker}, \
         brute.rs, gen.rs; then\n\
         \x20 {r} run {slug} --brute my.in   # the brute force's output for an input of yours\n\
         \x20 {r} verify {slug}             # validator and brute force on every case\n\
         \x20 {r} stress {slug}             # the solution against the brute force on random inputs\n",
        solution = cx.ws.display(&solution),
        checker = if checker { ", checker.rs" } else { "" }
    ));
    print(&text)?;
    Ok(exit::PASSED)
}
