//! `runner new SLUG`: scaffolds a problem (or adds the programs that test its tests to one that
//! exists) and says what to do next.

use std::path::Path;

use anyhow::{bail, Context as _, Result};

use super::context::{print, Context};
use judging::exit;
use judging::scaffold::{self, Extra, Lang, NewProblem};

pub fn new(cx: &Context, a: &super::NewArgs) -> Result<u8> {
    let (slug, extras, game) = (a.slug.as_str(), &a.extras()[..], a.game.as_deref());
    let lang = match a.lang.map(Lang::from) {
        Some(l) => l,
        None => cx.lang()?,
    };
    let game_files = match game {
        Some(file) => Some(game_files(slug, file)?),
        None => None,
    };
    let p = NewProblem {
        slug,
        lang,
        extras,
        game: game_files.as_ref(),
    };
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
    if game.is_some() {
        let r = crate::invoked::command();
        text.push_str(&format!(
            "the game's files: its brute force, validator, generator and fixture cases use a \
             default format (T test cases of heaps; First/Second): edit them to the statement's, \
             then\n\x20 {r} verify {slug}             # validator and brute force on every case\n\
             \x20 {r} stress {slug}             # the solution against the brute force\n"
        ));
    } else {
        text.push_str(&harder(slug, extras));
    }
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

/// `--game FILE`: the heap game of the file, solved, as the new problem's files.
fn game_files(slug: &str, file: &Path) -> Result<games::problem::Files> {
    let game_file = games::file::read_file(file)?;
    let Some(game) = game_file.heap() else {
        bail!(
            "{}: a move program's game: `runner new --game` makes problems on heap games (their \
             brute force is generated from the rules); write a move program's problem by hand",
            file.display()
        );
    };
    let text =
        std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let max = game_file
        .max
        .unwrap_or_else(|| games::solve::default_max(game));
    let report = games::solve::solve(game, max, &games::solve::Quiet);
    Ok(games::problem::files(&games::problem::Setter {
        slug,
        game,
        report: &report,
        game_toml: &text,
    }))
}
