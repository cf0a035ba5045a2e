//! `runner new SLUG`: scaffolds a problem (or adds the programs that test its tests to one that
//! exists) and says what to do next.

use anyhow::Result;

use super::context::{print, Context};
use judging::exit;
use judging::scaffold::{self, Extra, Lang, NewProblem};

pub fn new(cx: &Context, slug: &str, lang: Option<Lang>, extras: &[Extra]) -> Result<u8> {
    let lang = match lang {
        Some(l) => l,
        None => cx.workspace_lang()?,
    };
    let p = NewProblem { slug, lang, extras };
    let existed = cx
        .ws
        .problems_dir()
        .join(slug)
        .join("problem.toml")
        .is_file();
    let created = scaffold::new_problem(&cx.ws, &p)?;
    let mut text = if existed {
        format!("added to problem `{slug}`:\n")
    } else {
        format!("created problem `{slug}`:\n")
    };
    for path in created {
        text.push_str(&format!("  {}\n", cx.ws.display(&path)));
    }
    if existed {
        if extras.contains(&Extra::Checker) {
            text.push_str(
                "note: set compare = \"checker\" in its problem.toml (or on the cases that \
                 need it): a checker no case uses is refused\n",
            );
        }
    } else {
        let solution = scaffold::solution_path(&cx.ws, slug, lang);
        text.push_str(&first_steps(slug, &cx.ws.display(&solution).to_string()));
    }
    text.push_str(&harder(slug, extras));
    print(&text)?;
    Ok(exit::PASSED)
}

/// What to do with a problem just made: the sample, the solution, a run.
fn first_steps(slug: &str, solution: &str) -> String {
    let r = crate::invoked::command();
    format!(
        "next: put the statement's sample in fixtures/{slug}.toml, write the solution \
         ({solution}), then\n\
         \x20 {r} {slug}                    # judge the solution on every case\n"
    )
}

/// How to test the problem's tests harder, with the programs written or still to ask for.
fn harder(slug: &str, extras: &[Extra]) -> String {
    let r = crate::invoked::command();
    let missing: Vec<&str> = [Extra::Validator, Extra::Brute, Extra::Generator]
        .into_iter()
        .filter(|e| !extras.contains(e))
        .map(Extra::flag)
        .collect();
    let mut text = String::new();
    if !missing.is_empty() {
        text.push_str(&format!(
            "to test the tests: `{r} new {slug} {}` adds the programs that check them (a \
             validator, a brute force, a generator), each a placeholder to write\n",
            missing.join(" ")
        ));
    }
    let has = |e: Extra| extras.contains(&e);
    if has(Extra::Brute) {
        text.push_str(&format!(
            "\x20 {r} run {slug} --brute my.in   # the brute force's output for an input of yours\n"
        ));
    }
    if has(Extra::Brute) || has(Extra::Validator) {
        text.push_str(&format!(
            "\x20 {r} verify {slug}             # validator and brute force on every case\n"
        ));
    }
    if has(Extra::Brute) && has(Extra::Generator) {
        text.push_str(&format!(
            "\x20 {r} stress {slug}             # the solution against the brute force on random inputs\n"
        ));
    }
    text
}
