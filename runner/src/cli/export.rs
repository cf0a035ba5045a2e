//! `runner export <slug> --kattis DIR`: the problem as a Kattis problem package (the legacy
//! format, as problemtools' verifyproblem reads it) in DIR ([`package_formats::kattis_export`]).
//! The wrong solutions are judged first on the package's cases, in their order, so that each
//! goes under the category of the verdict Kattis will give it.

use std::path::{Path, PathBuf};

use anyhow::Result;

use super::context::{find_problem, print, Context};
use judging::exit;
use judging::FirstRejections;
use judging::Problem;
use judging::LOCAL;
use package_formats::confine::Confined;
use package_formats::kattis_export::{self, Exported};

pub fn export(cx: &Context, slug: &str, dir: &Path) -> Result<u8> {
    let problems = cx.discover()?;
    find_problem(&problems, slug)?;
    let (problem, cases) = cx.load_one(&problems, slug, &[])?;
    let mut notes = Vec::new();
    let exported = kattis_export::cases_of(&problem, &cases, &mut notes);
    let firsts = first_rejections(cx, &problem, &exported)?;
    let pkg = kattis_export::package(&problem, &exported, &cx.kinds, &firsts, notes)?;
    let ws = &cx.ws;
    let mut roots = Vec::new();
    for d in [
        problem.dir.clone(),
        ws.problems_dir().join(judging::SHARED),
        ws.fixtures_dir(),
        ws.solutions_dir(),
    ] {
        if d.exists() {
            roots.push(Confined::new(&d)?);
        }
    }
    kattis_export::write(dir, &pkg, &roots)?;
    let mut text = format!(
        "exported `{slug}` as a Kattis package in {} ({} files)\n",
        dir.display(),
        pkg.files.len()
    );
    for n in &pkg.notes {
        text.push_str(&format!("  note: {n}\n"));
    }
    text.push_str(&format!(
        "  check it: verifyproblem {} (problemtools; the folder's name is the package's short name)\n",
        dir.display()
    ));
    print(&text)?;
    Ok(exit::PASSED)
}

/// Each wrong solution judged on every case of the package, in its order, with the `local`
/// profile (a package's submissions are built by the judge's own compilers, not the profile of
/// the problem's judge): the first verdict other than AC.
fn first_rejections(
    cx: &Context,
    problem: &Problem,
    cases: &[Exported],
) -> Result<FirstRejections> {
    let sources: Vec<PathBuf> = problem.wrong.iter().map(|w| w.source.clone()).collect();
    let cases = cases.iter().map(|e| e.case.clone()).collect();
    cx.first_rejections(problem, cases, &sources, LOCAL)
}
